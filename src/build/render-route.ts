/**
 * One route's own files: bind (resolve the page) -> render -> index.html and its page-data
 * JSON, encoded to bytes once, here (the writer only counts and writes them; a worker
 * transfers them without a copy). Shared by the in-process stream and the render workers, so
 * both write the same bytes. With a route cache, a route whose inputs are unchanged is not
 * rendered: its stored bytes are returned (route-cache.ts).
 */
import { planFilmPathsFile } from "./film-paths.js";
import { createPageResolver, type PageResolver } from "../bind/index.js";
import { pageDataFile, type OutputFile, type PageDataSite } from "../emit/index.js";
import { BuildError, BuildErrors } from "../errors/index.js";
import { extractLinks, type ExtractedLinks } from "../links/extract-links.js";
import { buildStructuredData } from "../render/structured-data.js";
import { createRenderer, type PageRenderer, type RenderAssets } from "../render/index.js";
import type { Dataset, ResolvedPage } from "../model/index.js";
import type { Route } from "../routes/index.js";
import { computeRouteKey, readRouteEntry, writeRouteEntry, type RouteCache } from "./route-cache.js";
import { pageListings } from "../render/listing-pages.js";
import { dayPagePath, hasListingPages, sharesResolution, windowProgrammePage } from "../render/programme-window.js";
import { toOsloLocal } from "../time/oslo.js";
import { sitePolicyOf } from "./site-policy.js";
import { createStructuredDataInputs, type StructuredDataInput } from "./structured-data-input.js";

export interface RouteRenderDeps {
  partner: number;
  /** The partner's name for the page data (analytics brand). */
  pageDataSite: PageDataSite;
  resolver: PageResolver;
  renderer: PageRenderer;
  structuredDataInput: (route: Route) => StructuredDataInput;
  /** The incremental build cache, or null for a build without one. */
  cache: RouteCache | null;
  /**
   * The search index's folder, part of the key of the pages that show search results only:
   * the index changes with every content edit, and must not re-render every other page.
   */
  searchKey: string;
  /** The build's time, Europe/Oslo local, for the listings' pages (src/render/listing-pages.ts). */
  nowLocal: string;
  /**
   * The dev session's memory (src/session/): true when the caller already wrote this route's
   * files under this key, so they are neither read from the cache nor rendered (files: []).
   */
  known?: (route: Route, key: string) => boolean;
}

/**
 * Everything a thread needs to render routes, made once per thread (the build's own, or each
 * render worker's) from the same inputs. Whatever the renderer is given here must also be in
 * the build cache's site key (openBuildCache in render-stage.ts), or a cached page could be stale.
 */
export function createRouteRenderDeps(dataset: Dataset, assets: RenderAssets, resolver = createPageResolver(dataset, { projectRecords: true }), cache: RouteCache | null = null): RouteRenderDeps {
  return {
    cache,
    partner: dataset.partner.partner,
    pageDataSite: { brand: dataset.partner.name, city: dataset.partner.city },
    resolver,
    renderer: createRenderer({ site: dataset.site, partner: dataset.partner, memberService: dataset.memberService, assets, now: dataset.now, contentSecurityPolicy: sitePolicyOf(dataset), live: dataset.live, filmPathsUrl: planFilmPathsFile(dataset)?.url ?? null }),
    structuredDataInput: createStructuredDataInputs(dataset),
    searchKey: JSON.stringify(assets.search ?? null),
    nowLocal: toOsloLocal(dataset.now),
  };
}

export interface EncodedFile extends OutputFile {
  contents: Uint8Array;
  /** A rendered page's links and ids, read from its HTML before encoding, for the link checker (src/links). */
  links?: ExtractedLinks;
}

export interface RenderedRoute {
  files: EncodedFile[];
  bindMs: number;
  renderMs: number;
  /** The route's cache key (null without a cache) and whether its files came from the cache. */
  key: string | null;
  reused: boolean;
}

const encoder = new TextEncoder();

/** UTF-8 bytes in an ArrayBuffer of their own (Buffer.from pools small strings, which could not be transferred). */
export function encodeFile(file: OutputFile): EncodedFile {
  return { path: file.path, contents: typeof file.contents === "string" ? encoder.encode(file.contents) : file.contents };
}

/** Renders one route; a failure is returned as BuildErrors tied to the route, never thrown. */
export function renderRoute(deps: RouteRenderDeps, route: Route): RenderedRoute | BuildError[] {
  try {
    const started = performance.now();
    // A programme page is resolved once and shared with its day pages; each route shows its
    // own window of it (src/render/programme-window.ts).
    const resolved = sharesResolution(route) ? deps.resolver.resolveShared(route) : deps.resolver.resolvePage(route);
    // ... and each listing its page of it, carousels capped (src/render/listing-pages.ts).
    const windowed = windowProgrammePage(resolved, route.programmeDay ?? null, route.path);
    const page = pageListings(windowed, { page: route.listingPage ?? 1, base: listingBaseOf(route), paged: hasListingPages(route), nowLocal: deps.nowLocal });
    const records = deps.structuredDataInput(route);
    const key = deps.cache ? computeRouteKey(deps.cache, route, JSON.stringify(page), serializeRecords(records), showsSearchResults(page) ? deps.searchKey : "") : null;
    const bound = performance.now();
    if (key && deps.known?.(route, key)) return { files: [], bindMs: bound - started, renderMs: 0, key, reused: true };
    const cached = deps.cache && key ? readRouteEntry(deps.cache, key) : null;
    if (cached) return { files: cached as EncodedFile[], bindMs: bound - started, renderMs: 0, key, reused: true };
    const structuredData = buildStructuredData(page, records);
    const html = deps.renderer.render(page, { path: route.path, kind: route.kind, jsonName: route.jsonName, structuredData });
    const files = [{ ...encodeFile({ path: route.file, contents: html }), links: extractLinks(html) }, encodeFile(pageDataFile(route, page, deps.pageDataSite))];
    if (deps.cache && key) writeRouteEntry(deps.cache, key, files);
    return { files, bindMs: bound - started, renderMs: performance.now() - bound, key, reused: false };
  } catch (error) {
    return asBuildErrors(error, deps.partner, route);
  }
}

/** Path of the first page of a route's listings: the page's, or its day page's. */
function listingBaseOf(route: Route): string {
  if (route.listingPage === undefined) return route.path;
  return route.programmeDay ? dayPagePath(route.page.path, route.programmeDay) : route.page.path;
}

function showsSearchResults(page: ResolvedPage): boolean {
  return page.blocks.some((block) => block.component === "search-results");
}

/** The records a route's structured data describes, each showing naming its production by id (not a copy per showing). */
function serializeRecords(input: StructuredDataInput): string {
  const events = input.events?.map((event) => ({ ...event, production: event.production.id }));
  return JSON.stringify([input.production ?? null, events ?? null, input.article ?? null, input.screenCount]);
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

