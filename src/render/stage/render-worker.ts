/**
 * A render worker (compiled to dist/render-worker.js): makes the site's renderer once from
 * the site-wide render inputs (a pooled worker: once per build that leases it), then renders the bound routes the build thread sends
 * (render-pool.ts) with the same code as the in-process path (render-route.ts) and posts
 * their encoded bytes back, transferring the buffers.
 */
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import { boundRouteRendererOf, renderBoundRoute } from "./render-route.js";
import {
  unpackBoundRoute,
  serializeErrors,
  type RenderedBatch,
  type RenderRequest,
  type SiteMessage,
  type WorkerData,
} from "./worker-protocol.js";

serve(parentPort!, workerData as WorkerData | null);

/** A pooled worker starts with no site (null) and is told each build's (SiteMessage). */
function serve(port: MessagePort, initial: WorkerData | null): void {
  let deps = initial && boundRouteRendererOf(initial.render, initial.cache);
  port.on("message", (message: RenderRequest | SiteMessage) => {
    if (message.type === "site") {
      deps = boundRouteRendererOf(message.data.render, message.data.cache);
      return;
    }
    if (!deps) throw new Error("internal: a render worker was asked to render before it was given a site");
    const batch: RenderedBatch = { type: "rendered", files: [], routes: [], errors: [], renderMs: 0 };
    for (const routeMessage of message.routes) {
      const bound = unpackBoundRoute(routeMessage);
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
}
