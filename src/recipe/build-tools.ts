/**
 * What the builds of several partners in one process share (`cinema-build build --partner
 * 178,118` or `--all`, docs/performance.md "A platform in one process"): the browser bundles
 * and stylesheet (the tool's own code, the same for every partner with the same island kinds),
 * the render workers (started once, each build tells them its site) and the Pagefind service.
 * Everything else stays each build's own, so a partner's output is the bytes its single build
 * writes. A single build makes none of this (build() without tools starts its own workers).
 */
import { renderWorkerFile, createRenderWorkerPool, type RenderWorkerPool } from "../render/stage/render-pool.js";
import { holdPagefind } from "../search/index.js";
import { bundleAssets, type BundledAssets } from "./site-assets.js";

export interface BuildTools {
  /** bundleAssets' result, made once per set of arguments. */
  bundle(dev: boolean, exclude: readonly string[]): Promise<BundledAssets>;
  /** Render workers kept between builds; null from the TypeScript sources (no compiled worker). */
  renderPool: RenderWorkerPool | null;
  /** Ends the workers and lets the Pagefind service go: after the last build. */
  close(): Promise<void>;
}

export function createBuildTools(): BuildTools {
  const bundles = new Map<string, Promise<BundledAssets>>();
  const workerFile = renderWorkerFile();
  const renderPool = workerFile ? createRenderWorkerPool(workerFile) : null;
  const releasePagefind = holdPagefind();
  return {
    bundle(dev, exclude) {
      const key = JSON.stringify([dev, [...exclude].sort()]);
      let bundled = bundles.get(key);
      if (!bundled) {
        bundled = bundleAssets(dev, exclude);
        // A failed bundle is not kept: the next partner tries again (and reports its own error).
        bundled.catch(() => bundles.delete(key));
        bundles.set(key, bundled);
      }
      return bundled;
    },
    renderPool,
    async close() {
      await Promise.all([renderPool?.close(), releasePagefind()]);
    },
  };
}
