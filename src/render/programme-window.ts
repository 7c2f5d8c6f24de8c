/**
 * The programme window (docs/islands.md, docs/spec-decisions.md, Bounded listings): each listing by day (a programme by
 * date or a schedule) server-renders its own first PROGRAMME_WINDOW_DAYS days with showings;
 * every day of the page after the first PROGRAMME_WINDOW_DAYS of all its listings is a page
 * of its own at '<page>/dag/<YYYY-MM-DD>' (linked from the day chips, so it is reachable
 * without JavaScript), which the programme island also loads on demand. So no page's HTML or
 * data grows with the days or films beyond its windows.
 *
 * Applied to the resolved page after bind and before render and page data: both see the same
 * windowed blocks. The page's full resolution is shared by the page and all its day pages
 * (resolved once per build, src/bind/index.ts resolveShared).
 */
import type { ResolvedBlock, ResolvedPage } from "../model/index.js";
import type { ProgrammeWindow } from "../model/programme-window.js";
import type { DayPagesOwner, Route } from "../routes/route.js";
import { dayPagePath, listingPagePath } from "../model/page-paths.js";
import { LISTING_FIELDS, dayPlacesOf, listingPageCount } from "./listing-pages.js";
import { formatDay } from "../isomorphic/oslo-date.js";
import { dayAnchorPrefix } from "../../templates/ui/day-anchor.js";

/** Days a listing shows on its page: its first three with showings, enough for a first screen. */
export const PROGRAMME_WINDOW_DAYS = 3;
/**
 * Day chips a listing carries: its first days with showings, at most this many, so the chips
 * do not grow with the programme. The programme page and each of its day pages offer the same
 * row (a day page after it adds its own day); every later day is still reachable without
 * JavaScript: under each listing a link leads to its next day (docs/spec-decisions.md
 * "Programme window").
 */
export const DAY_CHIPS = 14;

type Fields = Record<string, unknown>;

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
  return block.component === SCHEDULE
    ? listOf(data.events)
    : listOf(data.events).flatMap((event) => listOf(event.tickets));
}

/** Days with a showing or a premiere in the page's day programmes, sorted. */
export function programmeDaysOf(page: ResolvedPage): string[] {
  return dayIndexOf(page).days;
}

/** Each listing's own days (per block, per data entry), sorted: its chips come from them. */
export function listingDaysOf(page: ResolvedPage): string[][][] {
  return dayIndexOf(page).entryDays;
}

/**
 * A day programme's data split by day, once per resolved page: the page and each of its day
 * pages show the same shared resolution (resolveShared), and filtering the whole programme
 * again for every day page made the routes and render stages grow with days × films
 * (docs/spec-decisions.md, Bounded listings: shared programme data computed once per build).
 */
interface DayIndex {
  days: string[];
  /** Per block, per data entry: day -> that day's productions (with only that day's tickets) or showings, in data order. */
  byDay: Map<string, Fields[]>[][];
  /** Per block, per data entry: its days, sorted (its chips come from them). */
  entryDays: string[][][];
}

const dayIndexes = new WeakMap<ResolvedPage, DayIndex>();

function dayIndexOf(page: ResolvedPage): DayIndex {
  let index = dayIndexes.get(page);
  if (index) return index;
  const days = new Set<string>();
  const byDay = page.blocks.map((block) =>
    isDayProgramme(block)
      ? block.data.map((data) => {
          const split =
            block.component === SCHEDULE
              ? splitShowings(listOf(data.events))
              : splitProductions(listOf(data.events), filterRangeOf(data));
          for (const day of split.keys()) days.add(day);
          return split;
        })
      : [],
  );
  index = {
    days: [...days].sort(),
    byDay,
    entryDays: byDay.map((entries) => entries.map((split) => [...split.keys()].sort())),
  };
  dayIndexes.set(page, index);
  return index;
}

/** A programme's filter.from and filter.to ('' where open). */
interface DayRange {
  from: string;
  to: string;
}

/**
 * The programme's own from/to (spec 3.5). Bind has kept only the showings inside it; it is
 * applied again so that no day outside it is ever offered: the island (programme-entries.ts)
 * would not list it, and its chip would lead nowhere.
 */
function filterRangeOf(data: Fields): DayRange {
  const filter = (data.filter ?? {}) as Fields;
  const bound = (value: unknown) => (typeof value === "string" ? value.slice(0, 10) : "");
  return { from: bound(filter.from), to: bound(filter.to) };
}

/** Productions by day, each with only its tickets of that day (tickets without a day, or outside the range, are on no day). */
function splitProductions(events: Fields[], { from, to }: DayRange): Map<string, Fields[]> {
  const out = new Map<string, Fields[]>();
  for (const event of events) {
    const tickets = new Map<string, Fields[]>();
    for (const ticket of listOf(event.tickets)) {
      const day = dayOf(ticket);
      if (day === null || (from !== "" && day < from) || (to !== "" && day > to)) continue;
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

/**
 * The days a listing shows in place on its page: its own first days with showings (the probe
 * of partner 6161: a window of the page's first days, shared by its listings, left a culture
 * programme whose showings came later with nothing but "Ingen visninger").
 */
export function windowDaysOf(listingDays: string[]): string[] {
  return listingDays.slice(0, PROGRAMME_WINDOW_DAYS);
}

/**
 * The day pages of a programme page, from all its listings' days: every day after the first
 * PROGRAMME_WINDOW_DAYS. Every day a listing has outside its own window is one of them: a
 * listing's day among the page's first three is among its own first three.
 */
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

/**
 * The page as one route shows it: `day` null is the programme page, each listing with its own
 * first days; a date is that day's page (its path, and the day in its title), every listing
 * with that day (a listing without showings that day says so, docs/spec-decisions.md
 * "Programme window"). Pages without a day programme are returned as they are. `nowLocal` (the
 * reference time, Oslo) decides whether the day's title names its year. `owner`: the page whose
 * day pages the chips lead to when another page owns them (docs/spec-decisions.md "Shared day pages").
 * `calendarFeed`: the feed the listings link ("Abonner på kalender", Route.calendarFeed), each
 * entry's `calendarFeed` field; without it they link the cinema's (docs/spec-decisions.md "Calendar").
 */
export function windowProgrammePage(
  page: ResolvedPage,
  day: string | null,
  dayPath?: string,
  nowLocal?: string,
  owner?: DayPagesOwner,
  calendarFeed?: string,
): ResolvedPage {
  if (!page.blocks.some(isDayProgramme)) return page;
  const blocks = windowedBlocksOf(page, day, nowLocal, owner, calendarFeed, () =>
    windowBlocks(page, day, nowLocal, owner, calendarFeed),
  );
  if (day === null) return { ...page, blocks };
  const title = `${page.meta.title || page.title} – ${formatDay(day, { now: nowLocal })}`;
  return { ...page, path: dayPath ?? dayPagePath(page.path, day), blocks, meta: { ...page.meta, title } };
}

function windowBlocks(
  page: ResolvedPage,
  day: string | null,
  nowLocal: string | undefined,
  owner: DayPagesOwner | undefined,
  calendarFeed: string | undefined,
): ResolvedBlock[] {
  const { days: all, byDay, entryDays } = dayIndexOf(page);
  const dayPages = hasDayPages(page.path) ? new Set(dayPagesOf(all)) : null;
  // A day page's chips to the programme page's window lead to the listing page holding each day.
  const main =
    day !== null && dayPages && nowLocal !== undefined
      ? windowedBlocksOf(page, null, nowLocal, owner, calendarFeed, () =>
          windowBlocks(page, null, nowLocal, owner, calendarFeed),
        )
      : null;
  const feed = calendarFeed === undefined ? {} : { calendarFeed };
  // Shared day pages: the n-th day listing here is the owner's n-th, with that block's anchors.
  const listings = page.blocks.filter(isDayProgramme);
  const shared = (block: ResolvedBlock) => {
    const id = owner?.blocks[listings.indexOf(block)];
    return owner && id !== undefined ? { dayBase: owner.path, dayAnchorPrefix: dayAnchorPrefix(id) } : {};
  };
  return page.blocks.map((block, b) =>
    isDayProgramme(block)
      ? {
          ...block,
          data: block.data.map((data, d) => {
            const shown = day === null ? windowDaysOf(entryDays[b][d]) : [day];
            const heldOn =
              main && nowLocal !== undefined ? heldOnOf(main[b], main[b].data[d], page.path, nowLocal) : {};
            return {
              ...data,
              events:
                day === null ? windowEvents(block, listOf(data.events), new Set(shown)) : (byDay[b][d].get(day) ?? []),
              programmeWindow: listingWindowOf({
                base: page.path,
                days: entryDays[b][d],
                shown,
                day,
                dayPages,
                heldOn,
                ...shared(block),
              }),
              ...feed,
            };
          }),
        }
      : block,
  );
}

/** The programme page's window days that its listing's first page does not hold -> the listing page that does. */
function heldOnOf(block: ResolvedBlock, data: Fields, base: string, nowLocal: string): Record<string, string> {
  const window = data.programmeWindow as ProgrammeWindow | undefined;
  const places = dayPlacesOf(block, data, nowLocal);
  const held: Record<string, string> = {};
  for (const date of window?.shown ?? []) {
    const number = places.get(date);
    if (number !== undefined && number > 1) held[date] = listingPagePath(base, number);
  }
  return held;
}

export interface ListingWindowOptions {
  /** Path of the programme page. */
  base: string;
  /** The listing's own days with showings, sorted. */
  days: string[];
  /** The days the page renders of the listing (its window, or the day page's day). */
  shown: string[];
  /** The day page's day; null on the programme page. */
  day: string | null;
  /** The page's day pages; null where it has none (the front page). */
  dayPages: ReadonlySet<string> | null;
  /** On a day page: the programme page's window days on a later page of its listing -> that page. */
  heldOn?: Record<string, string>;
  /** The page whose day pages the chips lead to, where another page owns them (default `base`). */
  dayBase?: string;
  /** The listing's anchor prefix on those day pages. */
  dayAnchorPrefix?: string;
}

/**
 * One listing's chips as a page shows them (the probe of partner 6161 found chips that led
 * nowhere and day pages that skipped days). Only the listing's own days: a page with two
 * programmes offers each the days it has. The same row on the programme page and every day
 * page: the listing's first DAY_CHIPS days, and
 * a day page after them adds its own day. A chip leads to the day's section where the page
 * has it, else to its day page; the front page, without day pages, offers only its own days.
 */
export function listingWindowOf({
  base,
  days,
  shown,
  day,
  dayPages,
  heldOn = {},
  dayBase = base,
  dayAnchorPrefix: prefix,
}: ListingWindowOptions): ProgrammeWindow {
  if (!dayPages) return { base, days: days.filter((date) => shown.includes(date)), shown, dayPaths: {} };
  const chips = days.slice(0, DAY_CHIPS);
  if (day !== null && !chips.includes(day) && days.includes(day)) chips.push(day);
  const last = shown.at(-1) ?? "";
  const next = days.find((date) => date > last);
  const linked = next === undefined || chips.includes(next) ? chips : [...chips, next];
  // A listing's window can have days the page's other listings push onto day pages: on the
  // programme page those are its sections, and need no path.
  const paged = linked.filter((date) => dayPages.has(date) && (day !== null || !shown.includes(date)));
  const dayPaths = Object.fromEntries(paged.map((date) => [date, dayPagePath(dayBase, date)]));
  const window: ProgrammeWindow = { base, days: chips, shown, dayPaths };
  if (Object.keys(heldOn).length > 0) window.heldOn = heldOn;
  if (prefix !== undefined && Object.keys(dayPaths).length > 0) window.dayAnchorPrefix = prefix;
  return window;
}

/**
 * A shared resolution's windowed blocks, by day ("" for the window; a day page's with the
 * reference time its chips were placed at), made once: a listing's
 * later pages (src/render/listing-pages.ts) show the same window, and windowing it again
 * for each of them made every page of a 10,000-film programme filter the whole catalogue.
 * The same objects also keep the listing's own memo (listedItems) from page to page.
 */
const windowedBlocks = new WeakMap<ResolvedPage, Map<string, ResolvedBlock[]>>();

function windowedBlocksOf(
  page: ResolvedPage,
  day: string | null,
  nowLocal: string | undefined,
  owner: DayPagesOwner | undefined,
  calendarFeed: string | undefined,
  make: () => ResolvedBlock[],
): ResolvedBlock[] {
  let byDay = windowedBlocks.get(page);
  if (!byDay) windowedBlocks.set(page, (byDay = new Map()));
  const key = `${day === null ? "" : `${day}|${nowLocal ?? ""}`}|${owner?.path ?? ""}|${calendarFeed ?? ""}`;
  let blocks = byDay.get(key);
  if (!blocks) byDay.set(key, (blocks = make()));
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
  return (
    hasListingPages(route) &&
    route.page.blocks.some(
      (block) => !block.hide && (PROGRAMME_KINDS.has(block.component) || block.component in LISTING_FIELDS),
    )
  );
}

/**
 * Whether a route's listings continue on pages of their own (src/render/listing-pages.ts): a
 * static page other than the front page (whose listings are a teaser of pages that have them).
 */
export function hasListingPages(route: Route): boolean {
  return Object.keys(route.params).length === 0 && route.kind === "static" && hasDayPages(route.page.path);
}

/** The part of the page resolver (src/bind/index.ts) these planners use: a page's shared resolution. */
export interface SharedResolver {
  resolveShared(route: Route): ResolvedPage;
}

/**
 * expandRoutes' `listingPages`: how many pages a static route's (or its day page's) listings
 * take, from the page's shared resolution windowed as the route shows it.
 */
export function listListingPages(resolver: SharedResolver, nowLocal: string): (route: Route) => number {
  return (route) => {
    if (!sharesResolution(route)) return 1;
    // Windowed as the render will window it (its owner and feed too), so the render finds
    // this window and its listed items in their memos instead of making them again.
    const windowed = windowProgrammePage(
      resolver.resolveShared(route),
      route.programmeDay ?? null,
      route.path,
      nowLocal,
      route.dayPagesOf,
      route.calendarFeed,
    );
    return listingPageCount(windowed, nowLocal);
  };
}

/**
 * expandRoutes' `programmeDays`: the day pages of a static route whose page has a visible
 * programme block (other pages are not resolved here).
 */
export function listProgrammeDayPages(resolver: SharedResolver): (route: Route) => string[] {
  return (route) => {
    if (!sharesResolution(route)) return [];
    return dayPagesOf(programmeDaysOf(resolver.resolveShared(route)));
  };
}
