/**
 * The per-route part of the recipe, in this thread: each route's files as a stream the atomic
 * writer pulls from. Streaming keeps memory flat for tens of thousands of routes: a route's
 * HTML is written and dropped before the renderer gets far ahead of the disk.
 */
import { setImmediate } from "node:timers/promises";
import type { OutputFile } from "../../emit/index.js";
import type { BuildError } from "../../errors/index.js";
import type { StageTimer } from "../../log/index.js";
import type { Route, RouteKind } from "../../routes/index.js";
import { renderRoute, routeFailures, type RenderedRoute, type RouteRenderDeps } from "./render-route.js";

/** Longest stretch of binding or rendering between two turns of the event loop (also render-pool.ts). */
export const YIELD_EVERY_MS = 10;

/** What the render stream tells the build once it has been consumed (for the report and the cache). */
export interface RenderTally {
  /** Rendered (or reused) routes by kind. */
  counts: Partial<Record<RouteKind, number>>;
  /** Routes whose files came from the build cache. */
  reused: number;
  /** Paths of the routes rendered anew (not reused), in the order they were rendered. */
  rendered: string[];
  /** The cache keys of this build's routes, to prune the rest. */
  keys: Set<string>;
  /** Each route's cache key by its path (the dev session compares them on the next rebuild). */
  keysByPath: Map<string, string>;
}

export function createRenderTally(): RenderTally {
  return { counts: {}, reused: 0, rendered: [], keys: new Set(), keysByPath: new Map() };
}

export interface RenderRoutesOptions extends RouteRenderDeps {
  routes: Route[];
  timer: StageTimer;
  tally: RenderTally;
}

/**
 * Yields index.html and page-data/<jsonName>.json of every route. A route that fails is
 * collected, the others still render, and the stream ends by throwing every failure at once
 * (STYLE: don't stop at the first bad route); the writer then discards the half-built output.
 */
export async function* renderRoutes(options: RenderRoutesOptions): AsyncGenerator<OutputFile> {
  let turn = performance.now();
  for (const { route, result } of renderEachRoute(options, options.routes, options.timer)) {
    countRoute(options.tally, route.path, route.kind, result.key, result.reused);
    yield* result.files;
    // The stream and the writer would otherwise run on microtasks alone and starve the event
    // loop: Pagefind and esbuild, working beside the render in processes of their own, could
    // not be answered until the last page (docs/performance.md "What was changed").
    if (performance.now() - turn > YIELD_EVERY_MS) {
      await setImmediate();
      turn = performance.now();
    }
  }
}

/** A route bound and rendered, or taken from the build cache. */
export interface RouteRendered {
  route: Route;
  result: RenderedRoute;
}

/**
 * The per-route loop in this thread, for the build's stream (renderRoutes) and the dev
 * session's incremental pass (src/session/): binds and renders each route that `skip` does not
 * pass over and yields its result. A route that fails is collected and the others still
 * render; once every route is done, bind and render time are recorded and every failure is
 * thrown at once.
 */
export function* renderEachRoute(
  deps: RouteRenderDeps,
  routes: readonly Route[],
  timer: StageTimer,
  skip?: (route: Route) => boolean,
): Generator<RouteRendered> {
  const errors: BuildError[] = [];
  let bindMs = 0;
  let renderMs = 0;
  for (const route of routes) {
    if (skip?.(route)) continue;
    const result = renderRoute(deps, route);
    if (Array.isArray(result)) {
      errors.push(...result);
      continue;
    }
    bindMs += result.bindMs;
    renderMs += result.renderMs;
    yield { route, result };
  }
  timer.record("bind", bindMs);
  timer.record("render", renderMs);
  if (errors.length > 0) throw routeFailures(deps.partner, errors);
}

export function countRoute(
  tally: RenderTally,
  path: string,
  kind: RouteKind,
  key: string | null,
  reused: boolean,
): void {
  tally.counts[kind] = (tally.counts[kind] ?? 0) + 1;
  if (key) {
    tally.keys.add(key);
    tally.keysByPath.set(path, key);
  }
  if (reused) tally.reused += 1;
  else tally.rendered.push(path);
}
