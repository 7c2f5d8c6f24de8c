/**
 * The per-route part of the recipe on every core: render workers (render-worker.ts) each take
 * a share of the routes and stream their files back; this generator hands them to the atomic
 * writer as they come and acknowledges each batch once the writer has taken it. The bytes are
 * the same as the in-process path's (tests/integration/build.test.ts compares them); only the
 * order in which files are written differs, and nothing depends on that order.
 */
import type { RenderAssets } from "../render/index.js";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { OutputFile } from "../emit/index.js";
import type { BuildError } from "../errors/index.js";
import type { StageTimer } from "../log/index.js";
import type { Dataset } from "../model/index.js";
import type { RouteKind } from "../routes/index.js";
import { routeFailures } from "./render-route.js";
import { deserializeError, type WorkerData, type WorkerMessage } from "./worker-protocol.js";

export interface RenderPoolOptions {
  dataset: Dataset;
  assets: RenderAssets;
  workers: number;
  timer: StageTimer;
  counts: Partial<Record<RouteKind, number>>;
}

/**
 * The compiled worker next to the running module (dist/render-worker.js). Running from the
 * TypeScript sources (tests, tsx) there is none, and the build renders in this thread.
 */
export function renderWorkerFile(): string | null {
  const file = fileURLToPath(new URL("./render-worker.js", import.meta.url));
  return existsSync(file) ? file : null;
}

interface Inbox {
  messages: { worker: Worker; message: WorkerMessage }[];
  failure: Error | null;
  wake: (() => void) | null;
}

export async function* renderInWorkers(options: RenderPoolOptions, workerFile: string): AsyncGenerator<OutputFile> {
  const inbox: Inbox = { messages: [], failure: null, wake: null };
  const notify = () => inbox.wake?.();
  const workers = Array.from({ length: options.workers }, (_, index) => {
    const workerData: WorkerData = { dataset: options.dataset, assets: options.assets, index, count: options.workers };
    const worker = new Worker(workerFile, { workerData });
    worker.on("message", (message: WorkerMessage) => {
      inbox.messages.push({ worker, message });
      notify();
    });
    worker.on("error", (error) => {
      inbox.failure ??= error;
      notify();
    });
    worker.on("exit", (code) => {
      if (code !== 0) inbox.failure ??= new Error(`a render worker exited with code ${code}`);
      notify();
    });
    return worker;
  });

  const errors: BuildError[] = [];
  let bindMs = 0;
  let renderMs = 0;
  let running = workers.length;
  try {
    while (running > 0) {
      if (inbox.failure) throw inbox.failure;
      const next = inbox.messages.shift();
      if (!next) {
        await new Promise<void>((resolve) => (inbox.wake = resolve));
        continue;
      }
      const { worker, message } = next;
      if (message.type === "done") {
        running -= 1;
        continue;
      }
      errors.push(...message.errors.map(deserializeError));
      for (const kind of message.kinds) options.counts[kind] = (options.counts[kind] ?? 0) + 1;
      bindMs += message.bindMs;
      renderMs += message.renderMs;
      yield* message.files;
      worker.postMessage("ack");
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  // Workers run side by side: report the CPU time of bind and render across them.
  options.timer.record("bind", bindMs);
  options.timer.record("render", renderMs);
  if (errors.length > 0) throw routeFailures(options.dataset.partner.partner, errors);
}
