/**
 * Whether a route can have changed (dataset-changes.ts): a route's resolved page is made from
 * its CMS page, the block data of its blocks, the records its page's sources select for its
 * parameters, and what every page shares; its structured data from its own record (a film's
 * showings, an article). A source's selection can only change if a changed record passes its
 * filters, in its old or its new version: the others are in neither selection, and the
 * records both keep are in the same order. So a route none of whose inputs changed keeps its
 * key and is neither bound nor rendered again (the search index's pages aside, which also
 * depend on the index).
 */
import type { Dataset, Page, Production } from "../model/index.js";
import { compileSources, createDatasetIndex, type CompiledSource } from "../query/index.js";
import { paramNamesOf, type Route } from "../routes/index.js";
import { SEARCH_RESULTS_KIND } from "../search/index.js";
import type { DatasetChanges } from "./dataset-changes.js";

export interface RouteCheckOptions {
  changes: DatasetChanges;
  /** The new dataset (its pages' sources are compiled once here, for their filters). */
  dataset: Dataset;
  /** The search index changed: the pages that show search results name it. */
  searchChanged: boolean;
  /**
   * For a programme's day page: true when everything of its page's shared resolution but the
   * showings is unchanged, and so are its days (the session compares them, programme-memory.ts).
   * Its own day's showings are then unchanged unless the day is in `changes.showingDays`.
   */
  sameProgramme?: (route: Route) => boolean;
}

/** True when the route may have changed and must be bound again. */
export function createRouteCheck(options: RouteCheckOptions): (route: Route) => boolean {
  const { changes, dataset } = options;
  const index = createDatasetIndex(dataset);
  const compiled = new Map<Page, Map<string, CompiledSource> | null>();
  const sourcesOf = (page: Page) => {
    if (!compiled.has(page)) {
      let sources: Map<string, CompiledSource> | null;
      try {
        sources = compileSources(
          page.sources,
          index,
          { partner: dataset.partner.partner, pagePath: page.path },
          paramNamesOf(page.path),
        );
      } catch {
        sources = null; // the bind stage reports it
      }
      compiled.set(page, sources);
    }
    return compiled.get(page);
  };

  return (route) => {
    if (changes.everything || changes.pages.has(route.page.id)) return true;
    if (options.searchChanged && route.page.blocks.some((block) => block.component === SEARCH_RESULTS_KIND))
      return true;
    if (route.page.blocks.some((block) => block.data.some((id) => changes.blockData.has(id)))) return true;
    const sources = sourcesOf(route.page);
    if (!sources) return true;
    let selects = false;
    for (const source of sources.values()) {
      const records = changes.records[source.source.model];
      if (records === "all") return true;
      if (!selects && records.length > 0 && records.some((record) => passes(source, record, route.params)))
        selects = true;
    }
    if (selects) {
      // Only changed records make the page's resolution change: a day page windows it to one
      // day (src/render/programme-window.ts), and lists none of them on a day without their showings.
      return !(route.programmeDay && !changes.showingDays.has(route.programmeDay) && options.sameProgramme?.(route));
    }
    if ((route.kind === "film" || route.kind === "culture") && changes.productions.has((route.record as Production).id))
      return true;
    if (route.kind === "article" && changes.articles.has((route.record as { id: string }).id)) return true;
    return false;
  };
}

function passes(
  source: CompiledSource,
  record: Parameters<CompiledSource["matches"]>[0],
  params: Record<string, string>,
): boolean {
  try {
    return source.matches(record, params);
  } catch {
    return true; // a parameter the route lacks: let the bind stage decide and report
  }
}
