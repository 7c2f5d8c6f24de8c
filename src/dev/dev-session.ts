/**
 * `cinema-build dev` (docs/dev.md): build, serve like `preview`, watch, rebuild what a save
 * affects, and tell open browsers (server-sent events) to reload, swap the stylesheet or show
 * the error overlay. A failed rebuild never stops the loop: the last good site stays served
 * (the build's atomic swap) and the next good save recovers.
 */
import { spawn } from "node:child_process";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { packageRoot } from "../shared/package-root.js";
import { showPath } from "../shared/show-path.js";
import { STABLE_STYLESHEET_PATH } from "../render/stylesheet.js";
import { planOf, type ChangeBatch } from "./classify-change.js";
import { bundleDevClient } from "./dev-client-bundle.js";
import { DEV_CLIENT_URL, DEV_EVENTS_URL, type DevEvent } from "../isomorphic/dev-protocol.js";
import { isLoopbackHost, MISDIRECTED } from "./loopback-host.js";
import { startPreviewServer } from "./preview-server.js";
import { createRebuildRunner, type RebuildRunner } from "./rebuild-runner.js";
import { locateRouteCache, removeOwnTemporaryEntries } from "../render/stage/route-cache.js";
import { onInterrupt } from "../emit/interrupt.js";
import { removeUnfinishedBuilds } from "../emit/write-output.js";
import type { DevBuildOptions, FollowUpOutcome, RebuildOutcome } from "./run-rebuild.js";
import { watchInBatches } from "./watch-batches.js";

export interface DevOptions extends Omit<DevBuildOptions, "out"> {
  /** The served folder; default output/<partner>-dev. */
  out?: string;
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
  /** Paths of the routes rendered by this rebuild (their inputs changed), when it built the site. */
  rendered: string[] | null;
  /** Routes whose inputs did not change: neither rendered nor written. */
  reused: number | null;
  /** Files written (their bytes changed) and deleted. */
  written: string[] | null;
  removed: string[] | null;
  /** Time inside the build session, from the request to the last file written (the rebuild figure of docs/performance.md), and per stage. */
  sessionMs: number | null;
  timings: { stage: string; ms: number }[] | null;
}

export interface DevSession {
  url: string;
  out: string;
  /** Every rebuild so far, oldest first (tests and the timings report read it). */
  rebuilds: DevRebuild[];
  /** What ran after each rebuild's reload (search index, links, lint), oldest first. */
  followUps: FollowUpOutcome[];
  /** Resolves after the rebuilds of every batch seen so far. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export async function startDev(options: DevOptions): Promise<DevSession> {
  const root = packageRoot();
  const out = path.resolve(options.out ?? path.join("output", `${options.partner}-dev`));
  const buildOptions: DevBuildOptions = {
    partner: options.partner,
    partnersDir: options.partnersDir,
    source: options.source,
    apiUrl: options.apiUrl,
    memberUrl: options.memberUrl,
    now: options.now,
    out,
    env: options.env,
  };
  const loop: DevLoop = {
    log: options.log ?? ((line: string) => process.stdout.write(`${line}\n`)),
    clients: new Set(),
    rebuilds: [],
    followUps: [],
    lastError: null,
  };
  const devClient = await bundleDevClient(root);
  const runner = createRebuildRunner((outcome) => reportFollowUp(loop, outcome));

  // Batches run one after another; a save during a rebuild waits for it.
  let queue = Promise.resolve();
  const enqueue = (batch: ChangeBatch) =>
    (queue = queue.then(() => applyBatch(loop, runner, root, buildOptions, batch)));

  await buildFirst(loop, runner, buildOptions);
  const server = await startPreviewServer({
    root: out,
    port: options.port ?? 4179,
    intercept: (req, res) => serveDevRequest(loop, devClient, req, res),
  });
  const partnerDir = path.resolve(options.partnersDir, String(options.partner));
  const watcher = watchInBatches(
    [partnerDir, path.join(root, "templates"), path.join(root, "client"), path.join(root, "src")],
    { root, partnerDir },
    enqueue,
  );
  await watcher.ready;

  return {
    url: server.url,
    out,
    rebuilds: loop.rebuilds,
    followUps: loop.followUps,
    settled: async () => {
      // Let the watcher's quiet period pass, then wait for the queue.
      await new Promise((resolve) => setTimeout(resolve, 60));
      await queue;
    },
    close: async () => {
      await watcher.close();
      for (const client of loop.clients) client.end();
      await server.close();
      await runner.close();
    },
  };
}

/** What the dev loop has told and shows: the open event streams, every rebuild and follow-up so far, the error on show. */
interface DevLoop {
  /** Where each line of the dev log goes. */
  log: (line: string) => void;
  /** Browsers listening for events (server-sent events). */
  clients: Set<ServerResponse>;
  rebuilds: DevRebuild[];
  followUps: FollowUpOutcome[];
  /** The failure or lint text the overlay shows, until the content is good again. */
  lastError: string | null;
}

function broadcast(loop: DevLoop, event: DevEvent): void {
  for (const client of loop.clients) client.write(`data: ${JSON.stringify(event)}\n\n`);
}

function lastErrorEvent(loop: DevLoop): DevEvent | null {
  return loop.lastError ? { type: "error", message: loop.lastError } : null;
}

/**
 * The first build, before anything is served. A signal during it (src/emit/interrupt.ts): the
 * worker is stopped, then what this run made is removed by name (the worker's own cleanups
 * cannot hear the signal).
 */
async function buildFirst(loop: DevLoop, runner: RebuildRunner, buildOptions: DevBuildOptions): Promise<void> {
  const started = performance.now();
  const forget = onInterrupt(async () => {
    await runner.abort();
    await removeUnfinishedBuilds(buildOptions.out);
    removeOwnTemporaryEntries(locateRouteCache(buildOptions.out));
  });
  const first = await runner.build(buildOptions).finally(forget);
  recordRebuild(loop, "start", "build", started, first);
  if (!first.ok) {
    await runner.close();
    throw new DevStartError(first.message);
  }
}

/** Runs one batch's plan; never throws (errors are reported and the loop goes on). */
async function applyBatch(
  loop: DevLoop,
  runner: RebuildRunner,
  root: string,
  buildOptions: DevBuildOptions,
  batch: ChangeBatch,
): Promise<void> {
  const plan = planOf(batch.kinds);
  if (!plan) return;
  const trigger = batch.files.map(showPath).join(", ");
  const started = performance.now();
  try {
    if (plan === "stylesheet" || plan === "bundles") {
      const rebuild = recordRebuild(
        loop,
        trigger,
        plan,
        started,
        plan === "stylesheet" ? await runner.stylesheet() : await runner.bundles(),
      );
      if (!rebuild.ok) return broadcast(loop, { type: "error", message: rebuild.message ?? "" });
      return broadcast(
        loop,
        lastErrorEvent(loop) ??
          (plan === "stylesheet"
            ? { type: "css", href: `/${STABLE_STYLESHEET_PATH}` }
            : { type: "reload", changed: rebuild.written ?? [] }),
      );
    }
    if (plan === "recompile") {
      await recompile(root);
      await runner.restart();
    }
    const outcome = await runner.build(buildOptions);
    const rebuild = recordRebuild(loop, trigger, plan, started, outcome);
    broadcast(
      loop,
      rebuild.ok ? { type: "reload", changed: batch.files } : { type: "error", message: rebuild.message ?? "" },
    );
  } catch (error) {
    recordRebuild(loop, trigger, plan, started, null, error instanceof Error ? error.message : String(error));
    broadcast(loop, { type: "error", message: loop.lastError ?? "" });
  }
}

function recordRebuild(
  loop: DevLoop,
  trigger: string,
  plan: DevRebuild["plan"],
  started: number,
  outcome: RebuildOutcome | null,
  failure?: string,
): DevRebuild {
  const message = failure ?? (outcome && !outcome.ok ? outcome.message : null);
  const summary = outcome?.ok ? outcome.summary : null;
  const built = plan === "build" || plan === "recompile";
  const rebuild: DevRebuild = {
    trigger,
    plan,
    ok: message === null,
    ms: Math.round(performance.now() - started),
    message,
    rendered: summary && built ? summary.rendered : null,
    reused: summary && built ? summary.reused : null,
    written: summary?.written ?? null,
    removed: summary?.removed ?? null,
    sessionMs: summary ? Math.round(summary.sessionMs) : null,
    timings: summary?.timings ?? null,
  };
  loop.rebuilds.push(rebuild);
  loop.log(formatRebuild(rebuild));
  if (message) loop.log(message);
  // A stylesheet or bundle save does not make the content good again: an error stays shown.
  if (built || message) loop.lastError = message;
  return rebuild;
}

/** After a rebuild's reload: the search index, links and lint; a lint error shows the overlay. */
function reportFollowUp(loop: DevLoop, outcome: FollowUpOutcome): void {
  loop.followUps.push(outcome);
  if (outcome.stale) return;
  loop.log(formatFollowUp(outcome));
  const problem = outcome.failure ?? outcome.lint;
  if (problem) {
    loop.log(problem);
    loop.lastError = problem;
    broadcast(loop, { type: "error", message: problem });
  } else if (outcome.pages.length > 0)
    broadcast(loop, { type: "reload", changed: outcome.pages, pages: outcome.pages });
}

/** The dev server's own answers: the dev client's script and the event stream (a new listener hears the error on show). */
function serveDevRequest(loop: DevLoop, devClient: string, req: IncomingMessage, res: ServerResponse): boolean {
  if (!isLoopbackHost(req.headers.host)) {
    res.writeHead(MISDIRECTED.status, { "content-type": "text/plain; charset=utf-8" });
    res.end(MISDIRECTED.body);
    return true;
  }
  const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
  if (pathname === DEV_CLIENT_URL) {
    res.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache" });
    res.end(devClient);
    return true;
  }
  if (pathname !== DEV_EVENTS_URL) return false;
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  res.write(": cinema-build dev\n\n");
  const current = lastErrorEvent(loop);
  if (current) res.write(`data: ${JSON.stringify(current)}\n\n`);
  loop.clients.add(res);
  req.on("close", () => loop.clients.delete(res));
  return true;
}

/** The first build failed: nothing to serve yet. */
export class DevStartError extends Error {}

/** Templates and src/ are compiled into dist/ (what the worker imports): the same script as `npm install`. */
function recompile(root: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "scripts", "compile.mjs")], {
      cwd: root,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`compiling templates failed:\n${stderr.trim()}`)),
    );
  });
}

/** '3 pages rendered (/a, /b, /c)', the first few named. */
function describeRendered(paths: string[]): string {
  const shown = paths.slice(0, 6).join(", ");
  const more = paths.length > 6 ? `, … ${paths.length - 6} more` : "";
  return `${paths.length} page${paths.length === 1 ? "" : "s"} rendered${paths.length > 0 ? ` (${shown}${more})` : ""}`;
}

function describeFiles(rebuild: DevRebuild): string {
  const written = rebuild.written?.length ?? 0;
  const removed = rebuild.removed?.length ?? 0;
  return `${written} file${written === 1 ? "" : "s"} written${removed > 0 ? `, ${removed} deleted` : ""}`;
}

function formatRebuild(rebuild: DevRebuild): string {
  const what =
    rebuild.plan === "stylesheet"
      ? `stylesheet rewritten, ${describeFiles(rebuild)}`
      : rebuild.plan === "bundles"
        ? `client bundles rebuilt, ${describeFiles(rebuild)}`
        : rebuild.rendered !== null
          ? `${describeRendered(rebuild.rendered)}, ${rebuild.reused} reused, ${describeFiles(rebuild)}`
          : "site not rebuilt";
  const session = rebuild.sessionMs !== null ? ` (${rebuild.sessionMs} ms in the build session)` : "";
  const deferred = rebuild.ok && rebuild.rendered !== null ? "; search index, links and lint follow" : "";
  return `${rebuild.ok ? "✓" : "✗"} ${rebuild.trigger}: ${what} in ${rebuild.ms} ms${session}${rebuild.ok ? deferred : " (the last good site is still served)"}`;
}

/** '  ↳ after the reload: search index rebuilt (1 page written again), 19759 links in 240 pages, 0 broken, lint clean (410 ms)' */
function formatFollowUp(outcome: FollowUpOutcome): string {
  if (outcome.failure) return "  ↳ after the reload: failed";
  const parts: string[] = [];
  const content = outcome.links !== null;
  if (content)
    parts.push(
      outcome.search === "none"
        ? "no search index"
        : outcome.search === "unchanged"
          ? "search index unchanged"
          : `search index rebuilt (${outcome.pages.length} page${outcome.pages.length === 1 ? "" : "s"} written again)`,
    );
  if (!content || outcome.written.length > 0)
    parts.push(
      `${outcome.written.length} file${outcome.written.length === 1 ? "" : "s"} written${outcome.written.length > 0 && outcome.written.length <= 3 ? ` (${outcome.written.join(", ")})` : ""}`,
    );
  if (outcome.links)
    parts.push(
      `${outcome.links.checked} links in ${outcome.links.pages} pages, ${outcome.links.broken.length} broken${outcome.links.broken.length > 0 ? `: ${outcome.links.broken.slice(0, 5).join("; ")}` : ""}`,
    );
  if (content) parts.push(outcome.lint ? "lint errors" : "lint clean");
  return `  ↳ after the reload: ${parts.join(", ")} (${Math.round(outcome.ms)} ms)`;
}
