import { BuildError, BuildErrors, type ErrorLocation } from "../errors/index.js";
import type { Block, Dataset, Page, ResolvedBlock, ResolvedBlockData, ResolvedPage } from "../model/index.js";
import { type AnyRecord, type CompiledSource } from "../query/index.js";
import type { MemoSet } from "../shared/bounded-memo.js";
import type { BindingEnv } from "./evaluate-binding.js";
import type { OsloClock } from "../isomorphic/time/oslo-clock.js";
import { applyProgrammeRules } from "./programme-rules.js";
import { projectRecords } from "./project-records.js";
import { resolveFields } from "./resolve-fields.js";
import { resolveMeta } from "./resolve-meta.js";
import type { RouteSources } from "./scope.js";

export interface PageRouteInput {
  page: Page;
  path: string;
  params: Record<string, string>;
  sources: ReadonlyMap<string, CompiledSource>;
}

export interface PageEnv {
  dataset: Dataset;
  clock: OsloClock;
  parse: BindingEnv["parse"];
  /** The resolver's memos (src/shared/bounded-memo.ts). */
  memos?: MemoSet;
  /** Keep only the record fields each block's template reads (project-records.ts); the build's resolver does, lint's sees every field. */
  projectRecords?: boolean;
}

/**
 * One route of a page, resolved: its sources run with the route parameters, its meta, and
 * every visible block's data (hidden blocks are dropped). Every mistake of the page is
 * collected and thrown together, each with partner, page path, block, field and expression.
 */
export function resolvePageRoute(input: PageRouteInput, env: PageEnv): ResolvedPage {
  const { page, path, params } = input;
  const { dataset } = env;
  const location: ErrorLocation = { partner: dataset.partner.partner, pagePath: path };
  const errors: BuildError[] = [];
  const route = routeSources(input, location, errors);
  // A detail route's own record is looked up even when no block reads it: a route whose
  // record is gone must fail, not render an empty page.
  for (const [name, compiled] of input.sources)
    if (!compiled.source.collection && compiled.params.length > 0) route.selection(name);
  const bindingEnv: BindingEnv = { route, parse: env.parse, memos: env.memos };
  const locale = dataset.site.locale.default || "nb";

  const meta = resolveMeta(page, locale, dataset.partner, bindingEnv, location, errors);
  const blocks = visibleBlocks(page).map((block) => resolveBlock(block, dataset, bindingEnv, env, location, errors));
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1)
    throw new BuildErrors(errors, `partner ${dataset.partner.partner}, page ${path}: ${errors.length} binding errors`);
  return {
    pageId: page.id,
    path,
    params: { ...params },
    title: page.title,
    layout: page.layout,
    pageType: page.pageType,
    template: page.template,
    meta,
    blocks,
  };
}

/** The route's records per source, each selected once; a detail record that is missing is an error. */
function routeSources(input: PageRouteInput, location: ErrorLocation, errors: BuildError[]): RouteSources {
  const cache = new Map<string, readonly AnyRecord[]>();
  const selection = (name: string): readonly AnyRecord[] => {
    let records = cache.get(name);
    if (records === undefined) {
      const compiled = input.sources.get(name) as CompiledSource;
      try {
        records = compiled.select(input.params);
      } catch (error) {
        if (!(error instanceof BuildError)) throw error;
        errors.push(error);
        records = [];
      }
      if (records.length === 0 && !compiled.source.collection && compiled.params.length > 0) {
        const wanted = compiled.params.map((p) => `@${p}='${input.params[p] ?? ""}'`).join(", ");
        errors.push(
          new BuildError(
            `source '${name}' finds no ${compiled.source.model} for ${wanted}`,
            { ...location, field: `sources.${name}` },
            { code: "E_SOURCE_NO_RECORD" },
          ),
        );
      }
      cache.set(name, records);
    }
    return records;
  };
  return { sources: input.sources, params: input.params, selection };
}

/** Visible blocks in template order: row, then column, then order (stable for ties). */
function visibleBlocks(page: Page): Block[] {
  return page.blocks
    .filter((block) => !block.hide)
    .map((block, i) => ({ block, i }))
    .sort(
      (a, b) =>
        a.block.place.row - b.block.place.row ||
        a.block.place.column - b.block.place.column ||
        a.block.place.order - b.block.place.order ||
        a.i - b.i,
    )
    .map(({ block }) => block);
}

function resolveBlock(
  block: Block,
  dataset: Dataset,
  env: BindingEnv,
  pageEnv: PageEnv,
  pageLocation: ErrorLocation,
  errors: BuildError[],
): ResolvedBlock {
  const location: ErrorLocation = { ...pageLocation, blockId: block.id, component: block.component };
  const data: ResolvedBlockData[] = [];
  for (const dataId of block.data) {
    const record = dataset.blockData[dataId];
    if (!record) {
      errors.push(
        new BuildError(
          `block data '${dataId}' does not exist`,
          { ...location, field: "data" },
          { code: "E_UNKNOWN_BLOCK_DATA" },
        ),
      );
      continue;
    }
    const fields = resolveFields(
      block.metadata.properties,
      record.bindings,
      [],
      { env, location, errors, imageCdn: dataset.partner.imageCdn },
      "bindings",
    );
    applyProgrammeRules(block.component, fields, pageEnv.clock);
    const shown = pageEnv.projectRecords ? projectRecords(block.component, fields) : fields;
    data.push({ locale: record.locale, id: record.id, bindings: record.bindings, ...shown });
  }
  return {
    id: block.id,
    component: block.component,
    place: { column: block.place.column, row: block.place.row, order: block.place.order },
    data,
  };
}
