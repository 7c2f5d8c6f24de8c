import { didYouMeanHint } from "../errors/index.js";
import type { LinkedEvent, Model, Production } from "../model/index.js";
import { ownProperty, type AnyRecord, type CompiledSource } from "../query/index.js";

/** One element of an enclosing collection, named by the source it was bound from. */
export interface Frame {
  name: string;
  value: unknown;
  /** The element's model when it is a record of a page source, else null. */
  model: Model | null;
}

/** What a source name stands for at one place in a block. */
export interface SourceValue {
  value: unknown;
  model: Model | null;
}

/** The page's compiled sources and their records for one route. */
export interface RouteSources {
  sources: ReadonlyMap<string, CompiledSource>;
  params: Record<string, string>;
  /** Records of a page source for this route (cached per route). */
  selection(name: string): readonly AnyRecord[];
}

/** Showings by production id, built once per selection list (a static list: once per build). */
const eventsByProduction = new WeakMap<readonly AnyRecord[], Map<string, LinkedEvent[]>>();

function indexByProduction(events: readonly AnyRecord[]): Map<string, LinkedEvent[]> {
  let map = eventsByProduction.get(events);
  if (!map) {
    map = new Map();
    for (const event of events as readonly LinkedEvent[]) {
      const list = map.get(event.production.id);
      if (list) list.push(event);
      else map.set(event.production.id, [event]);
    }
    eventsByProduction.set(events, map);
  }
  return map;
}

const recordSets = new WeakMap<readonly AnyRecord[], Set<AnyRecord>>();

function recordSet(records: readonly AnyRecord[]): Set<AnyRecord> {
  let set = recordSets.get(records);
  if (!set) recordSets.set(records, (set = new Set(records)));
  return set;
}

/**
 * Resolves a source name, innermost first (docs/bindings.md "Scope"): the current element of an
 * enclosing collection bound from that source; else the page source, an event source narrowed
 * to the enclosing production's showings and a production source to the enclosing showing's
 * production; else an array property of an enclosing element ('features' of a production),
 * or outside any collection of a non-collection source's record.
 */
export function lookupSource(name: string, frames: readonly Frame[], route: RouteSources): SourceValue | undefined {
  // The frame itself is the answer (it has the value and model): no object per field read.
  for (let i = frames.length - 1; i >= 0; i -= 1) if (frames[i].name === name) return frames[i];
  const compiled = route.sources.get(name);
  if (compiled) {
    const { model, collection } = compiled.source;
    let records = route.selection(name);
    const owner = innermostRecordFrame(frames);
    if (owner && model === "event" && owner.model === "production") {
      records = indexByProduction(records).get((owner.value as Production).id) ?? [];
    } else if (owner && model === "production" && owner.model === "event") {
      const production = (owner.value as LinkedEvent).production;
      records = recordSet(records).has(production) ? [production] : [];
    }
    return { value: collection ? records : (records[0] ?? null), model };
  }
  for (let i = frames.length - 1; i >= 0; i -= 1) {
    const property = ownProperty(frames[i].value, name);
    if (Array.isArray(property)) return { value: property, model: null };
  }
  // Outside any collection the "current element" is the record of a non-collection source
  // (the production of a film page: its 'features').
  for (const [sourceName, compiled] of route.sources) {
    if (compiled.source.collection) continue;
    const property = ownProperty(route.selection(sourceName)[0], name);
    if (Array.isArray(property)) return { value: property, model: null };
  }
  return undefined;
}

function innermostRecordFrame(frames: readonly Frame[]): Frame | undefined {
  for (let i = frames.length - 1; i >= 0; i -= 1) {
    if (frames[i].model === "production" || frames[i].model === "event") return frames[i];
  }
  return undefined;
}

/** 'did you mean …?' over the names visible at this place. */
export function sourceHint(name: string, frames: readonly Frame[], route: RouteSources): string | undefined {
  return didYouMeanHint(name, [...route.sources.keys(), ...frames.map((frame) => frame.name)]);
}
