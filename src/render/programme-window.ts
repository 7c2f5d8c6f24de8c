/**
 * The programme window (issue 11 item 4, issue 14 item 1): a programme page (a programme by
 * date or a schedule) server-renders its
 * first PROGRAMME_WINDOW_DAYS days; every later day is a page of its own at
 * '<page>/dag/<YYYY-MM-DD>' (linked from the day chips, so it is reachable without
 * JavaScript), which the programme island also loads on demand. So no page's HTML or data
 * grows with the days or films beyond its window.
 *
 * Applied to the resolved page after bind and before render and page data: both see the same
 * windowed blocks. The page's full resolution is shared by the page and all its day pages
 * (resolved once per build, src/bind/index.ts resolveShared).
 */
import type { PageResolver } from "../bind/index.js";
import type { ResolvedBlock, ResolvedPage } from "../model/index.js";
import type { Route } from "../routes/route.js";
import { LISTING_FIELDS, listingPageCount } from "./listing-pages.js";
import { formatDay } from "./oslo-date.js";

/** Days a programme page shows: today and the next two, enough for a first screen. */
export const PROGRAMME_WINDOW_DAYS = 3;
/**
 * Day chips a page carries: the window's days plus the days from the page's own (first) day
 * on, at most this many, so the chips do not grow with the programme either. Every later day
 * is still reachable without JavaScript: each page links the next day after its own.
 */
export const DAY_CHIPS = 14;
/** Path segment of the day pages: '/kinoprogram/dag/2026-11-25'. */
export const DAY_SEGMENT = "dag";

type Fields = Record<string, unknown>;

/** What a windowed programme block carries for the day chips and the island. */
export interface ProgrammeWindow {
  /** Path of the programme page itself ('/kinoprogram'). */
  base: string;
  /** The days this page's chips offer (the window and up to DAY_CHIPS days from its own), sorted. */
  days: string[];
  /** The days rendered on this page. */
  shown: string[];
  /** Day → path of its day page, for the chip days after the window. */
  dayPaths: Record<string, string>;
}

const PROGRAMME_KINDS = new Set(["program", "culture-program"]);
/** A schedule lists showings (events[]) by day, each with its film. */
const SCHEDULE = "schedule";

/**
 * A listing by day: a programme with filter.type 'date' (the default; 'none', /kommende, is a
 * film list) or a schedule.
 */
export function isDayProgramme(block: ResolvedBlock): boolean {
  if (block.component === SCHEDULE) return true;
  if (!PROGRAMME_KINDS.has(block.component)) return false;
  return block.data.some((data) => ((data.filter ?? {}) as Fields).type !== "none");
}

/** The showings of a day listing's data. */
function showingsOf(block: ResolvedBlock, data: Fields): Fields[] {
  return block.component === SCHEDULE ? listOf(data.events) : listOf(data.events).flatMap((event) => listOf(event.tickets));
}

/** Days with a showing or a premiere in the page's day programmes, sorted. */
export function programmeDaysOf(page: ResolvedPage): string[] {
  return dayIndexOf(page).days;
}

/**
 * A day programme's data split by day, once per resolved page: the page and each of its day
 * pages show the same shared resolution (resolveShared), and filtering the whole programme
 * again for every day page made the routes and render stages grow with days × films
 * (issue 14 item 1: shared programme data computed once per build).
 */
interface DayIndex {
  days: string[];
  /** Per block, per data entry: day -> that day's productions (with only that day's tickets) or showings, in data order. */
  byDay: Map<string, Fields[]>[][];
}

const dayIndexes = new WeakMap<ResolvedPage, DayIndex>();

function dayIndexOf(page: ResolvedPage): DayIndex {
  let index = dayIndexes.get(page);
  if (index) return index;
  const days = new Set<string>();
  const byDay = page.blocks.map((block) =>
    isDayProgramme(block)
      ? block.data.map((data) => {
          const split = block.component === SCHEDULE ? splitShowings(listOf(data.events)) : splitProductions(listOf(data.events));
          for (const day of split.keys()) days.add(day);
          return split;
        })
      : [],
  );
  index = { days: [...days].sort(), byDay };
  dayIndexes.set(page, index);
  return index;
}

/** Productions by day, each with only its tickets of that day (tickets without a day are on no day). */
function splitProductions(events: Fields[]): Map<string, Fields[]> {
  const out = new Map<string, Fields[]>();
  for (const event of events) {
    const tickets = new Map<string, Fields[]>();
    for (const ticket of listOf(event.tickets)) {
      const day = dayOf(ticket);
      if (day === null) continue;
      const list = tickets.get(day);
      if (list) list.push(ticket);
      else tickets.set(day, [ticket]);
    }
    for (const [day, list] of tickets) push(out, day, { ...event, tickets: list });
  }
  return out;
}

function splitShowings(showings: Fields[]): Map<string, Fields[]> {
  const out = new Map<string, Fields[]>();
  for (const showing of showings) {
    const day = dayOf(showing);
    if (day !== null) push(out, day, showing);
  }
  return out;
}

function push(map: Map<string, Fields[]>, key: string, value: Fields): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The day pages of a programme page: every day after its window. */
export function dayPagesOf(days: string[]): string[] {
  return days.slice(PROGRAMME_WINDOW_DAYS);
}

/**
 * The front page has no day pages: its programme is a teaser of the window's days (the whole
 * programme has pages of its own), and copies of the front page per day would carry its
 * carousels many times over (docs/spec-decisions.md "Live programme").
 */
export function hasDayPages(pagePath: string): boolean {
  return pagePath !== "/";
}

/** Path of a programme's day page. */
export function dayPagePath(base: string, date: string): string {
  return `${base.replace(/\/+$/, "")}/${DAY_SEGMENT}/${date}`;
}

/**
 * The page as one route shows it: `day` null is the programme page with its first days; a
 * date is that day's page (its path, and the day in its title). Pages without a day
 * programme are returned as they are.
 */
export function windowProgrammePage(page: ResolvedPage, day: string | null, dayPath?: string): ResolvedPage {
  if (!page.blocks.some(isDayProgramme)) return page;
  const all = programmeDaysOf(page);
  const shown = day === null ? all.slice(0, PROGRAMME_WINDOW_DAYS) : [day];
  const from = Math.max(0, all.indexOf(shown[0] ?? ""));
  const withPages = hasDayPages(page.path);
  const days = withPages ? [...new Set([...all.slice(0, PROGRAMME_WINDOW_DAYS), ...all.slice(from, from + DAY_CHIPS)])].sort() : shown;
  const pages = new Set(withPages ? dayPagesOf(all) : []);
  const dayPaths = Object.fromEntries(days.filter((date) => pages.has(date)).map((date) => [date, dayPagePath(page.path, date)]));
  const window: ProgrammeWindow = { base: page.path, days, shown, dayPaths };
  const blocks = windowedBlocksOf(page, day, () => {
    const { byDay } = dayIndexOf(page);
    return page.blocks.map((block, b) =>
      isDayProgramme(block)
        ? { ...block, data: block.data.map((data, d) => ({ ...data, events: day === null ? windowEvents(block, listOf(data.events), new Set(shown)) : (byDay[b][d].get(day) ?? []), programmeWindow: window })) }
        : block,
    );
  });
  if (day === null) return { ...page, blocks };
  const title = `${page.meta.title || page.title} – ${formatDay(day)}`;
  return { ...page, path: dayPath ?? dayPagePath(page.path, day), blocks, meta: { ...page.meta, title } };
}

/**
 * A shared resolution's windowed blocks, by day ("" for the window), made once: a listing's
 * later pages (src/render/listing-pages.ts) show the same window, and windowing it again
 * for each of them made every page of a 10,000-film programme filter the whole catalogue.
 * The same objects also keep the listing's own memo (listedItems) from page to page.
 */
const windowedBlocks = new WeakMap<ResolvedPage, Map<string, ResolvedBlock[]>>();

function windowedBlocksOf(page: ResolvedPage, day: string | null, make: () => ResolvedBlock[]): ResolvedBlock[] {
  let byDay = windowedBlocks.get(page);
  if (!byDay) windowedBlocks.set(page, (byDay = new Map()));
  let blocks = byDay.get(day ?? "");
  if (!blocks) byDay.set(day ?? "", (blocks = make()));
  return blocks;
}

/** The block's productions or showings on the shown days (a day page takes its day from the index instead). */
function windowEvents(block: ResolvedBlock, events: Fields[], shown: Set<string>): Fields[] {
  return block.component === SCHEDULE ? showingsOn(events, shown) : eventsOn(events, shown);
}

/** Productions with only their tickets on the shown days; productions left with none are dropped. */
function eventsOn(events: Fields[], shown: Set<string>): Fields[] {
  return events
    .map((event) => ({ ...event, tickets: listOf(event.tickets).filter((ticket) => shown.has(dayOf(ticket) ?? "")) }))
    .filter((event) => (event.tickets as Fields[]).length > 0);
}

function showingsOn(showings: Fields[], shown: Set<string>): Fields[] {
  return showings.filter((showing) => shown.has(dayOf(showing) ?? ""));
}

function dayOf(ticket: Fields): string | null {
  return typeof ticket.date === "string" && /^\d{4}-\d{2}-\d{2}/.test(ticket.date) ? ticket.date.slice(0, 10) : null;
}

function listOf(value: unknown): Fields[] {
  return Array.isArray(value) ? value.filter((item): item is Fields => typeof item === "object" && item !== null) : [];
}

/**
 * Whether a route shows a shared resolution: a static page with a visible programme or
 * schedule, whose day pages show the same one (other pages are resolved per route and not
 * kept, so memory stays bounded).
 */
export function sharesResolution(route: Route): boolean {
  return hasListingPages(route) && route.page.blocks.some((block) => !block.hide && (PROGRAMME_KINDS.has(block.component) || block.component in LISTING_FIELDS));
}

/**
 * Whether a route's listings continue on pages of their own (src/render/listing-pages.ts): a
 * static page other than the front page (whose listings are a teaser of pages that have them).
 */
export function hasListingPages(route: Route): boolean {
  return Object.keys(route.params).length === 0 && route.kind === "static" && hasDayPages(route.page.path);
}

/**
 * expandRoutes' `listingPages`: how many pages a static route's (or its day page's) listings
 * take, from the page's shared resolution windowed as the route shows it.
 */
export function listListingPages(resolver: Pick<PageResolver, "resolveShared">, nowLocal: string): (route: Route) => number {
  return (route) => {
    if (!sharesResolution(route)) return 1;
    return listingPageCount(windowProgrammePage(resolver.resolveShared(route), route.programmeDay ?? null, route.path), nowLocal);
  };
}

/**
 * expandRoutes' `programmeDays`: the day pages of a static route whose page has a visible
 * programme block (other pages are not resolved here).
 */
export function listProgrammeDayPages(resolver: Pick<PageResolver, "resolveShared">): (route: Route) => string[] {
  return (route) => {
    if (!sharesResolution(route)) return [];
    return dayPagesOf(programmeDaysOf(resolver.resolveShared(route)));
  };
}
