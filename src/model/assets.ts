/**
 * The public URLs of the site's own assets that the render stage writes into pages: the
 * browser bundles (made by src/emit/bundle-client.ts) and the search index (src/search/).
 */

/** Public URLs of the browser bundles, as the render stage needs them. */
export interface ClientAssets {
  /** The boot script of every page: '/assets/boot.<hash>.js'. */
  js: string;
  /** Island kind -> the URL of its bundle. */
  islands: Record<string, string>;
  /** Island kind -> the chunks its bundle imports (for <link rel="modulepreload">). */
  islandImports: Record<string, string[]>;
  /**
   * The boot script's lazy consent banner: pages that ask for consent preload it, because on a
   * first visit the banner is what paints last and largest (docs/performance.md: LCP of /kinoprogram).
   */
  consentBanner?: string;
}

/** What the search island needs to load the index. */
export interface SearchIndexAssets {
  /** '/assets/search/<hash>/': the folder of pagefind.js and the index. */
  basePath: string;
  /** Pagefind's metaCacheTag: its entry file is fetched as 'pagefind-entry.json?ts=<tag>'. */
  cacheTag: string;
  /** Indexed pages. */
  records: number;
}
