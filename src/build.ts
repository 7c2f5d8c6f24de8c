/**
 * The build recipe (docs/architecture.md): each stage is one call, in order.
 *
 *   config -> fetch -> validate -> media -> query & bind -> routes -> search index
 *          -> bundle client + css -> site files -> render -> emit files (+ links)
 *
 * Bind and render run per route inside the emit stream (src/recipe/emit-site.ts), so a
 * site of tens of thousands of pages never sits in memory at once; a route whose inputs did
 * not change since the last build is taken from the build cache beside the output. The dev
 * session (src/session/) calls the same stage functions and keeps their results between saves.
 */
import path from "node:path";
import { emitSite, type EmittedSite } from "./recipe/emit-site.js";
import { prepareSite } from "./recipe/prepare-site.js";
import { assembleAssets, bundleAssets, unusedIslands } from "./recipe/site-assets.js";
import type { BuildTools } from "./recipe/build-tools.js";
import { planSiteFiles } from "./recipe/site-files.js";
import { checkShrink } from "./emit/shrink-guard.js";
import { collectSiteWarnings } from "./recipe/site-warnings.js";
import { tuneV8 } from "./recipe/v8-flags.js";
import type { DeployChanges } from "./emit/deploy-manifest.js";
import { totalRoutes, type OutputMarker } from "./emit/output-marker.js";
import { inspectOutputTarget } from "./emit/output-target.js";
import { packageRoot } from "./shared/package-root.js";
import { brokenLinksWarning, type LinkReport } from "./links/index.js";
import { hostProfile, type HostName } from "./hosts/host-profile.js";
import { loadDataset, type LoadOptions } from "./load.js";
import { StageTimer, type StageTiming } from "./log/index.js";
import type { Dataset } from "./model/index.js";
import type { RouteKind } from "./routes/index.js";
import { planSearchIndex } from "./search/index.js";

export interface BuildOptions extends LoadOptions {
  /** Output folder; default output/<partner>. */
  out?: string;
  /** Emit the self-unregistering service worker (docs/service-worker.md). */
  swKillSwitch?: boolean;
  /**
   * Render threads. Default: chosen by measurement (src/render/stage/render-stage.ts,
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
  /** Write even when the site shrinks drastically (src/emit/shrink-guard.ts). */
  allowShrink?: boolean;
  /** Share of the previous build's routes a build must keep; default 0.5. */
  minShare?: number;
  /**
   * For `cinema-build dev` only (src/dev/): stable asset names and the dev client script
   * (live reload, CSS swap, error overlay) in every page. Never for a deploy.
   */
  dev?: boolean;
  /** The static host the site is for (src/hosts/host-profile.ts); default DEFAULT_HOST. */
  host?: HostName;
  /** Called with each warning (a redirect a page shadows, a redirect to nowhere, …). */
  onWarning?: (message: string) => void;
  /** Bundles, render workers and Pagefind shared with the other builds of this process (src/recipe/build-partners.ts). */
  tools?: BuildTools;
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
  /** Published files added, changed and removed since the build this one replaced (null: it had no deploy manifest). */
  changes: DeployChanges | null;
  /** The deploy manifest beside the output (src/emit/deploy-manifest.ts). */
  manifest: string;
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
  // Bounded memory at 10,000 films and less JIT churn in a short build (docs/performance.md).
  tuneV8();
  const timer = new StageTimer();
  const out = path.resolve(options.out ?? path.join("output", String(options.partner)));
  // Refused before any work: an --out that names the project, the partners folder or a
  // folder cinema-build did not write (docs/security.md).
  const target = await inspectOutputTarget(out, {
    partner: Number(options.partner),
    force: options.force,
    dataDirs: [options.partnersDir],
    protectedDirs: [packageRoot()],
  });
  const loaded = await loadDataset(options, timer);
  // The client bundles come from their disk memo, or from esbuild in its own process, while
  // this thread plans media, routes and the search records.
  const bundle = options.tools?.bundle ?? bundleAssets;
  const bundling = timer.time("bundle", () => bundle(options.dev ?? false, unusedIslands(loaded.dataset)));
  bundling.catch(() => undefined); // awaited below; an earlier failing stage must not leave it unhandled
  const host = hostProfile(options.host);
  const site = await prepareSite(loaded, timer, host);
  const { dataset, routes } = site;
  checkShrink({
    partner: dataset.partner.partner,
    pages: dataset.site.pages.length,
    routes: site.routeCounts,
    previous: target.previous,
    allowShrink: options.allowShrink,
    minShare: options.minShare,
  });
  // Pagefind indexes in its own process while the pages render: they need only the index's
  // folder, known before it is done (src/search/search-index.ts); its files join the end of
  // the output stream, with the service worker's, which no page needs either.
  const search = planSearchIndex(dataset, routes, site.resolver.resolvePage, site.resolver.memos);
  const searchFiles = search ? timer.time("search-index", () => search.files) : Promise.resolve([]);
  searchFiles.catch(() => undefined); // awaited in the stream; an earlier failing stage must not leave it unhandled
  // Except for a large index, finished first, before the site files are made too, so that its
  // peak meets neither theirs nor the render's (src/search/search-index.ts FINISH_BEFORE_RENDER_FROM).
  if (search?.finishBeforeRender) await searchFiles;
  const bundled = await bundling;
  const planned = await timer.time("site-files", () =>
    planSiteFiles({
      dataset,
      routes,
      assets: bundled.files,
      swKillSwitch: options.swKillSwitch ?? false,
      host,
      feeds: site.feeds,
    }),
  );
  const assets = assembleAssets(bundled, search ? { assets: search.assets } : null, site.media, host);
  const warnings = collectSiteWarnings(dataset, planned.warnings);
  warnings.forEach((warning) => options.onWarning?.(warning));

  const emitted = await emitSite({
    out,
    site,
    assets,
    siteFiles: planned.files,
    late: [planned.serviceWorker, searchFiles],
    cache: options.cache !== false,
    workers: options.workers,
    pool: options.tools?.renderPool ?? undefined,
    force: options.force,
    timer,
  });
  emitted.warnings.forEach((warning) => options.onWarning?.(warning));
  return reportBuild({
    started,
    timer,
    out,
    dataset,
    previous: target.previous,
    notes: planned.notes,
    warnings,
    emitted,
    onWarning: options.onWarning,
  });
}

interface BuildRun {
  /** performance.now() when the build began. */
  started: number;
  timer: StageTimer;
  out: string;
  dataset: Dataset;
  /** The marker of the output this build replaced, if any. */
  previous: OutputMarker | null;
  notes: string[];
  /** The warnings reported before emitting (the emit stage's own are in `emitted`). */
  warnings: string[];
  emitted: EmittedSite;
  onWarning: BuildOptions["onWarning"];
}

/** The last step: the link check's warning, then what the build did, as its result. */
function reportBuild({
  started,
  timer,
  out,
  dataset,
  previous,
  notes,
  warnings,
  emitted,
  onWarning,
}: BuildRun): BuildResult {
  // Broken internal links are a warning naming the first pages; --strict fails on them (src/cli/commands.ts).
  const linkWarning = brokenLinksWarning(emitted.links);
  if (linkWarning) {
    warnings.push(linkWarning);
    onWarning?.(linkWarning);
  }
  return {
    partner: dataset.partner.partner,
    capturedAt: dataset.capturedAt,
    now: dataset.now,
    out,
    summary: summarise(dataset),
    routes: emitted.tally.counts,
    reused: emitted.tally.reused,
    rendered: [...emitted.tally.rendered].sort(),
    previousRoutes: previous ? totalRoutes(previous.routes) : null,
    files: emitted.written.files,
    bytes: emitted.written.bytes,
    changes: emitted.written.changes,
    manifest: emitted.written.manifest,
    timings: timer.timings,
    wallMs: performance.now() - started,
    warnings: [...warnings, ...emitted.warnings],
    notes,
    links: emitted.links,
  };
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
