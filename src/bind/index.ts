/**
 * Query & bind (docs/architecture.md): a page and its route parameters in, the page with its
 * meta and every visible block's data resolved out. The binding language is in docs/bindings.md.
 */
import type { Dataset, Page, ResolvedPage, Source } from "../model/index.js";
import { compileSources, createDatasetIndex, type CompiledSource } from "../query/index.js";
import { paramNamesOf, type SelectRecords } from "../routes/index.js";
import { createMemoSet, type MemoSet } from "../shared/bounded-memo.js";
import { createParseCache } from "./evaluate-binding.js";
import { createOsloClock } from "../isomorphic/time/oslo-clock.js";
import { resolvePageRoute } from "./resolve-page.js";

export interface RouteToResolve {
  page: Page;
  path: string;
  params: Record<string, string>;
}

export interface PageResolver {
  /** For expandRoutes (src/routes/expand-routes.ts): the records a source selects with its '@param' filters left out. */
  selectRecords: SelectRecords;
  /** Runs the page's sources with the route params, resolves meta and every visible block. Throws BuildError/BuildErrors with partner, pagePath, blockId, component, field, expression. */
  resolvePage(route: RouteToResolve): ResolvedPage;
  /**
   * resolvePage for a page without route parameters, resolved once and shared: a programme
   * page and its day pages (src/render/programme-window.ts) show one resolution, and the
   * routes stage reads its days from it too (docs/spec-decisions.md, Bounded listings). Do not mutate the result.
   * The most recently used resolutions are kept up to SHARED_BUDGET records; routes come
   * sorted by path, so a page and its day pages ask for theirs one after the other.
   */
  resolveShared(route: RouteToResolve): ResolvedPage;
  /** The memos its bindings use, which the build's other stages in this thread share (search records, the renderer). */
  readonly memos: MemoSet;
}

/**
 * Productions and showings the kept shared resolutions may hold together. A partner's few
 * programme pages all fit (178: about 7,000); at 10,000 films one page's full programme is
 * several times this, so only the page in use is kept and memory stays bounded.
 */
const SHARED_BUDGET = 50_000;

export interface PageResolverOptions {
  /**
   * Keep only the record fields each block's template reads (src/bind/project-records.ts): the
   * build's resolver does, so a route's data and cache key follow what the page shows; lint and
   * tests that look at every bound field do not.
   */
  projectRecords?: boolean;
  /** The memos its bindings use (the `text` filter); default a set of its own, dropped with the resolver. */
  memos?: MemoSet;
}

/**
 * A resolver for one dataset. Each page's sources are compiled once (regexes, value sets,
 * route-parameter indexes) and each binding string parsed once, then reused for every route.
 */
export function createPageResolver(dataset: Dataset, options: PageResolverOptions = {}): PageResolver {
  const index = createDatasetIndex(dataset);
  const clock = createOsloClock(dataset.now);
  const parse = createParseCache();
  const memos = options.memos ?? createMemoSet();
  const compiledPages = new WeakMap<Page, Map<string, CompiledSource>>();
  const sourcesOf = (page: Page): Map<string, CompiledSource> => {
    let sources = compiledPages.get(page);
    if (!sources) {
      sources = compileSources(
        page.sources,
        index,
        { partner: dataset.partner.partner, pagePath: page.path },
        paramNamesOf(page.path),
      );
      compiledPages.set(page, sources);
    }
    return sources;
  };
  const shared = new Map<Page, { page: ResolvedPage; weight: number }>();
  let sharedWeight = 0;
  const resolvePage = (route: RouteToResolve) =>
    resolvePageRoute(
      { ...route, sources: sourcesOf(route.page) },
      { dataset, clock, parse, memos, projectRecords: options.projectRecords === true },
    );
  return {
    selectRecords(page: Page, source: Source) {
      const compiled = sourcesOf(page).get(source.name);
      const records =
        compiled && compiled.source === source
          ? compiled.staticRecords()
          : compileSources(
              [source],
              index,
              { partner: dataset.partner.partner, pagePath: page.path },
              paramNamesOf(page.path),
            )
              .get(source.name)!
              .staticRecords();
      return records as unknown as Record<string, unknown>[];
    },
    resolvePage,
    memos,
    resolveShared(route: RouteToResolve) {
      const kept = shared.get(route.page);
      if (kept) {
        // Most recently used last: the first entry is the one to drop.
        shared.delete(route.page);
        shared.set(route.page, kept);
        return kept.page;
      }
      const page = resolvePage({ page: route.page, path: route.page.path, params: {} });
      const weight = weighResolution(page);
      for (const [oldest, entry] of shared) {
        if (sharedWeight + weight <= SHARED_BUDGET) break;
        shared.delete(oldest);
        sharedWeight -= entry.weight;
      }
      shared.set(route.page, { page, weight });
      sharedWeight += weight;
      return page;
    },
  };
}

/** Records a resolution holds: its blocks' list entries and their tickets. */
function weighResolution(page: ResolvedPage): number {
  let weight = 0;
  for (const block of page.blocks) {
    for (const data of block.data) {
      for (const value of Object.values(data)) {
        if (!Array.isArray(value)) continue;
        weight += value.length;
        for (const item of value)
          if (item && typeof item === "object" && Array.isArray((item as { tickets?: unknown }).tickets))
            weight += (item as { tickets: unknown[] }).tickets.length;
      }
    }
  }
  return weight;
}

export { parseBinding, parseExpression, BindingSyntaxError, type Expression, type PathStep } from "./parse-binding.js";
export { parseTicketDisplayMode } from "./ticket-display-mode.js";
export { createOsloClock, isPast } from "../isomorphic/time/oslo-clock.js";
