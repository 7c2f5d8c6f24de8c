/**
 * The build recipe (docs/architecture.md): each stage is one call, in order.
 *
 *   config -> fetch -> validate -> query & bind -> routes -> bundle client + css
 *          -> render -> emit files -> service worker
 *
 * Bind and render run per route inside the emit stream (src/build/render-stage.ts), so a
 * site of tens of thousands of pages never sits in memory at once; a route whose inputs did
 * not change since the last build is taken from the build cache beside the output.
 */
import path from "node:path";
import { createPageResolver } from "./bind/index.js";
import { openBuildCache, startRenderStage } from "./build/render-stage.js";
import { planSiteFiles } from "./build/site-files.js";
import { bundleClient, writeOutputAtomically, type OutputFile } from "./emit/index.js";
import { loadDataset, type LoadOptions } from "./load.js";
import { StageTimer, debugFor, type StageTiming } from "./log/index.js";
import type { Dataset } from "./model/index.js";
import { planStylesheet, type RenderAssets } from "./render/index.js";
import { expandRoutes, type RouteKind } from "./routes/index.js";

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
  files: number;
  bytes: number;
  timings: StageTiming[];
  wallMs: number;
  warnings: string[];
  /** Things the operator may like to know that need no action. */
  notes: string[];
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const timer = new StageTimer();
  const { dataset } = await loadDataset(options, timer);
  const partner = dataset.partner.partner;
  const out = path.resolve(options.out ?? path.join("output", String(partner)));

  const resolver = createPageResolver(dataset);
  const routes = await timer.time("routes", () => expandRoutes({ partner, pages: dataset.site.pages, selectRecords: resolver.selectRecords }));
  const assets = await timer.time("bundle", bundleAssets);
  const site = await timer.time("site-files", () => planSiteFiles({ dataset, routes, assets: assets.files, swKillSwitch: options.swKillSwitch ?? false }));
  const warnings = site.warnings;
  warnings.forEach((warning) => options.onWarning?.(warning));

  const cache = options.cache === false ? null : openBuildCache(out, dataset, assets.urls);
  const render = startRenderStage({ dataset, routes, assets: assets.urls, resolver, cache, workers: options.workers, timer });
  const written = await timer.time("emit", () => writeOutputAtomically(out, concat(site.files, render.files)));
  render.finish(timer);
  debugFor("build")("wrote %d files to %s", written.files, out);

  return {
    partner,
    capturedAt: dataset.capturedAt,
    now: dataset.now,
    out,
    summary: summarise(dataset),
    routes: render.tally.counts,
    reused: render.tally.reused,
    files: written.files,
    bytes: written.bytes,
    timings: timer.timings,
    wallMs: performance.now() - started,
    warnings,
    notes: site.notes,
  };
}

/** The browser bundles and the stylesheet, content-hashed. */
async function bundleAssets(): Promise<{ files: OutputFile[]; urls: RenderAssets }> {
  const client = await bundleClient();
  const stylesheet = planStylesheet();
  return { files: [...client.files, stylesheet.file], urls: { ...client.assets, css: stylesheet.url } };
}

async function* concat(first: OutputFile[], rest: AsyncIterable<OutputFile>): AsyncGenerator<OutputFile> {
  yield* first;
  yield* rest;
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
