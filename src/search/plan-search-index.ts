/**
 * The search stage of the build: the index of every film, culture and article page, made
 * when some page shows search results (spec 2.3 /search), else nothing.
 */
import type { Dataset } from "../model/index.js";
import type { Route } from "../routes/index.js";
import { buildSearchIndex, type SearchIndexResult } from "./search-index.js";
import { collectSearchRecords } from "./search-records.js";

export const SEARCH_RESULTS_KIND = "search-results";

export async function planSearchIndex(dataset: Dataset, routes: Route[]): Promise<SearchIndexResult | null> {
  const shown = dataset.site.pages.some((page) => page.blocks.some((block) => block.component === SEARCH_RESULTS_KIND && !block.hide));
  if (!shown) return null;
  const { site } = dataset;
  return buildSearchIndex({ records: collectSearchRecords(dataset, routes), language: site.activeLocale || site.locale.default });
}
