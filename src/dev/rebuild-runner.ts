/**
 * Runs dev rebuilds in a worker thread (dist/dev-worker.js) that can be replaced after a
 * template or code change, so the next build imports the new templates. From the TypeScript
 * sources (tests through tsx) there is no compiled worker: rebuilds run in this thread and
 * template changes need a restart.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import {
  createRebuildHost,
  type DevBuildOptions,
  type FollowUpOutcome,
  type RebuildMessage,
  type RebuildOutcome,
  type RebuildRequest,
} from "./run-rebuild.js";

export interface RebuildRunner {
  /** Rebuilds the site from the content (the first call builds it). */
  build(options: DevBuildOptions): Promise<RebuildOutcome>;
  /** Rewrites the stylesheet, or rebuilds the client bundles, of the built site. */
  stylesheet(): Promise<RebuildOutcome>;
  bundles(): Promise<RebuildOutcome>;
  /** Replace the worker (after dist/ was recompiled); the next build starts a new session. */
  restart(): Promise<void>;
  close(): Promise<void>;
  /** Stops the worker at once, whatever it is doing (SIGINT/SIGTERM: src/emit/interrupt.ts). */
  abort(): Promise<void>;
}

export function devWorkerFile(): string | null {
  const file = fileURLToPath(new URL("./dev-worker.js", import.meta.url));
  return existsSync(file) ? file : null;
}

/** `onFollowUp` hears each rebuild's follow-up (search index, links, lint) after its outcome. */
export function createRebuildRunner(
  onFollowUp: (followUp: FollowUpOutcome) => void,
  workerFile = devWorkerFile(),
): RebuildRunner {
  const pending = new Map<number, (outcome: RebuildOutcome) => void>();
  let next = 0;
  const idle = new Map<number, () => void>();
  const receive = (message: RebuildMessage) => {
    if (message.kind === "follow-up") return onFollowUp(message.followUp);
    if (message.kind === "idle") {
      idle.get(message.id)?.();
      idle.delete(message.id);
      return;
    }
    pending.get(message.id)?.(message.outcome);
    pending.delete(message.id);
  };
  /** Waits until the last follow-up is done (a search index process is never cut off), at most 30 s. */
  const settle = () =>
    new Promise<void>((resolve) => {
      const id = (next += 1);
      const timer = setTimeout(resolve, 30_000);
      idle.set(id, () => {
        clearTimeout(timer);
        resolve();
      });
      transport.send({ id, kind: "idle" });
    });
  const transport = workerFile ? workerTransport(workerFile, receive, pending) : threadTransport(receive);
  const request = (kind: RebuildRequest["kind"], options?: DevBuildOptions) =>
    new Promise<RebuildOutcome>((resolve) => {
      const id = (next += 1);
      pending.set(id, resolve);
      transport.send(kind === "build" ? { id, kind, options: options! } : { id, kind });
    });
  return {
    build: (options) => request("build", options),
    stylesheet: () => request("stylesheet"),
    bundles: () => request("bundles"),
    restart: async () => {
      await settle();
      await transport.restart();
    },
    close: async () => {
      await settle();
      await transport.close();
    },
    abort: () => transport.close(),
  };
}

interface Transport {
  send(request: RebuildRequest): void;
  restart(): Promise<void>;
  close(): Promise<void>;
}

function workerTransport(
  file: string,
  receive: (message: RebuildMessage) => void,
  pending: Map<number, (outcome: RebuildOutcome) => void>,
): Transport {
  let worker: Worker;
  const start = () => {
    worker = new Worker(file);
    worker.on("message", receive);
    worker.on("error", (error) => {
      // A crash loses the session: every waiting request fails, the next build starts afresh.
      for (const resolve of pending.values())
        resolve({
          ok: false,
          message: `cinema-build: internal error (a bug in cinema-build): ${error.stack ?? error.message}`,
        });
      pending.clear();
      start();
    });
  };
  start();
  return {
    send: (request) => worker.postMessage(request),
    restart: async () => {
      await worker.terminate();
      start();
    },
    close: async () => void (await worker.terminate()),
  };
}

/** Without a compiled worker: the same host in this thread (a restart starts a new session). */
function threadTransport(receive: (message: RebuildMessage) => void): Transport {
  let host = createRebuildHost(receive);
  return {
    send: (request) => void host.handle(request),
    restart: async () => void (host = createRebuildHost(receive)),
    close: async () => {},
  };
}
