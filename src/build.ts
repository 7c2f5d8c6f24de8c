/**
 * The build recipe (docs/architecture.md): each stage is one call, in order.
 *
 *   config -> fetch -> validate -> query & bind -> routes -> bundle client + css
 *          -> render -> emit files -> service worker
 *
 * Today the recipe runs config -> fetch -> validate and summarises what it loaded; the
 * query, render and emit stages are wired in as they land (issues 3–5).
 */
import { loadDataset, type LoadOptions } from "./load.js";
import { StageTimer, type StageTiming } from "./log/index.js";
import type { Dataset } from "./model/index.js";

export interface BuildOptions extends LoadOptions {
  /** Output folder; default output/<partner>. */
  out?: string;
  /** Emit the self-unregistering service worker (docs/service-worker.md). */
  swKillSwitch?: boolean;
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
  summary: DatasetSummary;
  timings: StageTiming[];
  wallMs: number;
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const timer = new StageTimer();
  const { dataset } = await loadDataset(options, timer);
  return {
    partner: dataset.partner.partner,
    capturedAt: dataset.capturedAt,
    now: dataset.now,
    summary: summarise(dataset),
    timings: timer.timings,
    wallMs: performance.now() - started,
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
