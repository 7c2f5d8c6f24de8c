/**
 * The per-route part of the recipe, in this thread: each route's files as a stream the atomic
 * writer pulls from. Streaming keeps memory flat for tens of thousands of routes: a route's
 * HTML is written and dropped before the renderer gets far ahead of the disk.
 */
import type { OutputFile } from "../emit/index.js";
import type { BuildError } from "../errors/index.js";
import type { StageTimer } from "../log/index.js";
import type { Route, RouteKind } from "../routes/index.js";
import { renderRoute, routeFailures, type RouteRenderDeps } from "./render-route.js";

export interface RenderRoutesOptions extends RouteRenderDeps {
  routes: Route[];
  timer: StageTimer;
  /** Counts of rendered routes by kind, filled as the stream is consumed (for the report). */
  counts: Partial<Record<RouteKind, number>>;
}

/**
 * Yields index.html and page-data/<jsonName>.json of every route. A route that fails is
 * collected, the others still render, and the stream ends by throwing every failure at once
 * (STYLE: don't stop at the first bad route); the writer then discards the half-built output.
 */
export async function* renderRoutes(options: RenderRoutesOptions): AsyncGenerator<OutputFile> {
  const errors: BuildError[] = [];
  let bindMs = 0;
  let renderMs = 0;
  for (const route of options.routes) {
    const result = renderRoute(options, route);
    if (Array.isArray(result)) {
      errors.push(...result);
      continue;
    }
    bindMs += result.bindMs;
    renderMs += result.renderMs;
    options.counts[route.kind] = (options.counts[route.kind] ?? 0) + 1;
    yield* result.files;
  }
  options.timer.record("bind", bindMs);
  options.timer.record("render", renderMs);
  if (errors.length > 0) throw routeFailures(options.partner, errors);
}
