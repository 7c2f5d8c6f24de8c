/**
 * The build recipe (docs/architecture.md): each stage is one call, in order.
 *
 *   config -> fetch -> validate -> media -> query & bind -> routes -> search index
 *          -> bundle client + css -> render -> emit files -> service worker
 *
 * Bind and render run per route inside the emit stream (src/build/render-stage.ts), so a
 * site of tens of thousands of pages never sits in memory at once; a route whose inputs did
 * not change since the last build is taken from the build cache beside the output.
 */
import path from "node:path";
import { createPageResolver } from "./bind/index.js";
import { openBuildCache, startRenderStage } from "./build/render-stage.js";
import { planSiteFiles } from "./build/site-files.js";
import { MEMBER_ISLAND_KINDS } from "../client/member/service.js";
import { checkShrink } from "./build/shrink-guard.js";
import { footerHtmlWarnings } from "./lint/lint-footer-html.js";
import { bundleClient, writeOutputAtomically, type OutputFile } from "./emit/index.js";
import { toolVersion, totalRoutes } from "./emit/output-marker.js";
import { inspectOutputTarget } from "./emit/output-target.js";
import { packageRoot } from "./emit/package-root.js";
import { unwritableRoutes } from "./emit/site-path.js";
import { BuildErrors } from "./errors/index.js";
import { createLinkChecker, type LinkReport } from "./links/index.js";
import { unsafeFilterRegexes } from "./validate/check-filter-regexes.js";
import { loadDataset, type LoadOptions } from "./load.js";
import { StageTimer, debugFor, type StageTiming } from "./log/index.js";
import type { Dataset } from "./model/index.js";
import { planStylesheetAsync, type RenderAssets } from "./render/index.js";
import { collectMediaRefs, planMedia, rewriteMediaRefs } from "./media/index.js";
import { listListingPages, listProgrammeDayPages } from "./render/programme-window.js";
import { toOsloLocal } from "./time/oslo.js";
import { expandRoutes, type RouteKind } from "./routes/index.js";
import { DEV_CLIENT_URL } from "./dev/dev-protocol.js";
import { planSearchIndex } from "./search/index.js";

export interface BuildOptions extends LoadOptions {
  /** Output folder; default output/<partner>. */
  out?: string;
  /** Emit the self-unregistering service worker (docs/service-worker.md). */
  swKillSwitch?: boolean;
  /**
   * Render threads. Default: chosen by measurement (src/build/render-stage.ts,
   * docs/performance.md). Workers need the compiled CLI (dist/); from the TypeScript sources
   * the build renders in this thread.
   */
  workers?: number;
  /**
   * The incremental build cache beside the output (`<out>.cache/`): unchanged routes are not
   * rendered again. Default true; false renders every route and leaves the cache alone.
   */
  cache?: boolean;
  /** Replace a foreign file or folder at --out (never the working directory or the partners folder). */
  force?: boolean;
  /** Write even when the site shrinks drastically (src/build/shrink-guard.ts). */
  allowShrink?: boolean;
  /** Share of the previous build's routes a build must keep; default 0.5. */
  minShare?: number;
  /**
   * For `cinema-build dev` only (src/dev/): stable asset names and the dev client script
   * (live reload, CSS swap, error overlay) in every page. Never for a deploy.
   */
  dev?: boolean;
  /** Called with each warning (a redirect a page shadows, a redirect to nowhere, …). */
  onWarning?: (message: string) => void;
}

export interface DatasetSummary {
  pages: number;
  films: number;
  culture: number;
  showings: number;
  placeholders: number;
  articles: number;
  redirects: number;
}

export interface BuildResult {
  partner: number;
  capturedAt: string;
  now: string;
  out: string;
  summary: DatasetSummary;
  /** Rendered routes by kind (reused ones included). */
  routes: Partial<Record<RouteKind, number>>;
  /** Routes whose files came from the build cache instead of being rendered. */
  reused: number;
  /** Paths of the routes rendered anew (the others were reused), sorted. */
  rendered: string[];
  /** Routes of the output this build replaced (from its marker), or null for a first build. */
  previousRoutes: number | null;
  files: number;
  bytes: number;
  timings: StageTiming[];
  wallMs: number;
  warnings: string[];
  /** Things the operator may like to know that need no action. */
  notes: string[];
  /** Internal links of the written HTML that lead nowhere (src/links). */
  links: LinkReport;
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const timer = new StageTimer();
  const out = path.resolve(options.out ?? path.join("output", String(options.partner)));
  // Refused before any work: an --out that names the project, the partners folder or a
  // folder cinema-build did not write (issue 10).
  const target = await inspectOutputTarget(out, { partner: Number(options.partner), force: options.force, dataDirs: [options.partnersDir], protectedDirs: [packageRoot()] });
  const loaded = await loadDataset(options, timer);
  const partner = loaded.dataset.partner.partner;
  // esbuild bundles in its own process while this thread plans media, routes and the search records.
  const bundling = timer.time("bundle", () => bundleAssets(options.dev ?? false, loaded.dataset.memberService ? [] : MEMBER_ISLAND_KINDS));
  bundling.catch(() => undefined); // awaited below; an earlier failing stage must not leave it unhandled
  const media = await timer.time("media", () => planMedia({ partner, dir: path.join(loaded.loaded.dir, "media"), refs: collectMediaRefs(loaded.dataset) }));
  // From here on the data holds the site paths of the hashed media files, like any image URL.
  const dataset = media.files.length === 0 ? loaded.dataset : rewriteMediaRefs(loaded.dataset, (ref) => media.urls[ref]);
  const unsafe = unsafeFilterRegexes(dataset.site.pages, partner);
  if (unsafe.length > 0) throw new BuildErrors(unsafe, `partner ${partner}: ${unsafe.length} unsafe regex filter${unsafe.length === 1 ? "" : "s"}`);

  const resolver = createPageResolver(dataset);
  const routes = await timer.time("routes", () => expandRoutes({ partner, pages: dataset.site.pages, selectRecords: resolver.selectRecords, programmeDays: listProgrammeDayPages(resolver), listingPages: listListingPages(resolver, toOsloLocal(dataset.now)) }));
  const unwritable = unwritableRoutes(routes, partner);
  if (unwritable.length > 0) throw new BuildErrors(unwritable, `partner ${partner}: ${unwritable.length} page path${unwritable.length === 1 ? "" : "s"} cannot be written`);
  const routeCounts = countRoutes(routes);
  checkShrink({ partner, pages: dataset.site.pages.length, routes: routeCounts, previous: target.previous, allowShrink: options.allowShrink, minShare: options.minShare });
  // Pagefind indexes in its own process while the pages render: they need only the index's
  // folder, known before it is done (src/search/search-index.ts); its files join the end of
  // the output stream, with the service worker's, which no page needs either.
  const search = planSearchIndex(dataset, routes, resolver.resolvePage);
  const searchFiles = search ? timer.time("search-index", () => search.files) : Promise.resolve([]);
  searchFiles.catch(() => undefined); // awaited in the stream; an earlier failing stage must not leave it unhandled
  const bundled = await bundling;
  const site = await timer.time("site-files", () => planSiteFiles({ dataset, routes, assets: bundled.files, swKillSwitch: options.swKillSwitch ?? false }));
  const assets = { files: bundled.files, urls: { ...bundled.urls, search: search?.assets ?? null } satisfies RenderAssets };
  assets.urls.media = media.catalogue;
  const warnings = [...site.warnings, ...footerHtmlWarnings(dataset.site.theme.footer, dataset.partner.contentSecurity.scriptHosts).map((w) => `${w.field}: ${w.text}`)];
  warnings.forEach((warning) => options.onWarning?.(warning));

  const cache = options.cache === false ? null : openBuildCache(out, dataset, assets.urls);
  const render = startRenderStage({ dataset, routes, assets: assets.urls, resolver, cache, workers: options.workers, timer });
  // Every written page is read for its links on its way to the disk; the links are resolved
  // once all files are known.
  const linkChecker = createLinkChecker({ siteUrl: dataset.partner.siteUrl, redirects: dataset.site.redirects.map((r) => r.fromPath) });
  const marker = { generator: "cinema-build" as const, version: toolVersion(), partner, routes: routeCounts, pages: dataset.site.pages.length };
  const written = await timer.time("emit", () => writeOutputAtomically(out, linkChecker.watch(concat([...site.files, ...media.files], render.files, [site.serviceWorker, searchFiles])), { force: options.force, marker }));
  const resolveStarted = performance.now();
  const links = linkChecker.finish();
  timer.record("links", links.ms);
  // Reading the pages for links ran inside the emit stream; resolving them after it.
  render.finish(timer, links.ms - (performance.now() - resolveStarted));
  debugFor("build")("wrote %d files to %s", written.files, out);

  return {
    partner,
    capturedAt: dataset.capturedAt,
    now: dataset.now,
    out,
    summary: summarise(dataset),
    routes: render.tally.counts,
    reused: render.tally.reused,
    rendered: [...render.tally.rendered].sort(),
    previousRoutes: target.previous ? totalRoutes(target.previous.routes) : null,
    files: written.files,
    bytes: written.bytes,
    timings: timer.timings,
    wallMs: performance.now() - started,
    warnings,
    notes: site.notes,
    links,
  };
}

/**
 * The browser bundles and the stylesheet, content-hashed (dev: stable names and the dev
 * client), without the island kinds in `exclude`. The search index is not among the files: they go to the service worker's
 * precache, and the index is fetched piece by piece.
 */
async function bundleAssets(dev: boolean, exclude: readonly string[]): Promise<{ files: OutputFile[]; urls: Omit<RenderAssets, "search"> }> {
  const [client, stylesheet] = await Promise.all([bundleClient({ stableNames: dev, exclude }), planStylesheetAsync({ stableName: dev, fresh: dev })]);
  const urls: Omit<RenderAssets, "search"> = { ...client.assets, css: stylesheet.url, devScript: dev ? DEV_CLIENT_URL : undefined };
  return { files: [...client.files, stylesheet.file], urls };
}

async function* concat(first: OutputFile[], rest: AsyncIterable<OutputFile>, last: Promise<OutputFile[]>[]): AsyncGenerator<OutputFile> {
  yield* first;
  yield* rest;
  for (const files of last) yield* await files;
}

function countRoutes(routes: { kind: RouteKind }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const route of routes) counts[route.kind] = (counts[route.kind] ?? 0) + 1;
  return counts;
}

export function summarise(dataset: Dataset): DatasetSummary {
  const showings = dataset.events.filter((event) => event.id !== null).length;
  return {
    pages: dataset.site.pages.length,
    films: dataset.productions.filter((p) => p.object === "movie").length,
    culture: dataset.productions.filter((p) => p.object === "culture").length,
    showings,
    placeholders: dataset.events.length - showings,
    articles: dataset.articles.length,
    redirects: dataset.site.redirects.length,
  };
}
