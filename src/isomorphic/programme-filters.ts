/**
 * The programme's filters and quick views (docs/spec-decisions.md "Programme filters"): a pure
 * model shared by the programme island and the tests. Filters live in the page URL's query, so a
 * link shares them: `vis` (quick view: i-dag, i-morgen, helg), `alder` (suitable up to the age:
 * A, 6, 9, 12, 15), `tale` and `tekst` (speech and subtitle languages), `format`, `merke` (an ad
 * flag's label: Babykino, Teksting for hørselshemmede …), `sal` (hall) and `tid` (time of day).
 * Within a filter the values are alternatives; the filters combine (all must hold).
 */
import { compareNbNumeric } from "./collate.js";
import { itemsOf, textOf, type Fields } from "./block-fields.js";
import type { ProgrammeEntry } from "./programme-entries.js";
import type { Showing } from "./showings.js";

export type QuickView = "i-dag" | "i-morgen" | "helg";
export type TimeOfDay = "for-17" | "17-20" | "etter-20";

export interface ProgrammeFilters {
  vis: QuickView | null;
  /** The oldest age rating to keep ('A' = 0); a film without a rating is left out. */
  alder: string | null;
  tale: string[];
  tekst: string[];
  format: string[];
  merke: string[];
  sal: string[];
  tid: TimeOfDay | null;
}

export type FilterKey = keyof ProgrammeFilters;

/** The keys in the order the query writes them and the panel shows them. */
export const FILTER_KEYS: FilterKey[] = ["vis", "alder", "tale", "tekst", "format", "merke", "sal", "tid"];

export const NO_FILTERS: ProgrammeFilters = {
  vis: null,
  alder: null,
  tale: [],
  tekst: [],
  format: [],
  merke: [],
  sal: [],
  tid: null,
};

export const QUICK_VIEWS: { value: QuickView; label: string }[] = [
  { value: "i-dag", label: "I dag" },
  { value: "i-morgen", label: "I morgen" },
  { value: "helg", label: "Helg" },
];

export const TIMES_OF_DAY: { value: TimeOfDay; label: string }[] = [
  { value: "for-17", label: "Før kl. 17" },
  { value: "17-20", label: "Kl. 17–20" },
  { value: "etter-20", label: "Fra kl. 20" },
];

/** The age limits offered, youngest first (spec 9's age-rating features). */
export const AGE_LIMITS = ["A", "6", "9", "12", "15"];

const AGE = /^(A|\d{1,2})$/;
const SPEECH = /\btale$/i;
const SUBTITLES = /\btekst$/i;

/** A feature name's filter: its age rating, speech, subtitles or format (docs/data-format.md, features). */
export function featureKindOf(name: string): "alder" | "tale" | "tekst" | "format" {
  if (AGE.test(name)) return "alder";
  if (SPEECH.test(name)) return "tale";
  if (SUBTITLES.test(name)) return "tekst";
  return "format";
}

function ageOf(rating: string): number {
  return rating === "A" ? 0 : Number(rating);
}

const isQuickView = (value: string): value is QuickView => QUICK_VIEWS.some((view) => view.value === value);
const isTimeOfDay = (value: string): value is TimeOfDay => TIMES_OF_DAY.some((time) => time.value === value);

/** The filters of a URL query ('?vis=helg&sal=Sal+1'); unknown keys and values are ignored. */
export function parseFilters(search: string): ProgrammeFilters {
  const params = new URLSearchParams(search);
  const list = (key: FilterKey) => [...new Set(params.getAll(key).filter((value) => value !== ""))].sort();
  const vis = params.get("vis") ?? "";
  const tid = params.get("tid") ?? "";
  const alder = params.get("alder") ?? "";
  return {
    vis: isQuickView(vis) ? vis : null,
    alder: AGE.test(alder) ? alder : null,
    tale: list("tale"),
    tekst: list("tekst"),
    format: list("format"),
    merke: list("merke"),
    sal: list("sal"),
    tid: isTimeOfDay(tid) ? tid : null,
  };
}

/**
 * `search` with its filter keys replaced by `filters` (other keys kept, in their order), as
 * '?…' or '' when nothing is left: the same filters always write the same query.
 */
export function serializeFilters(filters: ProgrammeFilters, search = ""): string {
  const params = new URLSearchParams(search);
  for (const key of FILTER_KEYS) params.delete(key);
  for (const key of FILTER_KEYS) for (const value of valuesOf(filters, key)) params.append(key, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The values a filter holds (none, one or several). */
export function valuesOf(filters: ProgrammeFilters, key: FilterKey): string[] {
  const value = filters[key];
  return Array.isArray(value) ? [...value].sort() : value === null ? [] : [value];
}

/** The filters with `key` set to `values` (a single-valued filter takes the first). */
export function withValues(filters: ProgrammeFilters, key: FilterKey, values: string[]): ProgrammeFilters {
  const sorted = [...new Set(values)].sort();
  if (key === "vis") return { ...filters, vis: isQuickView(sorted[0] ?? "") ? (sorted[0] as QuickView) : null };
  if (key === "tid") return { ...filters, tid: isTimeOfDay(sorted[0] ?? "") ? (sorted[0] as TimeOfDay) : null };
  if (key === "alder") return { ...filters, alder: values[0] ?? null };
  return { ...filters, [key]: sorted };
}

export function activeKeys(filters: ProgrammeFilters): FilterKey[] {
  return FILTER_KEYS.filter((key) => valuesOf(filters, key).length > 0);
}

/** 'YYYY-MM-DD' plus `days` days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The days a quick view means at `today` (Oslo 'YYYY-MM-DD'): 'helg' is the coming Saturday and
 * Sunday (on a Sunday: that day only).
 */
export function quickViewDays(view: QuickView, today: string): string[] {
  if (view === "i-dag") return [today];
  if (view === "i-morgen") return [addDays(today, 1)];
  const [y, m, d] = today.split("-").map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  if (weekday === 0) return [today];
  const saturday = addDays(today, 6 - weekday);
  return [saturday, addDays(saturday, 1)];
}

function timeOfDayOf(time: string): TimeOfDay {
  return time < "17:00" ? "for-17" : time < "20:00" ? "17-20" : "etter-20";
}

/** The feature names of a film, by filter. */
export function filmFeatures(event: Fields): Record<"alder" | "tale" | "tekst" | "format", string[]> {
  const features: Record<"alder" | "tale" | "tekst" | "format", string[]> = {
    alder: [],
    tale: [],
    tekst: [],
    format: [],
  };
  for (const feature of itemsOf(event, "features")) {
    const name = textOf(feature, "name");
    if (name) features[featureKindOf(name)].push(name);
  }
  return features;
}

const some = (wanted: string[], has: string[]) => wanted.length === 0 || wanted.some((value) => has.includes(value));

/** Whether a film (its features) passes the filters that are the film's. */
export function filmMatches(event: Fields, filters: ProgrammeFilters): boolean {
  const features = filmFeatures(event);
  if (filters.alder !== null) {
    const rating = features.alder[0];
    if (rating === undefined || ageOf(rating) > ageOf(filters.alder)) return false;
  }
  return (
    some(filters.tale, features.tale) && some(filters.tekst, features.tekst) && some(filters.format, features.format)
  );
}

/** Whether a showing passes the filters that are the showing's (`today`: Oslo 'YYYY-MM-DD'). */
export function showingMatches(showing: Showing, filters: ProgrammeFilters, today: string): boolean {
  if (filters.vis !== null && !quickViewDays(filters.vis, today).includes(showing.when.date)) return false;
  if (filters.tid !== null && (showing.when.time === null || timeOfDayOf(showing.when.time) !== filters.tid))
    return false;
  return some(filters.sal, showing.hall ? [showing.hall] : []) && some(filters.merke, showing.flags);
}

/** The entries with only the showings that pass the filters; entries left with none are dropped. */
export function filterEntries(entries: ProgrammeEntry[], filters: ProgrammeFilters, today: string): ProgrammeEntry[] {
  if (activeKeys(filters).length === 0) return entries;
  return entries
    .filter((entry) => filmMatches(entry.event, filters))
    .map((entry) => ({ ...entry, showings: entry.showings.filter((s) => showingMatches(s, filters, today)) }))
    .filter((entry) => entry.showings.length > 0);
}

/** How many showings (not premiere placeholders) the entries list. */
export function countShowings(entries: ProgrammeEntry[]): number {
  return entries.reduce((sum, entry) => sum + entry.showings.filter((showing) => !showing.placeholder).length, 0);
}

export interface Widening {
  /** The filter to remove. */
  key: FilterKey;
  /** How many showings match without it. */
  count: number;
}

/**
 * When nothing matches, the one filter whose removal brings back the most showings (the
 * narrowest), or null when no single removal brings any back (then only 'Nullstill filtre' helps).
 * Ties go to the later filter in FILTER_KEYS (the finer one: time before hall before flag …).
 */
export function widening(entries: ProgrammeEntry[], filters: ProgrammeFilters, today: string): Widening | null {
  let best: Widening | null = null;
  for (const key of activeKeys(filters)) {
    const count = countShowings(filterEntries(entries, withValues(filters, key, []), today));
    if (count > 0 && (best === null || count >= best.count)) best = { key, count };
  }
  return best;
}

export interface FilterOptions {
  tale: string[];
  tekst: string[];
  format: string[];
  merke: string[];
  sal: string[];
  /** The age limits that keep at least one film: those from the youngest rating the listing has. */
  alder: string[];
}

/** The values each filter can take in a listing (its films' features, its showings' halls and flags). */
export function filterOptions(entries: ProgrammeEntry[]): FilterOptions {
  const sets = { tale: new Set<string>(), tekst: new Set<string>(), format: new Set<string>() };
  const merke = new Set<string>();
  const sal = new Set<string>();
  let youngest = Infinity;
  for (const entry of entries) {
    const features = filmFeatures(entry.event);
    for (const key of ["tale", "tekst", "format"] as const) for (const name of features[key]) sets[key].add(name);
    if (features.alder[0] !== undefined) youngest = Math.min(youngest, ageOf(features.alder[0]));
    for (const showing of entry.showings) {
      if (showing.hall) sal.add(showing.hall);
      for (const flag of showing.flags) merke.add(flag);
    }
  }
  const sorted = (set: Set<string>) => [...set].sort(compareNbNumeric);
  return {
    tale: sorted(sets.tale),
    tekst: sorted(sets.tekst),
    format: sorted(sets.format),
    merke: sorted(merke),
    sal: sorted(sal),
    alder: AGE_LIMITS.filter((limit) => ageOf(limit) >= youngest),
  };
}

/** How a filter's value reads in the panel and in 'Fjern …'. */
export function valueLabel(key: FilterKey, value: string): string {
  if (key === "vis") return QUICK_VIEWS.find((view) => view.value === value)?.label ?? value;
  if (key === "tid") return TIMES_OF_DAY.find((time) => time.value === value)?.label ?? value;
  if (key === "alder") return value === "A" ? "Tillatt for alle" : `Til og med ${value} år`;
  return value;
}

export const FILTER_NAMES: Record<FilterKey, string> = {
  vis: "Når",
  alder: "Aldersgrense",
  tale: "Tale",
  tekst: "Tekst",
  format: "Format",
  merke: "Visningstype og tilgjengelighet",
  sal: "Sal",
  tid: "Tid på dagen",
};
