import { BuildError, BuildErrors } from "../errors/index.js";
import type { Page, Source } from "../model/index.js";
import { calendarFeedPath, dayPagePath, listingPagePath } from "../model/page-paths.js";
import type { Route, RouteKind } from "./route.js";
import { paramOf, routeParamFor } from "../query/index.js";
import { fillParam, isValidSegment, jsonNameOf, paramNamesOf, routeFile } from "./route-files.js";
import { pagePathProblem, showPagePath } from "./page-path.js";

/** Records a source selects when its route-parameter filters are left out. */
export type SelectRecords = (page: Page, source: Source) => Record<string, unknown>[];

export interface ExpandRoutesOptions {
  partner: number;
  pages: Page[];
  selectRecords: SelectRecords;
  /**
   * The day pages of a static route's programme (dates after its window,
   * src/render/programme-window.ts); each becomes a route '<path>/dag/<date>'.
   */
  programmeDays?: (route: Route) => string[];
  /**
   * How many pages the listings of a static route (or of its day page) take
   * (src/render/listing-pages.ts); each page after the first becomes a route '<path>/side/<n>'.
   */
  listingPages?: (route: Route) => number;
  /**
   * Shared day pages (docs/spec-decisions.md "Shared day pages"): what a static route's day
   * pages show, as a key (null: it has no listing by day). Routes of one key share the day
   * pages of the first of them by `pageRank`; the others have none and lead there.
   */
  listingOf?: (route: Route) => SharedListing | null;
  /** Which of a listing's pages comes first (lower first; ties by path): the menu's order. */
  pageRank?: (path: string) => number;
  /** How the host wants a page's file named (src/hosts/host-profile.ts); default 'folder'. */
  pageFiles?: "folder" | "file";
}

/** A static route's listing by day, as expandRoutes' `listingOf` tells it. */
export interface SharedListing {
  /** Equal for pages whose day pages would show the same listings. */
  key: string;
  /** The page's day listings' block ids, in page order. */
  blocks: string[];
  /** What the listing's calendar feed holds, read while its page's resolution is in hand. */
  feed: ListingFeed;
}

/**
 * A listing's calendar feed (docs/spec-decisions.md "Calendar"): its page's title and the keys
 * ('e-' + event id, spec 3.4) of the showings its listings by day hold, in listing order.
 */
export interface ListingFeed {
  title: string;
  showings: readonly string[];
}

/**
 * Expands CMS pages into concrete routes (spec 2.3–2.6). A page whose path has parameters
 * ('/:production') gets one route per record of the non-collection source that filters on
 * '@production'; the record's value of the filtered property fills the parameter. Two routes
 * with one path are an error naming both origins, a path of unusable form (src/routes/page-path.ts)
 * one naming the page and its field 'path'; every problem is collected before failing.
 */
export function expandRoutes(options: ExpandRoutesOptions): Route[] {
  const { partner, pages, selectRecords, programmeDays, listingPages, pageFiles = "folder" } = options;
  const errors: BuildError[] = [];
  const routes: Route[] = [];
  const programmes: number[] = [];
  for (const page of pages) {
    const problem = pagePathProblem(page.path);
    if (problem) {
      errors.push(
        new BuildError(
          `${problem} (page id ${page.id})`,
          { partner, pagePath: showPagePath(page.path), field: "path" },
          { code: "E_PATH" },
        ),
      );
      continue;
    }
    const names = paramNamesOf(page.path);
    if (names.length === 0) {
      const route = staticRoute(page);
      if ((programmeDays || listingPages) && route.kind === "static") programmes.push(routes.length);
      routes.push(route);
      continue;
    }
    try {
      routes.push(...detailRoutes(partner, page, names, selectRecords));
    } catch (error) {
      if (error instanceof BuildError) errors.push(error);
      else throw error;
    }
  }
  errors.push(...addDayAndListingPages(options, routes, programmes));
  errors.push(...findConflicts(partner, routes));
  if (errors.length > 0)
    throw new BuildErrors(errors, `partner ${partner}: ${errors.length} route error${errors.length === 1 ? "" : "s"}`);
  const named =
    pageFiles === "folder" ? routes : routes.map((route) => ({ ...route, file: routeFile(route.path, pageFiles) }));
  return named.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * The day pages and later listing pages of the static routes at `indexes` (added to `routes`).
 * They are visited in `pageRank` order, so the first page of a listing owns its day pages and
 * its calendar feed, and each later one is marked as leading there (docs/spec-decisions.md
 * "Shared day pages", "Calendar").
 */
function addDayAndListingPages(
  { programmeDays, listingPages, listingOf, pageRank }: ExpandRoutesOptions,
  routes: Route[],
  indexes: number[],
): BuildError[] {
  const errors: BuildError[] = [];
  const rank = (index: number) => pageRank?.(routes[index].path) ?? 0;
  const ordered = [...indexes].sort((a, b) => rank(a) - rank(b) || (routes[a].path < routes[b].path ? -1 : 1));
  const owners = new Map<string, { path: string; blocks: string[] }>();
  for (const index of ordered) {
    try {
      const listing = listingOf?.(routes[index]) ?? null;
      const owner = listing ? owners.get(listing.key) : undefined;
      // The owner of a listing's day pages also writes its calendar feed; the others link it.
      if (owner) routes[index] = { ...routes[index], dayPagesOf: owner, calendarFeed: calendarFeedPath(owner.path) };
      else if (listing) {
        owners.set(listing.key, { path: routes[index].path, blocks: listing.blocks });
        routes[index] = { ...routes[index], calendarFeed: calendarFeedPath(routes[index].path) };
      }
      const route = routes[index];
      const days = programmeDays && !owner ? programmeDays(route).map((date) => dayRoute(route, date)) : [];
      routes.push(...days);
      if (listingPages) for (const listed of [route, ...days]) routes.push(...laterPages(listed, listingPages(listed)));
    } catch (error) {
      if (error instanceof BuildError) errors.push(error);
      else if (error instanceof BuildErrors) errors.push(...error.errors);
      else throw error;
    }
  }
  return errors;
}

function staticRoute(page: Page): Route {
  return {
    path: page.path,
    page,
    params: {},
    kind: page.path === "/404.html" ? "not-found" : "static",
    file: routeFile(page.path),
    jsonName: jsonNameOf(page.path),
    origin: `page '${page.path}' (${page.id})`,
  };
}

/** The day page of a programme page's route (what expandRoutes adds per programme day). */
export function dayRoute(route: Route, date: string): Route {
  const dayPath = dayPagePath(route.path, date);
  return {
    ...route,
    path: dayPath,
    file: routeFile(dayPath),
    jsonName: jsonNameOf(dayPath),
    programmeDay: date,
    origin: `the programme day ${date} of page '${route.path}'`,
  };
}

/** A later page of a listing route (what expandRoutes adds per page after the first). */
export function pagedRoute(route: Route, page: number): Route {
  const pagePath = listingPagePath(route.path, page);
  return {
    ...route,
    path: pagePath,
    file: routeFile(pagePath),
    jsonName: jsonNameOf(pagePath),
    listingPage: page,
    origin: `page ${page} of the listing '${route.path}'`,
  };
}

function laterPages(route: Route, pages: number): Route[] {
  const out: Route[] = [];
  for (let page = 2; page <= pages; page++) out.push(pagedRoute(route, page));
  return out;
}

function detailRoutes(partner: number, page: Page, names: string[], selectRecords: SelectRecords): Route[] {
  const [name, ...rest] = names;
  if (rest.length > 0)
    throw new BuildError(
      `a page path may have one route parameter, found ${names.length}`,
      { partner, pagePath: page.path },
      { code: "E_ROUTE_PARAMS" },
    );
  const found = findParamSource(page, names);
  if (!found) {
    throw new BuildError(
      `no non-collection source filters on '@${name}', so the routes of this page cannot be listed`,
      { partner, pagePath: page.path, field: "sources" },
      { code: "E_ROUTE_PARAM_SOURCE" },
    );
  }
  const { source, property } = found;
  const routes: Route[] = [];
  for (const record of selectRecords(page, source)) {
    const value = readProperty(record, property);
    const recordName = String(record.id ?? value);
    if (typeof value !== "string" || !isValidSegment(value)) {
      throw new BuildError(
        `record '${recordName}' has no usable '${property}' for the route parameter '${name}' (got ${JSON.stringify(value)})`,
        { partner, pagePath: page.path, record: recordName, field: property },
        { code: "E_ROUTE_PARAM_VALUE" },
      );
    }
    const routePath = fillParam(page.path, name, value);
    routes.push({
      path: routePath,
      page,
      params: { [name]: value },
      kind: kindOf(source, record),
      file: routeFile(routePath),
      jsonName: jsonNameOf(routePath),
      record,
      origin: `page '${page.path}' with ${source.model} '${recordName}'`,
    });
  }
  return routes;
}

/** The non-collection source with an 'eq' filter on the page's parameter (by any name, src/query routeParamFor). */
function findParamSource(page: Page, names: string[]): { source: Source; property: string } | undefined {
  for (const source of page.sources) {
    if (source.collection) continue;
    const filter = source.filter.find((f) => {
      const named = paramOf(f.value);
      return f.operator === "eq" && named !== null && routeParamFor(named, names) === names[0];
    });
    if (filter) return { source, property: filter.property };
  }
  return undefined;
}

function readProperty(record: Record<string, unknown>, property: string): unknown {
  let value: unknown = record;
  for (const key of property.split("."))
    value = value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

function kindOf(source: Source, record: Record<string, unknown>): RouteKind {
  if (source.model === "article") return "article";
  if (source.model === "production") return record.object === "culture" ? "culture" : "film";
  return "static";
}

function findConflicts(partner: number, routes: Route[]): BuildError[] {
  const errors: BuildError[] = [];
  const byFile = new Map<string, Route>();
  for (const route of routes) {
    // Folders are compared case-insensitively: macOS and Windows checkouts and some hosts fold case.
    const key = route.file.toLowerCase();
    const other = byFile.get(key);
    if (other) {
      errors.push(
        new BuildError(
          `two routes resolve to the same path '${route.path}': ${other.origin} and ${route.origin}`,
          { partner, pagePath: route.path },
          { code: "E_ROUTE_CONFLICT" },
        ),
      );
    } else {
      byFile.set(key, route);
    }
  }
  return errors;
}
