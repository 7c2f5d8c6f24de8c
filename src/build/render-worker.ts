/**
 * A render worker (compiled to dist/render-worker.js): takes every `count`-th route starting at
 * `index`, renders it with the same code as the in-process path (render-route.ts) and posts
 * the files back in small batches. At most two batches are unacknowledged at a time, so a
 * worker never runs far ahead of the disk (the writer acknowledges what it has taken).
 */
import { parentPort, workerData } from "node:worker_threads";
import { listProgrammeDayPages } from "../render/programme-window.js";
import { expandRoutes } from "../routes/index.js";
import { createRouteRenderDeps, renderRoute } from "./render-route.js";
import { serializeErrors, type WorkerData, type WorkerMessage } from "./worker-protocol.js";

const BATCH = 16;
const { dataset, assets, index, count } = workerData as WorkerData;
const port = parentPort!;
let acknowledged = 0;
let wake: (() => void) | null = null;
port.on("message", () => {
  acknowledged += 1;
  wake?.();
});

const deps = createRouteRenderDeps(dataset, assets);
const routes = expandRoutes({ partner: deps.partner, pages: dataset.site.pages, selectRecords: deps.resolver.selectRecords, programmeDays: listProgrammeDayPages(deps.resolver) }).filter((_, i) => i % count === index);

let sent = 0;
for (let start = 0; start < routes.length; start += BATCH) {
  const message: WorkerMessage = { type: "batch", files: [], kinds: [], errors: [], bindMs: 0, renderMs: 0 };
  for (const route of routes.slice(start, start + BATCH)) {
    const result = renderRoute(deps, route);
    if (Array.isArray(result)) {
      message.errors.push(...serializeErrors(result));
      continue;
    }
    message.files.push(...result.files);
    message.kinds.push(route.kind);
    message.bindMs += result.bindMs;
    message.renderMs += result.renderMs;
  }
  while (sent - acknowledged >= 2) await new Promise<void>((resolve) => (wake = resolve));
  port.postMessage(message);
  sent += 1;
}
port.postMessage({ type: "done" } satisfies WorkerMessage);
