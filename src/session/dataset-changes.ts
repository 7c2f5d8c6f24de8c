/**
 * What a content save changed, record by record, between the dataset the served site was
 * built from and the new one (the dev session). route-check.ts turns it into the routes that
 * must be bound again; every other route keeps its key without being bound.
 *
 * Records are compared by key (production id, showing key, article id, block-data id, page
 * id): by identity first (a snapshot file whose bytes did not change keeps its parsed objects,
 * src/fetch/snapshot-reader.ts), else by their JSON. Anything that is not one record of a
 * collection (the site settings, the partner, the reference time, the media plan, the film
 * paths of the member islands, the number of screens in structured data) changes everything.
 */
import { planFilmPathsFile } from "../emit/film-paths.js";
import { createStructuredDataInputs } from "../bind/structured-data-input.js";
import type { LoadedSite } from "../recipe/prepare-site.js";
import type { Dataset, LinkedEvent, Model } from "../model/index.js";
import type { AnyRecord } from "../query/index.js";
import type { Route } from "../routes/index.js";

export interface DatasetChanges {
  /** Something every page depends on changed: every route is bound again. */
  everything: boolean;
  /** Ids of the pages changed, added or removed. */
  pages: Set<string>;
  /** Ids of the block-data records changed, added or removed. */
  blockData: Set<string>;
  /**
   * Per model, every changed record in its old and its new version (an added or removed one
   * in the one it has); 'all' when records cannot be compared one by one (a key used twice,
   * productions or articles in a new order: sources list them in data order).
   */
  records: Record<Model, AnyRecord[] | "all">;
  /** Productions whose record or showings changed (a film page's structured data lists its showings). */
  productions: Set<string>;
  /** Ids of the articles changed, added or removed. */
  articles: Set<string>;
  /**
   * Days (YYYY-MM-DD) on which a showing of a changed production is or was, with the day
   * before and after (a late showing's day differs between UTC and Oslo): a programme's day
   * page for any other day lists no changed record.
   */
  showingDays: Set<string>;
}

/** No change at all (the search index's follow-up, an asset save). */
export function noChanges(): DatasetChanges {
  return {
    everything: false,
    pages: new Set(),
    blockData: new Set(),
    records: { production: [], event: [], article: [] },
    productions: new Set(),
    articles: new Set(),
    showingDays: new Set(),
  };
}

const NOTHING = noChanges();

/** What changed from `before` to `after`; `everything` when they cannot be compared. */
export function diffSites(before: LoadedSite, after: LoadedSite): DatasetChanges {
  if (before.media !== after.media || sharedInputs(before.dataset) !== sharedInputs(after.dataset))
    return { ...NOTHING, everything: true };
  const raw = { before: before.loaded.dataset, after: after.loaded.dataset };
  if (raw.before.site !== raw.after.site && siteSettings(raw.before) !== siteSettings(raw.after))
    return { ...NOTHING, everything: true };

  const changes = noChanges();
  if (raw.before.site !== raw.after.site)
    diffKeyed(raw.before.site.pages, raw.after.site.pages, (page) => page.id, false, changes.pages);
  diffKeyed(
    Object.values(raw.before.blockData),
    Object.values(raw.after.blockData),
    (record) => record.id,
    false,
    changes.blockData,
  );

  // events.json holds both productions and showings: one identity check for the file.
  if (raw.before.productions !== raw.after.productions) {
    const productions = new Set<string>();
    const events = new Set<string>();
    const productionsComparable = diffKeyed(
      raw.before.productions,
      raw.after.productions,
      (p) => p.id,
      true,
      productions,
    );
    const eventsComparable = diffKeyed(raw.before.events, raw.after.events, (e) => e.key, false, events, eventText);
    // A showing carries its production: it changes with it.
    for (const event of [...raw.before.events, ...raw.after.events])
      if (productions.has(event.production.id)) events.add(event.key);
    changes.records.production = productionsComparable
      ? versionsOf(productions, before.dataset.productions, after.dataset.productions, (p) => p.id)
      : "all";
    changes.records.event = eventsComparable
      ? versionsOf(events, before.dataset.events, after.dataset.events, (e) => e.key)
      : "all";
    changes.productions = new Set(productions);
    for (const event of [...raw.before.events, ...raw.after.events])
      if (events.has(event.key)) changes.productions.add(event.production.id);
    for (const event of [...raw.before.events, ...raw.after.events])
      if (changes.productions.has(event.production.id)) addDaysAround(changes.showingDays, event.begin);
    if (
      !productionsComparable ||
      !eventsComparable ||
      screenCount(before.dataset) !== screenCount(after.dataset) ||
      filmPaths(before.dataset) !== filmPaths(after.dataset)
    )
      return { ...NOTHING, everything: true };
  }
  if (raw.before.articles !== raw.after.articles) {
    const comparable = diffKeyed(raw.before.articles, raw.after.articles, (a) => a.id, true, changes.articles);
    changes.records.article = comparable
      ? versionsOf(changes.articles, before.dataset.articles, after.dataset.articles, (a) => a.id)
      : "all";
  }
  return changes;
}

/** What every page shares beyond the site settings (render-stage.ts openBuildCache keys the same). */
function sharedInputs(dataset: Dataset): string {
  return JSON.stringify([
    dataset.partner,
    dataset.memberService,
    dataset.now,
    dataset.live ?? null,
    dataset.capturedAt,
  ]);
}

function siteSettings(dataset: Dataset): string {
  const { pages: _pages, ...settings } = dataset.site;
  return JSON.stringify(settings);
}

function eventText(event: LinkedEvent): string {
  return JSON.stringify({ ...event, production: event.production.id });
}

/**
 * Adds to `changed` the keys whose record differs, was added or was removed. Returns false when
 * the records cannot be compared one by one: a key used twice, or (`ordered`) the records they
 * share in a new order.
 */
function diffKeyed<T extends object>(
  before: readonly T[],
  after: readonly T[],
  keyOf: (record: T) => string,
  ordered: boolean,
  changed: Set<string>,
  text: (record: T) => string = (record) => JSON.stringify(record),
): boolean {
  const old = new Map<string, T>();
  for (const record of before) {
    if (old.has(keyOf(record))) return false;
    old.set(keyOf(record), record);
  }
  const seen = new Set<string>();
  for (const record of after) {
    const key = keyOf(record);
    if (seen.has(key)) return false;
    seen.add(key);
    const previous = old.get(key);
    if (previous !== record && (previous === undefined || text(previous) !== text(record))) changed.add(key);
  }
  for (const key of old.keys()) if (!seen.has(key)) changed.add(key);
  if (!ordered) return true;
  const kept = (records: readonly T[], other: Set<string> | Map<string, T>) =>
    records.map(keyOf).filter((key) => other.has(key));
  const a = kept(before, seen);
  const b = kept(after, old);
  return a.length === b.length && a.every((key, i) => key === b[i]);
}

/** The records with these keys in the datasets the pages are made from (media paths rewritten), old and new. */
function versionsOf<T extends AnyRecord>(
  keys: Set<string>,
  before: readonly T[],
  after: readonly T[],
  keyOf: (record: T) => string,
): AnyRecord[] {
  if (keys.size === 0) return [];
  return [...before, ...after].filter((record) => keys.has(keyOf(record)));
}

function addDaysAround(days: Set<string>, begin: string): void {
  const day = Date.parse(`${begin.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(day)) return;
  for (const offset of [-1, 0, 1]) days.add(new Date(day + offset * 86_400_000).toISOString().slice(0, 10));
}

function screenCount(dataset: Dataset): number {
  return createStructuredDataInputs(dataset)({ kind: "static" } as Route).screenCount;
}

/** The film-paths file's URL names its content (planned once per dataset, as the renderer asks for it). */
function filmPaths(dataset: Dataset): string {
  return planFilmPathsFile(dataset)?.url ?? "";
}
