import type { Article, Dataset, LinkedEvent, Model, Production } from "../model/index.js";

/** A record any source can select. */
export type AnyRecord = Production | LinkedEvent | Article;

/**
 * The records of each model, prepared once per dataset: showings sorted by time then hall, so
 * every event list (schedules, tickets) comes out in that order without sorting per route.
 */
export interface DatasetIndex {
  recordsOf(model: Model): readonly AnyRecord[];
}

export function createDatasetIndex(dataset: Dataset): DatasetIndex {
  let events: LinkedEvent[] | undefined;
  return {
    recordsOf(model) {
      if (model === "production") return dataset.productions;
      if (model === "article") return dataset.articles;
      events ??= [...dataset.events].sort(compareEvents);
      return events;
    },
  };
}

/** Date, then hall, then key: the order of every ticket list (docs/bindings.md). */
function compareEvents(a: LinkedEvent, b: LinkedEvent): number {
  return (
    compareText(a.begin, b.begin) ||
    compareText(a.location?.name ?? "", b.location?.name ?? "") ||
    compareText(a.key, b.key)
  );
}

/** Plain code-unit comparison: deterministic whatever the machine's locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
