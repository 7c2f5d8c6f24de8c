/**
 * What a dev rebuild runs after its pages are written and the browser is told to reload
 * (docs/dev.md: the page is served first): the search index, then the link check over the
 * served folder, then lint. Their results follow as a second report (the terminal line, the
 * overlay for lint errors). A follow-up whose rebuild was overtaken by a newer save writes
 * nothing: the newer rebuild has its own.
 */
import type { PreparedSite } from "../recipe/prepare-site.js";
import { DEV_CLIENT_URL } from "../isomorphic/dev-protocol.js";
import { checkLinksInFolder, type LinkReport } from "../links/index.js";
import { formatFindingsText, lintDataset } from "../lint/index.js";
import { buildSearchIndex, searchRecordsOf, showsSearchResults, type SearchIndexResult } from "../search/index.js";

export interface SearchState {
  result: SearchIndexResult | null;
  /** The indexed records as JSON: an unchanged text is not indexed again. */
  records: string;
}

export interface FollowUpReport {
  ms: number;
  /** 'none': no page shows search results; 'unchanged'; 'rebuilt': a new index was written. */
  search: "none" | "unchanged" | "rebuilt";
  /** Pages written again because they name the search index. */
  pages: string[];
  /** Files the follow-up wrote (the index, those pages; the service worker after an asset save). */
  written: string[];
  links: Pick<LinkReport, "pages" | "checked" | "broken"> | null;
  /** Lint errors as the terminal prints them, or null. */
  lint: string | null;
  /** A newer rebuild started: this follow-up stopped and wrote nothing more. */
  stale: boolean;
  /** What went wrong, if anything did (reported like a failed rebuild). */
  failure: unknown;
}

export interface FollowUpOptions {
  site: PreparedSite;
  out: string;
  previousSearch(): SearchState | null;
  /** Writes the new index and the pages that name it; null when the rebuild is no longer current. */
  search(state: SearchState): Promise<{ rendered: string[]; written: string[] } | null>;
  isCurrent(): boolean;
}

export async function runFollowUp(options: FollowUpOptions): Promise<FollowUpReport> {
  // Not a moment of it before the rebuild's outcome is out: collecting the search records is
  // synchronous work, and the page must be served first.
  await new Promise((resolve) => setImmediate(resolve));
  const started = performance.now();
  const report: FollowUpReport = {
    ms: 0,
    search: "none",
    pages: [],
    written: [],
    links: null,
    lint: null,
    stale: false,
    failure: null,
  };
  try {
    const previous = options.previousSearch();
    const next = await indexSite(options.site, previous);
    if (next !== previous) {
      const pass = await options.search(next);
      if (!pass) return { ...report, stale: true, ms: performance.now() - started };
      report.pages = pass.rendered;
      report.written = pass.written;
    }
    report.search = next.result === null ? "none" : next === previous ? "unchanged" : "rebuilt";
    if (!options.isCurrent()) return { ...report, stale: true, ms: performance.now() - started };
    const { dataset } = options.site;
    // The dev client's script is answered by the dev server, not a file: it leads somewhere.
    const answered = [...dataset.site.redirects.map((r) => r.fromPath), DEV_CLIENT_URL];
    const links = await checkLinksInFolder(options.out, { siteUrl: dataset.partner.siteUrl, redirects: answered });
    report.links = { pages: links.pages, checked: links.checked, broken: links.broken };
    report.lint = lintErrors(options.site);
  } catch (error) {
    report.failure = error;
  }
  return { ...report, ms: performance.now() - started };
}

/** The site's search index, or `previous` itself when the records it indexes are unchanged. */
export async function indexSite(site: PreparedSite, previous: SearchState | null): Promise<SearchState> {
  const { dataset, routes, resolver } = site;
  if (!showsSearchResults(dataset.site)) return previous?.result === null ? previous : { result: null, records: "" };
  const language = dataset.site.activeLocale || dataset.site.locale.default;
  const records = searchRecordsOf(dataset, routes, resolver.resolvePage, resolver.memos);
  const key = JSON.stringify([language, records]);
  if (previous && previous.records === key) return previous;
  return { result: await buildSearchIndex({ records, language }), records: key };
}

/** Lint errors of the data as loaded (warnings stay in `cinema-build lint`), as text. */
function lintErrors(site: PreparedSite): string | null {
  const errors = lintDataset(site.loaded.dataset).filter((finding) => finding.severity === "error");
  return errors.length > 0
    ? `lint: ${errors.length} error${errors.length === 1 ? "" : "s"}\n${formatFindingsText(errors)}`
    : null;
}
