/**
 * One route's own files: bind (resolve the page) -> render -> index.html and its page-data
 * JSON, encoded to bytes once, where they are rendered (the writer only counts and writes
 * them; a worker transfers them without a copy). The two halves are apart so that the build
 * thread, which holds the dataset, binds, and render workers, which hold only the site-wide
 * render inputs, render (render-pool.ts); the in-process stream runs both in turn, so both
 * paths write the same bytes. With a route cache, a route whose inputs are unchanged is not
 * rendered: its stored bytes are returned (route-cache.ts).
 */
import { planFilmPathsFile } from "../../emit/film-paths.js";
import { createPageResolver, type PageResolver } from "../../bind/index.js";
import { pageDataFile, type OutputFile, type PageDataSite } from "../../emit/index.js";
import { BuildError, BuildErrors } from "../../errors/index.js";
import { extractLinks, extractLinksAround, type ExtractedLinks } from "../../links/extract-links.js";
import { buildStructuredData } from "../structured-data.js";
import { createRenderer, type PageRenderer, type RenderAssets, type SiteRenderOptions } from "../index.js";
import type { Dataset, ResolvedPage } from "../../model/index.js";
import type { Route, RouteKind } from "../../routes/index.js";
import { computeRouteKey, readRouteEntry, writeRouteEntry, type RouteCache } from "./route-cache.js";
import { pageListings } from "../listing-pages.js";
import { dayPagePath } from "../../model/page-paths.js";
import { hasListingPages, sharesResolution, windowProgrammePage } from "../programme-window.js";
import { toOsloLocal } from "../../isomorphic/time/oslo.js";
import { createMemoSet, memoKind, type MemoSet } from "../../shared/bounded-memo.js";
import { sitePolicyOf } from "./site-policy.js";
import { createStructuredDataInputs, type StructuredDataInput } from "../../bind/structured-data-input.js";

/**
 * The links of the layout's parts (the header per menu state, the footer, the skip link),
 * read once per renderer instead of on every page (links/extract-links.ts extractLinksAround).
 */
const CHROME_LINKS = memoKind<string, ExtractedLinks>("the layout's links", 64);

export interface RouteRenderDeps extends BoundRouteRenderer {
  partner: number;
  /** The partner's name for the page data (analytics brand). */
  pageDataSite: PageDataSite;
  resolver: PageResolver;
  structuredDataInput: (route: Route) => StructuredDataInput;
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
 * Everything the build thread needs to bind and render routes, made once per build. The
 * renderer is made from renderOptionsOf alone, which is also the build cache's site key
 * (openBuildCache in render-stage.ts), so a cached page cannot be stale.
 */
export function createRouteRenderDeps(
  dataset: Dataset,
  assets: RenderAssets,
  resolver = createPageResolver(dataset, { projectRecords: true }),
  cache: RouteCache | null = null,
): RouteRenderDeps {
  return {
    partner: dataset.partner.partner,
    pageDataSite: { brand: dataset.partner.name },
    resolver,
    ...boundRouteRendererOf(renderOptionsOf(dataset, assets), cache, resolver.memos),
    structuredDataInput: createStructuredDataInputs(dataset),
    searchKey: JSON.stringify(assets.search ?? null),
    nowLocal: toOsloLocal(dataset.now),
  };
}

/** What the site's renderer is made from: the site-wide part of a dataset (a render worker gets only this). */
export function renderOptionsOf(dataset: Dataset, assets: RenderAssets): SiteRenderOptions {
  return {
    site: dataset.site,
    partner: dataset.partner,
    memberService: dataset.memberService,
    assets,
    now: dataset.now,
    // A <meta> only where the host sends no headers (docs/security.md, "Content-Security-Policy").
    ...(assets.headerRules ? {} : { contentSecurityPolicy: sitePolicyOf(dataset) }),
    live: dataset.live,
    filmPathsUrl: planFilmPathsFile(dataset)?.url ?? null,
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

/**
 * A route bound and ready for the renderer: what renderBoundRoute needs of it, all plain
 * data, so the build thread can bind and a render worker render (render-pool.ts).
 */
export interface BoundRoute {
  path: string;
  kind: RouteKind;
  jsonName: string;
  /** The HTML file's path in the output. */
  file: string;
  /** The page as this route shows it (its day and listing page windowed). */
  page: ResolvedPage;
  /** The records its structured data describes (StructuredDataInput without what every route shares). */
  records: RouteRecords;
  /** The page data JSON file (small: made here, so a worker needs no route record). */
  pageData: OutputFile & { contents: string };
  key: string | null;
  /** The page as JSON when the cache key was made from it (render workers are sent this text). */
  pageJson?: string;
}

/** A route's own structured data records: StructuredDataInput less the site-wide fields the renderer has. */
export type RouteRecords = Omit<StructuredDataInput, "site" | "partner" | "now">;

/** What renders a bound route: the site's renderer, the structured data's site-wide fields, the cache it fills. */
export interface BoundRouteRenderer {
  renderer: PageRenderer;
  /** The renderer's memos, which the structured data shares (src/shared/bounded-memo.ts). */
  memos: MemoSet;
  site: Pick<StructuredDataInput, "site" | "partner" | "now">;
  cache: RouteCache | null;
  /** Stores a rendered route's cache entry; default writeRouteEntry, synchronously (a render worker). */
  storeEntry?: (key: string, files: EncodedFile[]) => void;
}

/** The renderer of bound routes made from the site-wide render inputs (the build thread's, or a render worker's). */
export function boundRouteRendererOf(
  options: SiteRenderOptions,
  cache: RouteCache | null,
  memos: MemoSet = createMemoSet(),
): BoundRouteRenderer {
  // The memos of this build's renderer (the build thread's resolver's, or a render worker's own): dropped with it.
  return {
    renderer: createRenderer(options, memos),
    memos,
    site: { site: options.site, partner: options.partner, now: options.now },
    cache,
  };
}

export type BindOutcome = { bound: BoundRoute; bindMs: number } | { reused: RenderedRoute };

const encoder = new TextEncoder();

/** UTF-8 bytes in an ArrayBuffer of their own (Buffer.from pools small strings, which could not be transferred). */
export function encodeFile(file: OutputFile): EncodedFile {
  return {
    path: file.path,
    contents: typeof file.contents === "string" ? encoder.encode(file.contents) : file.contents,
  };
}

/** Renders one route; a failure is returned as BuildErrors tied to the route, never thrown. */
export function renderRoute(deps: RouteRenderDeps, route: Route): RenderedRoute | BuildError[] {
  const outcome = bindRoute(deps, route);
  if (Array.isArray(outcome)) return outcome;
  if ("reused" in outcome) return outcome.reused;
  const rendered = renderBoundRoute(deps, outcome.bound);
  if (Array.isArray(rendered)) return rendered;
  return { ...rendered, bindMs: outcome.bindMs };
}

/**
 * Binds one route (resolve, window, listing page, structured data records, cache key): its
 * files from the cache (or none, when the dev session has them) if its inputs are unchanged,
 * else what the renderer needs. A failure is returned as BuildErrors, never thrown.
 */
export function bindRoute(deps: RouteRenderDeps, route: Route): BindOutcome | BuildError[] {
  try {
    const started = performance.now();
    // A programme page is resolved once and shared with its day pages; each route shows its
    // own window of it (src/render/programme-window.ts).
    const resolved = sharesResolution(route) ? deps.resolver.resolveShared(route) : deps.resolver.resolvePage(route);
    // ... and each listing its page of it, carousels capped (src/render/listing-pages.ts).
    const windowed = windowProgrammePage(
      resolved,
      route.programmeDay ?? null,
      route.path,
      deps.nowLocal,
      route.dayPagesOf,
      route.calendarFeed,
    );
    const page = pageListings(windowed, {
      page: route.listingPage ?? 1,
      base: listingBaseOf(route),
      paged: hasListingPages(route),
      nowLocal: deps.nowLocal,
    });
    const { site: _site, partner: _partner, now: _now, ...records } = deps.structuredDataInput(route);
    const pageJson = deps.cache ? JSON.stringify(page) : undefined;
    const key = deps.cache
      ? computeRouteKey(
          deps.cache,
          route,
          pageJson!,
          serializeRecords(records),
          showsSearchResults(page) ? deps.searchKey : "",
        )
      : null;
    const bindMs = performance.now() - started;
    if (key && deps.known?.(route, key)) return { reused: { files: [], bindMs, renderMs: 0, key, reused: true } };
    const cached = deps.cache && key ? readRouteEntry(deps.cache, key) : null;
    if (cached) return { reused: { files: cached as EncodedFile[], bindMs, renderMs: 0, key, reused: true } };
    const pageData = pageDataFile(route, page, deps.pageDataSite) as OutputFile & { contents: string };
    return {
      bound: {
        path: route.path,
        kind: route.kind,
        jsonName: route.jsonName,
        file: route.file,
        page,
        records,
        pageData,
        key,
        pageJson,
      },
      bindMs,
    };
  } catch (error) {
    return asBuildErrors(error, deps.partner, route.path);
  }
}

/** Renders a bound route to its encoded files (and stores them under its key); failures returned, never thrown. */
export function renderBoundRoute(
  deps: BoundRouteRenderer,
  bound: BoundRoute,
): Omit<RenderedRoute, "bindMs"> | BuildError[] {
  try {
    const started = performance.now();
    const structuredData = buildStructuredData(bound.page, { ...deps.site, ...bound.records, memos: deps.memos });
    const { html, chrome } = deps.renderer.renderPage(bound.page, {
      path: bound.path,
      kind: bound.kind,
      jsonName: bound.jsonName,
      structuredData,
    });
    const chromeLinks = deps.memos.of(CHROME_LINKS);
    const links = extractLinksAround(html, chrome, (part) => chromeLinks.get(part, extractLinks));
    const files = [{ ...encodeFile({ path: bound.file, contents: html }), links }, encodeFile(bound.pageData)];
    if (deps.cache && bound.key) {
      if (deps.storeEntry) deps.storeEntry(bound.key, files);
      else writeRouteEntry(deps.cache, bound.key, files);
    }
    return { files, renderMs: performance.now() - started, key: bound.key, reused: false };
  } catch (error) {
    return asBuildErrors(error, deps.site.partner.partner, bound.path);
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
function serializeRecords(input: RouteRecords): string {
  const events = input.events?.map((event) => ({ ...event, production: event.production.id }));
  return JSON.stringify([input.production ?? null, events ?? null, input.article ?? null, input.screenCount]);
}

/** User mistakes keep their location; a bug in a template is still tied to the route it broke. */
function asBuildErrors(error: unknown, partner: number, pagePath: string): BuildError[] {
  if (error instanceof BuildErrors) return error.errors;
  if (error instanceof BuildError) return [error];
  const cause = error as Error;
  return [
    new BuildError(
      `internal error while rendering: ${cause?.message ?? String(error)}`,
      { partner, pagePath },
      { cause, code: "E_INTERNAL" },
    ),
  ];
}

/** The error that ends a build whose routes failed (every failure listed). */
export function routeFailures(partner: number, errors: BuildError[]): BuildErrors {
  // By path, so the report reads the same whichever thread rendered which route.
  const sorted = [...errors].sort((a, b) =>
    (a.location.pagePath ?? "") < (b.location.pagePath ?? "")
      ? -1
      : (a.location.pagePath ?? "") > (b.location.pagePath ?? "")
        ? 1
        : 0,
  );
  return new BuildErrors(
    sorted,
    `partner ${partner}: ${errors.length} route${errors.length === 1 ? "" : "s"} failed; the previous output was left as it was`,
  );
}
