import type { Page } from "../model/index.js";

/** What a route shows; decides meta, structured data and the build report's counts. */
export type RouteKind = "static" | "film" | "culture" | "article" | "not-found";

export interface Route {
  /** Concrete URL path: '/', '/kinoprogram', '/dune-dxm-12345678', '/article/filmprek:-dune'. */
  path: string;
  page: Page;
  /** Route parameters filled from the record ({ production: 'dune-dxm-12345678' }). */
  params: Record<string, string>;
  kind: RouteKind;
  /** Output file relative to the site root: 'kinoprogram/index.html', '404.html'. */
  file: string;
  /** Name of the page's data file: page-data/<jsonName>.json (spec 2.1, 7.4). */
  jsonName: string;
  /** The record a detail route was made from. */
  record?: unknown;
  /** A programme's day page ('/kinoprogram/dag/2026-11-25', src/render/programme-window.ts): the day it shows. */
  programmeDay?: string;
  /**
   * A programme page whose listing another page's is (docs/spec-decisions.md "Shared day
   * pages"): that page, whose day pages its chips lead to and load in place.
   */
  dayPagesOf?: DayPagesOwner;
  /**
   * The calendar feed of a programme page's listings by day ('/kinoprogram-kalender.ics',
   * src/model/page-paths.ts calendarFeedPath): the page's own, or, where another page owns its
   * day pages, that page's (docs/spec-decisions.md "Calendar"). Its day and listing pages link the same.
   */
  calendarFeed?: string;
  /** A listing's later page ('/filmer/side/2', src/render/listing-pages.ts): its number, from 2. */
  listingPage?: number;
  /** Human description of where the route comes from, for conflict errors. */
  origin: string;
}

/** The page that owns the day pages of a listing several pages show. */
export interface DayPagesOwner {
  /** Its path: its day pages are '<path>/dag/<date>'. */
  path: string;
  /** Its day listings' block ids, in the order of the page's own (their islands' anchors). */
  blocks: string[];
}
