/**
 * A render worker (compiled to dist/render-worker.js): reads the shared dataset once, then
 * renders the routes the build asks for (render-pool.ts decides which, heaviest first) with
 * the same code as the in-process path (render-route.ts) and posts their encoded bytes back,
 * transferring the buffers.
 */
import { deserialize } from "node:v8";
import { parentPort, workerData } from "node:worker_threads";
import type { Dataset } from "../model/index.js";
import { dayRoute, expandRoutes, pagedRoute } from "../routes/index.js";
import { createRouteRenderDeps, renderRoute } from "./render-route.js";
import { serializeErrors, type RenderedBatch, type RenderRequest, type WorkerData } from "./worker-protocol.js";

const data = workerData as WorkerData;
const dataset = deserialize(new Uint8Array(data.dataset)) as Dataset;
const port = parentPort!;
const deps = createRouteRenderDeps(dataset, data.assets, undefined, data.cache);
// Without day pages: listing those would resolve every programme page here (render-pool.ts).
const baseRoutes = new Map(expandRoutes({ partner: deps.partner, pages: dataset.site.pages, selectRecords: deps.resolver.selectRecords }).map((route) => [route.path, route]));

port.on("message", (request: RenderRequest) => {
  const batch: RenderedBatch = { type: "rendered", files: [], routes: [], errors: [], bindMs: 0, renderMs: 0 };
  for (const ref of request.routes) {
    const base = baseRoutes.get(ref.base);
    if (!base) throw new Error(`internal: a render worker has no route '${ref.base}'`);
    const listing = ref.day === null ? base : dayRoute(base, ref.day);
    const route = ref.page > 1 ? pagedRoute(listing, ref.page) : listing;
    const result = renderRoute(deps, route);
    if (Array.isArray(result)) {
      batch.errors.push(...serializeErrors(result));
      continue;
    }
    batch.files.push(...result.files);
    batch.routes.push({ path: route.path, kind: route.kind, key: result.key, reused: result.reused });
    batch.bindMs += result.bindMs;
    batch.renderMs += result.renderMs;
  }
  port.postMessage(batch, [...new Set(batch.files.map((file) => file.contents.buffer as ArrayBuffer))]);
});
