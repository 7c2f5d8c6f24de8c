import { BuildError, type ErrorLocation } from "../errors/index.js";
import type { Source } from "../model/index.js";
import { compileFilter, paramValue, type CompiledFilter } from "./compile-filter.js";
import type { AnyRecord, DatasetIndex } from "./dataset-index.js";
import { readValues } from "./read-values.js";

/**
 * A source (spec 3.3 "Source") compiled once and run for every route of its page. The filters
 * without route parameters run once; the first route-parameter filter is answered from a Map
 * built on first use, so resolving 10,000 film pages stays linear.
 */
export interface CompiledSource {
  source: Source;
  /** Route parameters the filters use ('production' for '@production'). */
  params: string[];
  /** Records matching every filter without a route parameter (computed once). */
  staticRecords(): readonly AnyRecord[];
  /** Records matching every filter for these route parameters, in data order. */
  select(params: Record<string, string>): readonly AnyRecord[];
  /** Whether one record passes every filter for these route parameters (select's test, for one record). */
  matches(record: AnyRecord, params: Record<string, string>): boolean;
}

/** `pageParams`: the route parameters of the page's path, which '@name' filter values refer to. */
export function compileSource(
  source: Source,
  index: DatasetIndex,
  location: ErrorLocation = {},
  pageParams: readonly string[] = [],
): CompiledSource {
  const compiled = source.filter.map((filter, i) =>
    compileFilter(filter, { ...location, field: `sources.${source.name}.filter[${i}]` }, pageParams),
  );
  const fixed = compiled.filter((f) => f.param === null);
  const byParam = compiled.filter((f) => f.param !== null);
  let base: readonly AnyRecord[] | undefined;
  let paramIndex: Map<string, AnyRecord[]> | undefined;

  const staticRecords = (): readonly AnyRecord[] => {
    base ??=
      fixed.length === 0
        ? index.recordsOf(source.model)
        : index.recordsOf(source.model).filter((record) => fixed.every((f) => f.matches(record, {})));
    return base;
  };

  const select = (params: Record<string, string>): readonly AnyRecord[] => {
    if (byParam.length === 0) return staticRecords();
    const [first, ...rest] = byParam;
    paramIndex ??= buildIndex(staticRecords(), first);
    const candidates = paramIndex.get(paramValue(params, first.param as string, location)) ?? [];
    return rest.length === 0 ? candidates : candidates.filter((record) => rest.every((f) => f.matches(record, params)));
  };

  const matches = (record: AnyRecord, params: Record<string, string>) =>
    compiled.every((f) => f.matches(record, f.param === null ? {} : params));

  return { source, params: byParam.map((f) => f.param as string), staticRecords, select, matches };
}

function buildIndex(records: readonly AnyRecord[], filter: CompiledFilter): Map<string, AnyRecord[]> {
  const map = new Map<string, AnyRecord[]>();
  for (const record of records) {
    for (const key of new Set(readValues(record, filter.steps))) {
      const list = map.get(key);
      if (list) list.push(record);
      else map.set(key, [record]);
    }
  }
  return map;
}

/** Compiles every source of a page, keyed by name; a duplicate name is a located error. */
export function compileSources(
  sources: readonly Source[],
  index: DatasetIndex,
  location: ErrorLocation = {},
  pageParams: readonly string[] = [],
): Map<string, CompiledSource> {
  const out = new Map<string, CompiledSource>();
  for (const source of sources) {
    if (out.has(source.name))
      throw new BuildError(
        `two sources are named '${source.name}'`,
        { ...location, field: `sources.${source.name}` },
        { code: "E_DUPLICATE_SOURCE" },
      );
    out.set(source.name, compileSource(source, index, location, pageParams));
  }
  return out;
}
