/**
 * One route's own files: bind (resolve the page) -> render -> index.html and its page-data
 * JSON. Shared by the in-process stream and the render workers, so both write the same bytes.
 */
import { createPageResolver, type PageResolver } from "../bind/index.js";
import { pageDataFile, type OutputFile, type PageDataSite } from "../emit/index.js";
import { BuildError, BuildErrors } from "../errors/index.js";
import { buildStructuredData } from "../render/structured-data.js";
import { createRenderer, type PageRenderer, type RenderAssets } from "../render/index.js";
import type { Dataset } from "../model/index.js";
import type { Route } from "../routes/index.js";
import { sharesResolution, windowProgrammePage } from "../render/programme-window.js";
import { sitePolicyOf } from "./site-policy.js";
import { createStructuredDataInputs, type StructuredDataInput } from "./structured-data-input.js";

export interface RouteRenderDeps {
  partner: number;
  /** The partner's name for the page data (analytics brand). */
  pageDataSite: PageDataSite;
  resolver: PageResolver;
  renderer: PageRenderer;
  structuredDataInput: (route: Route) => StructuredDataInput;
}

/**
 * Everything a thread needs to render routes, made once per thread (the build's own, or each
 * render worker's) from the same inputs.
 */
export function createRouteRenderDeps(dataset: Dataset, assets: RenderAssets, resolver = createPageResolver(dataset)): RouteRenderDeps {
  return {
    partner: dataset.partner.partner,
    pageDataSite: { brand: dataset.partner.name },
    resolver,
    renderer: createRenderer({ site: dataset.site, partner: dataset.partner, memberService: dataset.memberService, assets, now: dataset.now, contentSecurityPolicy: sitePolicyOf(dataset), live: dataset.live, filmPaths: dataset.memberService ? filmPathsOf(dataset) : {} }),
    structuredDataInput: createStructuredDataInputs(dataset),
  };
}

export interface RenderedRoute {
  files: OutputFile[];
  bindMs: number;
  renderMs: number;
}

/** Renders one route; a failure is returned as BuildErrors tied to the route, never thrown. */
export function renderRoute(deps: RouteRenderDeps, route: Route): RenderedRoute | BuildError[] {
  try {
    const started = performance.now();
    // A programme page is resolved once and shared with its day pages; each route shows its
    // own window of it (src/render/programme-window.ts).
    const resolved = sharesResolution(route) ? deps.resolver.resolveShared(route) : deps.resolver.resolvePage(route);
    const page = windowProgrammePage(resolved, route.programmeDay ?? null, route.path);
    const bound = performance.now();
    const structuredData = buildStructuredData(page, deps.structuredDataInput(route));
    const html = deps.renderer.render(page, { path: route.path, kind: route.kind, jsonName: route.jsonName, structuredData });
    const files = [{ path: route.file, contents: html }, pageDataFile(route, page, deps.pageDataSite)];
    return { files, bindMs: bound - started, renderMs: performance.now() - bound };
  } catch (error) {
    return asBuildErrors(error, deps.partner, route);
  }
}

/** User mistakes keep their location; a bug in a template is still tied to the route it broke. */
function asBuildErrors(error: unknown, partner: number, route: Route): BuildError[] {
  if (error instanceof BuildErrors) return error.errors;
  if (error instanceof BuildError) return [error];
  const cause = error as Error;
  return [new BuildError(`internal error while rendering: ${cause?.message ?? String(error)}`, { partner, pagePath: route.path }, { cause, code: "E_INTERNAL" })];
}

/** The error that ends a build whose routes failed (every failure listed). */
export function routeFailures(partner: number, errors: BuildError[]): BuildErrors {
  // By path, so the report reads the same whichever thread rendered which route.
  const sorted = [...errors].sort((a, b) => ((a.location.pagePath ?? "") < (b.location.pagePath ?? "") ? -1 : (a.location.pagePath ?? "") > (b.location.pagePath ?? "") ? 1 : 0));
  return new BuildErrors(sorted, `partner ${partner}: ${errors.length} route${errors.length === 1 ? "" : "s"} failed; the previous output was left as it was`);
}

/**
 * Film pages by edi number (the production's reference), for the member islands: a film page
 * is '/' + the production's parentSlug (spec 2.6, as the programme links it, spec 3.5).
 */
export function filmPathsOf(dataset: Dataset): Record<string, string> {
  const paths: Record<string, string> = {};
  for (const production of dataset.productions) {
    if (production.object === "culture" || typeof production.reference !== "string" || typeof production.parentSlug !== "string" || !production.parentSlug) continue;
    paths[production.reference] = `/${production.parentSlug}`;
  }
  return paths;
}
