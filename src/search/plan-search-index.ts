/**
 * The search stage of the build: the index of every film, culture, article and information
 * page, made when some page shows search results (spec 2.3 /search), else nothing.
 */
import { isBuildError } from "../errors/index.js";
import type { Dataset, ResolvedPage, Site } from "../model/index.js";
import type { Route } from "../routes/index.js";
import { pageRecord, SEARCH_RESULTS_KIND, textBlocksOnly } from "./page-records.js";
import { startSearchIndex, type StartedSearchIndex } from "./search-index.js";
import { collectSearchRecords, type SearchRecord } from "./search-records.js";
import type { MemoSet } from "../shared/bounded-memo.js";

/**
 * The records are collected here, in this thread; Pagefind indexes them in its own process.
 * The index's folder is known at once (startSearchIndex), so the pages render meanwhile and
 * the build awaits `files` only at the end of its output stream. `memos`: the build's (its
 * resolver's), so a text the pages strip again is stripped once.
 */
export function planSearchIndex(
  dataset: Dataset,
  routes: Route[],
  resolvePage: (route: Route) => ResolvedPage,
  memos?: MemoSet,
): StartedSearchIndex | null {
  if (!showsSearchResults(dataset.site)) return null;
  const { site } = dataset;
  return startSearchIndex({
    records: searchRecordsOf(dataset, routes, resolvePage, memos),
    language: site.activeLocale || site.locale.default,
  });
}

/** Some page shows a visible search-results block: the site needs an index. */
export function showsSearchResults(site: Site): boolean {
  return site.pages.some((page) => page.blocks.some((block) => block.component === SEARCH_RESULTS_KIND && !block.hide));
}

/** Detail pages from their records, static pages from their resolved blocks; sorted by url. */
export function searchRecordsOf(
  dataset: Dataset,
  routes: Route[],
  resolvePage: (route: Route) => ResolvedPage,
  memos?: MemoSet,
): SearchRecord[] {
  // A programme's day pages ('/kinoprogram/dag/…') repeat their page's text: the page stands for them.
  const pages = routes
    .filter((route) => route.kind === "static" && !route.programmeDay && !route.listingPage)
    .map((route) => pageRecordOf(route, resolvePage, memos));
  const records = [
    ...collectSearchRecords(dataset, routes, memos),
    ...pages.filter((record): record is SearchRecord => record !== null),
  ];
  return records.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}

/**
 * A page whose data does not resolve is left out here: the render stage reports it with
 * every other failing route, instead of this stage stopping at the first.
 */
function pageRecordOf(
  route: Route,
  resolvePage: (route: Route) => ResolvedPage,
  memos: MemoSet | undefined,
): SearchRecord | null {
  const page = textBlocksOnly(route.page);
  if (!page) return null;
  try {
    return pageRecord(resolvePage({ ...route, page }), memos);
  } catch (error) {
    if (isBuildError(error)) return null;
    throw error;
  }
}
