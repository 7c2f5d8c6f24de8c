export { collectSearchRecords, type SearchRecord, type SearchRecordKind } from "./search-records.js";
export { renderSearchDocument, SEARCH_META } from "./search-document.js";
export {
  buildSearchIndex,
  holdPagefind,
  startSearchIndex,
  SEARCH_ASSETS_DIR,
  type StartedSearchIndex,
  type SearchIndexOptions,
  type SearchIndexResult,
} from "./search-index.js";
export { planSearchIndex, searchRecordsOf, showsSearchResults } from "./plan-search-index.js";
export { pageRecord, SEARCH_RESULTS_KIND, textBlocksOnly } from "./page-records.js";
export type { SearchIndexAssets } from "../model/assets.js";
