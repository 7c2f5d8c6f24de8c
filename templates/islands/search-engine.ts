/**
 * Loads Pagefind's browser library from the build's index folder (src/search/search-index.ts),
 * once per page, the first time a query is made or a search field gets focus: a visitor who
 * only opens /search downloads no index. Browser-only: called from effects, never while
 * rendering.
 */

/** One result of Pagefind's search(); its data() loads the page's fragment. */
export interface PagefindHit {
  id: string;
  score: number;
  data(): Promise<PagefindPage>;
}

/** The fragment of one indexed page, as far as the island reads it. */
export interface PagefindPage {
  url: string;
  /** The indexed text: the title ('Title.') then the body, words split on whitespace. */
  content: string;
  meta: Record<string, string | undefined>;
  /** Indexes of the matched words in content.split(/\s+/). */
  locations: number[];
}

export interface PagefindApi {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(query: string): Promise<{ results: PagefindHit[] } | null>;
}

export interface SearchIndexRef {
  /** '/assets/search/<hash>/' */
  basePath: string;
  cacheTag: string;
}

const engines = new Map<string, Promise<PagefindApi>>();

export function loadSearchEngine({ basePath, cacheTag }: SearchIndexRef): Promise<PagefindApi> {
  let engine = engines.get(basePath);
  if (!engine) {
    engine = importEngine(basePath, cacheTag);
    // A failed load (offline) is retried by the next query rather than remembered.
    engine.catch(() => engines.delete(basePath));
    engines.set(basePath, engine);
  }
  return engine;
}

async function importEngine(basePath: string, cacheTag: string): Promise<PagefindApi> {
  // A runtime URL, not a module esbuild bundles: pagefind.js belongs to the index it reads.
  const url = `${basePath}pagefind.js`;
  const api = (await import(/* @vite-ignore */ url)) as PagefindApi;
  // baseUrl '/': result URLs are the site paths given at build time. metaCacheTag: the entry
  // file is versioned like the rest of the folder instead of refetched with Date.now().
  await api.options({ basePath, baseUrl: "/", metaCacheTag: cacheTag, excerptLength: 0 });
  await api.init();
  return api;
}
