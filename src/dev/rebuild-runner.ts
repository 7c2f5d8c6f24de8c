/**
 * Runs dev rebuilds one at a time in a worker thread (dist/dev-worker.js) that can be replaced
 * after a template or code change, so the next build imports the new templates. From the
 * TypeScript sources (tests through tsx) there is no compiled worker: rebuilds run in this
 * thread and template changes need a restart.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { runRebuild, type DevBuildOptions, type RebuildOutcome } from "./run-rebuild.js";

export interface RebuildRunner {
  build(options: DevBuildOptions): Promise<RebuildOutcome>;
  /** Replace the worker (after dist/ was recompiled). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export function devWorkerFile(): string | null {
  const file = fileURLToPath(new URL("./dev-worker.js", import.meta.url));
  return existsSync(file) ? file : null;
}

export function createRebuildRunner(workerFile = devWorkerFile()): RebuildRunner {
  if (!workerFile) return { build: runRebuild, restart: async () => {}, close: async () => {} };
  let worker = new Worker(workerFile);
  return {
    build: (options) =>
      new Promise<RebuildOutcome>((resolve) => {
        const onMessage = (outcome: RebuildOutcome) => {
          worker.off("error", onError);
          resolve(outcome);
        };
        const onError = (error: Error) => {
          worker.off("message", onMessage);
          resolve({ ok: false, message: `cinema-build: internal error (a bug in cinema-build): ${error.stack ?? error.message}` });
          worker = new Worker(workerFile);
        };
        worker.once("message", onMessage);
        worker.once("error", onError);
        worker.postMessage(options);
      }),
    restart: async () => {
      await worker.terminate();
      worker = new Worker(workerFile);
    },
    close: async () => {
      await worker.terminate();
    },
  };
}
