/**
 * A render worker (compiled to dist/render-worker.js): takes every `count`-th route starting at
 * `index`, renders it with the same code as the in-process path (render-route.ts) and posts
 * the files back in small batches. At most two batches are unacknowledged at a time, so a
 * worker never runs far ahead of the disk (the writer acknowledges what it has taken).
 */
import { parentPort, workerData } from "node:worker_threads";
import { createPageResolver } from "../bind/index.js";
import type { Dataset } from "../model/index.js";
import { createRenderer } from "../render/index.js";
import { expandRoutes } from "../routes/index.js";
import { renderRoute } from "./render-route.js";
import { createStructuredDataInputs } from "./structured-data-input.js";
import { serializeErrors, type WorkerData, type WorkerMessage } from "./worker-protocol.js";

const BATCH = 16;
const { dataset, assets, index, count } = workerData as WorkerData & { dataset: Dataset };
const port = parentPort!;
let acknowledged = 0;
let wake: (() => void) | null = null;
port.on("message", () => {
  acknowledged += 1;
  wake?.();
});

const partner = dataset.partner.partner;
const resolver = createPageResolver(dataset);
const routes = expandRoutes({ partner, pages: dataset.site.pages, selectRecords: resolver.selectRecords }).filter((_, i) => i % count === index);
const deps = { partner, resolver, renderer: createRenderer({ site: dataset.site, partner: dataset.partner, memberService: dataset.memberService, assets, now: dataset.now }), structuredDataInput: createStructuredDataInputs(dataset) };

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
