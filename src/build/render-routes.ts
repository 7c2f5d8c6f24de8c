/**
 * The per-route part of the recipe: bind (resolve the page) -> render -> page files, one route
 * at a time, as a stream the atomic writer pulls from. Streaming keeps memory flat for tens of
 * thousands of routes: a route's HTML is written and dropped before the next one is rendered
 * further than the writer's window allows.
 */
import type { PageResolver } from "../bind/index.js";
import { pageDataFile, type OutputFile } from "../emit/index.js";
import { BuildError, BuildErrors } from "../errors/index.js";
import type { StageTimer } from "../log/index.js";
import type { ResolvedPage } from "../model/index.js";
import { buildStructuredData } from "../render/structured-data.js";
import type { PageRenderer } from "../render/index.js";
import type { Route, RouteKind } from "../routes/index.js";
import type { StructuredDataInput } from "./structured-data-input.js";

export interface RenderRoutesOptions {
  partner: number;
  routes: Route[];
  resolver: PageResolver;
  renderer: PageRenderer;
  structuredDataInput: (route: Route) => StructuredDataInput;
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
    let files: OutputFile[];
    try {
      const started = performance.now();
      const page = options.resolver.resolvePage(route);
      const bound = performance.now();
      files = [{ path: route.file, contents: renderRoute(options, route, page) }, pageDataFile(route, page)];
      bindMs += bound - started;
      renderMs += performance.now() - bound;
    } catch (error) {
      errors.push(...asBuildErrors(error, options.partner, route));
      continue;
    }
    options.counts[route.kind] = (options.counts[route.kind] ?? 0) + 1;
    yield* files;
  }
  options.timer.record("bind", bindMs);
  options.timer.record("render", renderMs);
  if (errors.length > 0) {
    throw new BuildErrors(errors, `partner ${options.partner}: ${errors.length} route${errors.length === 1 ? "" : "s"} failed; the previous output was left as it was`);
  }
}

function renderRoute(options: RenderRoutesOptions, route: Route, page: ResolvedPage): string {
  const structuredData = buildStructuredData(page, options.structuredDataInput(route));
  return options.renderer.render(page, { path: route.path, kind: route.kind, jsonName: route.jsonName, structuredData });
}

/** User mistakes keep their location; a bug in a template is still tied to the route it broke. */
function asBuildErrors(error: unknown, partner: number, route: Route): BuildError[] {
  if (error instanceof BuildErrors) return error.errors;
  if (error instanceof BuildError) return [error];
  const cause = error as Error;
  return [new BuildError(`internal error while rendering: ${cause?.message ?? String(error)}`, { partner, pagePath: route.path }, { cause, code: "E_INTERNAL" })];
}
