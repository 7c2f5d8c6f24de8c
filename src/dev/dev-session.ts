/**
 * `cinema-build dev` (issue 15): build, serve like `preview`, watch, rebuild what a save
 * affects, and tell open browsers (server-sent events) to reload, swap the stylesheet or show
 * the error overlay. A failed rebuild never stops the loop: the last good site stays served
 * (the build's atomic swap) and the next good save recovers.
 */
import { spawn } from "node:child_process";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { bundleClient, writeFilesInPlace } from "../emit/index.js";
import { packageRoot } from "../emit/package-root.js";
import { planStylesheet } from "../render/stylesheet.js";
import { planOf, type ChangeBatch } from "./classify-change.js";
import { bundleDevClient } from "./dev-client-bundle.js";
import { DEV_CLIENT_URL, DEV_EVENTS_URL, type DevEvent } from "./dev-protocol.js";
import { startPreviewServer } from "./preview-server.js";
import { createRebuildRunner } from "./rebuild-runner.js";
import type { DevBuildOptions, RebuildOutcome } from "./run-rebuild.js";
import { watchInBatches } from "./watch-batches.js";

export interface DevOptions extends DevBuildOptions {
  partner: string | number;
  partnersDir: string;
  port?: number;
  /** Where each line of the dev log goes (terminal). */
  log?: (line: string) => void;
}

export interface DevRebuild {
  /** What triggered it ('start', or the changed files). */
  trigger: string;
  plan: "build" | "recompile" | "bundles" | "stylesheet";
  ok: boolean;
  ms: number;
  /** The failure or lint text shown in the overlay, if any. */
  message: string | null;
  /** Paths rendered by this rebuild (the others were reused from the build cache), when it built the site. */
  rendered: string[] | null;
  /** Routes reused from the build cache. */
  reused: number | null;
}

export interface DevSession {
  url: string;
  out: string;
  /** Every rebuild so far, oldest first (tests and the timings report read it). */
  rebuilds: DevRebuild[];
  /** Resolves after the rebuilds of every batch seen so far. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export async function startDev(options: DevOptions): Promise<DevSession> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const root = packageRoot();
  const out = path.resolve(options.out ?? path.join("output", `${options.partner}-dev`));
  const buildOptions: DevBuildOptions = { partner: options.partner, partnersDir: options.partnersDir, source: options.source, apiUrl: options.apiUrl, memberUrl: options.memberUrl, now: options.now, out, env: options.env };
  const runner = createRebuildRunner();
  const clients = new Set<ServerResponse>();
  const rebuilds: DevRebuild[] = [];
  let lastError: string | null = null;
  const devClient = await bundleDevClient(root);

  const broadcast = (event: DevEvent) => {
    for (const client of clients) client.write(`data: ${JSON.stringify(event)}\n\n`);
  };

  const record = (trigger: string, plan: DevRebuild["plan"], started: number, outcome: RebuildOutcome | null, failure?: string) => {
    const message = failure ?? (outcome?.ok ? outcome.lint : outcome?.message) ?? null;
    const ok = failure === undefined && (outcome?.ok ?? true);
    const rendered = outcome?.ok ? outcome.summary.rendered : null;
    const reused = outcome?.ok ? outcome.summary.reused : null;
    const rebuild: DevRebuild = { trigger, plan, ok, ms: Math.round(performance.now() - started), message, rendered, reused };
    rebuilds.push(rebuild);
    log(formatRebuild(rebuild));
    if (message) log(message);
    lastError = message;
    return rebuild;
  };

  /** Runs one batch's plan; never throws (errors are reported and the loop goes on). */
  const apply = async (batch: ChangeBatch) => {
    const plan = planOf(batch.kinds);
    if (!plan) return;
    const trigger = batch.files.map(showPath).join(", ");
    const started = performance.now();
    try {
      if (plan === "stylesheet") {
        const stylesheet = planStylesheet({ stableName: true, fresh: true });
        await writeFilesInPlace(out, [stylesheet.file]);
        record(trigger, plan, started, null);
        return broadcast(lastErrorEvent() ?? { type: "css", href: stylesheet.url });
      }
      if (plan === "bundles") {
        const client = await bundleClient({ stableNames: true });
        await writeFilesInPlace(out, client.files);
        record(trigger, plan, started, null);
        return broadcast({ type: "reload", changed: client.files.map((file) => file.path) });
      }
      if (plan === "recompile") {
        await recompile(root);
        await runner.restart();
      }
      const outcome = await runner.build(buildOptions);
      const rebuild = record(trigger, plan, started, outcome);
      broadcast(rebuild.ok && !rebuild.message ? { type: "reload", changed: batch.files } : { type: "error", message: rebuild.message ?? "" });
    } catch (error) {
      record(trigger, plan, started, null, error instanceof Error ? error.message : String(error));
      broadcast({ type: "error", message: lastError ?? "" });
    }
  };
  const lastErrorEvent = (): DevEvent | null => (lastError ? { type: "error", message: lastError } : null);

  // Batches run one after another; a save during a rebuild waits for it.
  let queue = Promise.resolve();
  const enqueue = (batch: ChangeBatch) => (queue = queue.then(() => apply(batch)));

  const started = performance.now();
  const first = await runner.build(buildOptions);
  record("start", "build", started, first);
  if (!first.ok) {
    await runner.close();
    throw new DevStartError(first.message);
  }

  const server = await startPreviewServer({ root: out, port: options.port ?? 4179, intercept: (req, res) => serveDev(req, res) });
  const partnerDir = path.resolve(options.partnersDir, String(options.partner));
  const watcher = watchInBatches([partnerDir, path.join(root, "templates"), path.join(root, "client"), path.join(root, "src")], { root, partnerDir }, enqueue);
  await watcher.ready;

  function serveDev(req: IncomingMessage, res: ServerResponse): boolean {
    const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
    if (pathname === DEV_CLIENT_URL) {
      res.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache" });
      res.end(devClient);
      return true;
    }
    if (pathname !== DEV_EVENTS_URL) return false;
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    res.write(": cinema-build dev\n\n");
    const current = lastErrorEvent();
    if (current) res.write(`data: ${JSON.stringify(current)}\n\n`);
    clients.add(res);
    req.on("close", () => clients.delete(res));
    return true;
  }

  return {
    url: server.url,
    out,
    rebuilds,
    settled: async () => {
      // Let the watcher's quiet period pass, then wait for the queue.
      await new Promise((resolve) => setTimeout(resolve, 60));
      await queue;
    },
    close: async () => {
      await watcher.close();
      for (const client of clients) client.end();
      await server.close();
      await runner.close();
    },
  };
}

/** The first build failed: nothing to serve yet. */
export class DevStartError extends Error {}

/** Templates and src/ are compiled into dist/ (what the worker imports): the same script as `npm install`. */
function recompile(root: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "scripts", "compile.mjs")], { cwd: root, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`compiling templates failed:\n${stderr.trim()}`))));
  });
}

/** Relative to the working directory when inside it, else absolute. */
function showPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith("..") ? relative : path.resolve(file);
}

/** '3 pages rendered (/a, /b, /c)', the first few named. */
function describeRendered(paths: string[]): string {
  const shown = paths.slice(0, 6).join(", ");
  const more = paths.length > 6 ? `, … ${paths.length - 6} more` : "";
  return `${paths.length} page${paths.length === 1 ? "" : "s"} rendered${paths.length > 0 ? ` (${shown}${more})` : ""}`;
}

function formatRebuild(rebuild: DevRebuild): string {
  const what = rebuild.plan === "stylesheet" ? "stylesheet rewritten" : rebuild.plan === "bundles" ? "client bundles rebuilt" : rebuild.rendered !== null ? `${describeRendered(rebuild.rendered)}, ${rebuild.reused} reused` : "site not rebuilt";
  return `${rebuild.ok ? "✓" : "✗"} ${rebuild.trigger}: ${what} in ${rebuild.ms} ms${rebuild.ok ? "" : " (the last good site is still served)"}`;
}
