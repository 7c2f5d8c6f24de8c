/**
 * A render worker (compiled to dist/render-worker.js): makes the site's renderer once from
 * the site-wide render inputs, then renders the bound routes the build thread sends
 * (render-pool.ts) with the same code as the in-process path (render-route.ts) and posts
 * their encoded bytes back, transferring the buffers.
 */
import { parentPort, workerData } from "node:worker_threads";
import { boundRouteRendererOf, renderBoundRoute } from "./render-route.js";
import {
  unpackBoundRoute,
  serializeErrors,
  type RenderedBatch,
  type RenderRequest,
  type WorkerData,
} from "./worker-protocol.js";

const data = workerData as WorkerData;
const port = parentPort!;
const deps = boundRouteRendererOf(data.render, data.cache);

port.on("message", (request: RenderRequest) => {
  const batch: RenderedBatch = { type: "rendered", files: [], routes: [], errors: [], renderMs: 0 };
  for (const message of request.routes) {
    const bound = unpackBoundRoute(message);
    const result = renderBoundRoute(deps, bound);
    if (Array.isArray(result)) {
      batch.errors.push(...serializeErrors(result));
      continue;
    }
    batch.files.push(...result.files);
    batch.routes.push({ path: bound.path, kind: bound.kind, key: result.key });
    batch.renderMs += result.renderMs;
  }
  port.postMessage(batch, [...new Set(batch.files.map((file) => file.contents.buffer as ArrayBuffer))]);
});
