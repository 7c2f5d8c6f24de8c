/**
 * The render stage as build.ts sees it: a stream of every route's files, rendered in this
 * thread or on render workers, with the incremental build cache in front of both.
 */
import { availableParallelism } from "node:os";
import type { PageResolver } from "../../bind/index.js";
import type { OutputFile } from "../../emit/index.js";
import type { StageTimer } from "../../log/index.js";
import type { Dataset } from "../../model/index.js";
import type { RenderAssets } from "../index.js";
import type { Route } from "../../routes/index.js";
import { toolVersion } from "../../emit/output-marker.js";
import { hashOwnCode } from "../../shared/code-hash.js";
import { renderInWorkers, renderWorkerFile, type RenderWorkerPool } from "./render-pool.js";
import { createRouteRenderDeps, renderOptionsOf } from "./render-route.js";
import { createRenderTally, renderRoutes, type RenderTally } from "./render-routes.js";
import {
  createRouteEntryWriter,
  openRouteCache,
  pruneRouteCache,
  computeSiteKey,
  type RouteCache,
} from "./route-cache.js";

/**
 * Routes from which render workers pay off, and how many. Measured on 2 cores
 * (docs/performance.md): below this, starting a worker and parsing the dataset in it costs
 * more than it saves.
 */
const WORKERS_FROM_ROUTES = 1000;

/**
 * Routes from which the build renders in its own thread again: each worker holds its own copy
 * of the dataset, and at 20,000 films (30,950 routes) two workers took the process to 1.13 GiB
 * against 0.89 GiB in one thread (docs/performance.md), over the 1 GiB a build may use.
 */
const ONE_THREAD_FROM_ROUTES = 25_000;

/**
 * Routes from which workers a pool already started (several partners in one process) pay off:
 * no start-up to pay back, only the messages (docs/performance.md "A platform in one process").
 */
const POOLED_WORKERS_FROM_ROUTES = 200;

export function chooseWorkerCount(routes: number, pooled = false): number {
  if (routes >= ONE_THREAD_FROM_ROUTES) return 1;
  return routes >= (pooled ? POOLED_WORKERS_FROM_ROUTES : WORKERS_FROM_ROUTES)
    ? Math.min(availableParallelism(), 4)
    : 1;
}

/**
 * The route cache of `out`, keyed by everything every page shares (route-cache.ts): what the
 * renderer is made from (renderOptionsOf, as a render worker gets it), the CMS pages aside
 * (each route's resolved page is in its own key).
 */
export function openBuildCache(out: string, dataset: Dataset, assets: RenderAssets): RouteCache {
  const {
    site: { pages: _pages, ...site },
    assets: urls,
    ...shared
  } = renderOptionsOf(dataset, assets);
  const siteKey = computeSiteKey({
    codeHash: hashOwnCode(),
    toolVersion: toolVersion(),
    // The search index changes with every content edit: only the pages showing search
    // results depend on it (computeRouteKey's extra), not every page.
    render: { ...shared, site, assets: { ...urls, search: null } },
  });
  // The entries name the route's files in the published output instead of copying them, so the
  // cache does not double the disk a site needs (docs/architecture.md, "Build cache").
  return openRouteCache(out, siteKey, { referToOutput: true });
}

export interface RenderStageOptions {
  dataset: Dataset;
  routes: Route[];
  assets: RenderAssets;
  resolver: PageResolver;
  cache: RouteCache | null;
  workers?: number;
  /** Render workers kept between the builds of one process (src/recipe/build-tools.ts). */
  pool?: RenderWorkerPool;
  timer: StageTimer;
}

export interface RenderStage {
  files: AsyncIterable<OutputFile>;
  tally: RenderTally;
  /** Rendering on render workers (they keep the cores busy), not in this thread. */
  pooled: boolean;
  /**
   * After the output was written: fixes the emit timing (less `inStreamMs` of other work that
   * ran inside the stream), waits for the cache entries being written and prunes the cache.
   * Returns the warnings of the pruning (the build is published: nothing here fails it).
   */
  finish(timer: StageTimer, inStreamMs?: number): Promise<string[]>;
  /** After a failure: stops writing cache entries, without waiting. */
  abort(): Promise<void>;
}

export function startRenderStage(options: RenderStageOptions): RenderStage {
  const tally = createRenderTally();
  const workers = options.workers ?? chooseWorkerCount(options.routes.length, options.pool !== undefined);
  const workerFile = options.pool?.file ?? renderWorkerFile();
  const pooled = workerFile !== null && workers > 1;
  const deps = createRouteRenderDeps(options.dataset, options.assets, options.resolver, options.cache);
  // Rendering in this thread, its cache entries are written by a writer thread (render workers write their own).
  const entries = options.cache && !pooled ? createRouteEntryWriter(options.cache) : null;
  const files = pooled
    ? renderInWorkers(
        {
          dataset: options.dataset,
          assets: options.assets,
          deps,
          routes: options.routes,
          workers,
          timer: options.timer,
          tally,
          pool: options.pool,
        },
        workerFile,
      )
    : renderRoutes({ ...deps, storeEntry: entries?.store, routes: options.routes, timer: options.timer, tally });
  return {
    files,
    tally,
    pooled,
    async abort() {
      await entries?.abort();
    },
    async finish(timer, inStreamMs = 0) {
      // In this thread, bind and render ran inside the emit stream: report emit as the writing
      // time alone. With workers, render ran beside it (its figure is CPU time across them) and
      // bind in this thread between answers: emit is the wall time of the whole stream.
      const emit = timer.timings.find((t) => t.stage === "emit");
      const renderMs = pooled
        ? 0
        : timer.timings.filter((t) => t.stage === "bind" || t.stage === "render").reduce((sum, t) => sum + t.ms, 0);
      if (emit) emit.ms = Math.max(0, emit.ms - renderMs - inStreamMs);
      await entries?.finish();
      return options.cache ? pruneRouteCache(options.cache, tally.keys) : [];
    },
  };
}
