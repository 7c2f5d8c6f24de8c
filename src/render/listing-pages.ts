/**
 * Bounded listings (docs/spec-decisions.md "Bounded listings"): no page's
 * HTML or data grows with the number of films beyond what it shows.
 *
 * - A carousel (slideshow, cover flow) keeps its first CAROUSEL_MAX_SLIDES slides.
 * - A listing (a film grid, a programme, a schedule, a card list) shows LISTING_PAGE_SIZE
 *   items per page; the rest are on '<page>/side/<n>' (and '<page>/dag/<date>/side/<n>' for
 *   a programme's day page), each a route of its own (src/routes expandRoutes), linked with
 *   "Forrige side"/"Neste side" so every item is reachable without JavaScript.
 *
 * Applied to the resolved page after the programme window and before render and page data,
 * so both see the same bounded blocks. Pages without pages of their own (the front page, a
 * film's page) show the first page of each listing: the full listings have their own pages.
 */
import type { ResolvedBlock, ResolvedPage } from "../model/index.js";
import type { ProgrammeWindow } from "../model/programme-window.js";
import { itemsOf, numberOf, type Fields } from "../isomorphic/block-fields.js";
import { listingPagePath } from "../model/page-paths.js";
import { CAROUSEL_MAX_SLIDES, LISTING_PAGE_SIZE } from "./display-rules.js";
import { orderCards } from "./order-cards.js";
import { programmeEntries } from "../isomorphic/programme-entries.js";

/** The field of a carousel's slides, by component. */
const CAROUSEL_FIELDS: Readonly<Record<string, string>> = { slideshow: "slides", "cover-flow": "items" };
/** The field of a listing's items, by component. */
export const LISTING_FIELDS: Readonly<Record<string, string>> = {
  events: "events",
  program: "events",
  "culture-program": "events",
  schedule: "events",
  "card-list": "cards",
};

/** Where a listing page stands among its pages; carried by the block that decides their number. */
export interface ListingPager {
  /** This page's number, from 1. */
  page: number;
  pages: number;
  prev: string | null;
  next: string | null;
}

/** Which page of its listings a route shows. */
export interface ListingView {
  /** Page number, from 1. */
  page: number;
  /** Path of the listing's first page ('/filmer', '/kinoprogram/dag/2026-11-25'). */
  base: string;
  /** Whether later pages exist as routes (false: the first page only, without navigation). */
  paged: boolean;
  /** The build's time, Europe/Oslo local: listings drop what has already started, as they render. */
  nowLocal: string;
}

/** Whether a page has a listing or a carousel to bound. */
export function hasBoundedBlocks(blocks: readonly { component: string }[]): boolean {
  return blocks.some((block) => block.component in LISTING_FIELDS || block.component in CAROUSEL_FIELDS);
}

/** Number of pages the page's listings take (1 when none is longer than a page). */
export function listingPageCount(page: ResolvedPage, nowLocal: string): number {
  let pages = 1;
  for (const block of page.blocks) {
    if (!(block.component in LISTING_FIELDS)) continue;
    for (const data of block.data)
      pages = Math.max(pages, Math.ceil(listedItems(block, data, nowLocal).length / LISTING_PAGE_SIZE));
  }
  return pages;
}

/**
 * The page as one listing page shows it: carousels capped, each listing cut to the view's
 * page, the pager on the first block whose listing is longest, and a later page's path and
 * title ('… – side 2'). A page with nothing to bound is returned as it is.
 */
export function pageListings(page: ResolvedPage, view: ListingView): ResolvedPage {
  if (!hasBoundedBlocks(page.blocks)) return page;
  const pages = view.paged ? listingPageCount(page, view.nowLocal) : 1;
  const number = Math.min(Math.max(1, view.page), pages);
  const from = (number - 1) * LISTING_PAGE_SIZE;
  let lead = -1;
  let longest = 0;
  page.blocks.forEach((block, index) => {
    if (!(block.component in LISTING_FIELDS)) return;
    const length = Math.max(0, ...block.data.map((data) => listedItems(block, data, view.nowLocal).length));
    if (length > longest) [lead, longest] = [index, length];
  });
  const pager: ListingPager = {
    page: number,
    pages,
    prev: number > 1 ? listingPagePath(view.base, number - 1) : null,
    next: number < pages ? listingPagePath(view.base, number + 1) : null,
  };
  const slice: SliceView = { from, number, base: view.paged ? view.base : null, nowLocal: view.nowLocal };
  const blocks = page.blocks.map((block, index) =>
    boundBlock(block, slice, index === lead && pages > 1 ? pager : null),
  );
  if (number === 1) return { ...page, blocks };
  const title = `${page.meta.title || page.title} – side ${number}`;
  return { ...page, path: listingPagePath(view.base, number), blocks, meta: { ...page.meta, title } };
}

/** Which slice of its listings a page shows. */
interface SliceView {
  /** Index of the page's first item. */
  from: number;
  /** Page number, from 1. */
  number: number;
  /** Path of the listing's first page; null where the listing has no later pages (the front page). */
  base: string | null;
  nowLocal: string;
}

function boundBlock(
  block: ResolvedBlock,
  { from, number, base, nowLocal }: SliceView,
  pager: ListingPager | null,
): ResolvedBlock {
  const carousel = CAROUSEL_FIELDS[block.component];
  if (carousel) {
    if (!block.data.some((data) => itemsOf(data, carousel).length > CAROUSEL_MAX_SLIDES)) return block;
    return {
      ...block,
      data: block.data.map((data) => ({ ...data, [carousel]: itemsOf(data, carousel).slice(0, CAROUSEL_MAX_SLIDES) })),
    };
  }
  const field = LISTING_FIELDS[block.component];
  if (!field) return block;
  const data = block.data.map((entry) => {
    const items = listedItems(block, entry, nowLocal);
    if (items.length <= LISTING_PAGE_SIZE && from === 0 && !pager) return entry;
    const shown = items.slice(from, from + LISTING_PAGE_SIZE);
    const places = base === null ? null : { base, number, pages: dayPlacesOf(block, entry, nowLocal) };
    const window = entry.programmeWindow
      ? { programmeWindow: windowOfSlice(entry.programmeWindow as ProgrammeWindow, shown, block.component, places) }
      : {};
    return { ...entry, [field]: shown, ...window, ...(pager ? { listingPager: pager } : {}) };
  });
  return data.every((entry, index) => entry === block.data[index]) ? block : { ...block, data };
}

/** Where the days of one listing are among its pages. */
interface DayPlaces {
  /** Path of the listing's first page. */
  base: string;
  /** This page's number. */
  number: number;
  /** Day -> the first page that holds it (dayPlacesOf). */
  pages: ReadonlyMap<string, number>;
}

/**
 * A programme window as one page of its listing has it: a day of the window none of the
 * page's items plays is not shown here. Its chip leads to the listing page that holds it
 * (`heldOn`: a day's films can all come after the first LISTING_PAGE_SIZE, and a chip to
 * '#dag-…' on this page led nowhere); where the listing has no later pages (the front page),
 * or no page holds it, it is not offered.
 */
function windowOfSlice(
  window: ProgrammeWindow,
  items: Fields[],
  component: string,
  places: DayPlaces | null,
): ProgrammeWindow {
  const present = new Set(items.flatMap((item) => itemDaysOf(item, component)));
  const absent = window.shown.filter((day) => !present.has(day));
  if (absent.length === 0) return window;
  const heldOn: Record<string, string> = { ...window.heldOn };
  for (const day of absent) {
    const page = places?.pages.get(day);
    if (places && page !== undefined && page !== places.number) heldOn[day] = listingPagePath(places.base, page);
  }
  const gone = new Set(absent.filter((day) => !(day in heldOn)));
  return {
    ...window,
    shown: window.shown.filter((day) => present.has(day)),
    days: window.days.filter((day) => !gone.has(day)),
    heldOn,
  };
}

/** The days an item of a listing plays: a schedule's showing its own, a production its tickets'. */
function itemDaysOf(item: Fields, component: string): string[] {
  const entries = component === "schedule" ? [item] : itemsOf(item, "tickets");
  return entries.flatMap((entry) => (typeof entry.date === "string" ? [entry.date.slice(0, 10)] : []));
}

/** Memo of dayPlacesOf per data object: every day page asks for its programme page's places. */
const placed = new WeakMap<Fields, Map<string, number>>();

/**
 * Each day of a listing -> the first of its pages (from 1) that holds it, from the items it
 * lists at `nowLocal` (listedItems) cut into LISTING_PAGE_SIZE.
 */
export function dayPlacesOf(block: { component: string }, data: Fields, nowLocal: string): ReadonlyMap<string, number> {
  let places = placed.get(data);
  if (places) return places;
  places = new Map();
  const items = listedItems(block, data, nowLocal);
  for (let index = 0; index < items.length; index++) {
    for (const day of itemDaysOf(items[index], block.component))
      if (!places.has(day)) places.set(day, Math.floor(index / LISTING_PAGE_SIZE) + 1);
  }
  placed.set(data, places);
  return places;
}

/** Memo of listedItems per data object: every page of a shared resolution lists the same items. */
const listed = new WeakMap<Fields, Fields[]>();

/**
 * The items a listing shows, in the order shown: a card list's cards ordered and limited; a
 * programme's or film grid's productions with something left to list at the build's time
 * (src/isomorphic/programme-entries.ts, the rule the templates apply); a schedule's showings.
 */
export function listedItems(block: { component: string }, data: Fields, nowLocal: string): Fields[] {
  const memo = listed.get(data);
  if (memo) return memo;
  let items: Fields[];
  if (block.component === "card-list") {
    const limit = numberOf(data, "limit");
    const cards = orderCards(itemsOf(data, "cards"));
    items = limit !== null && limit > 0 ? cards.slice(0, limit) : cards;
  } else if (block.component === "schedule") {
    items = itemsOf(data, "events");
  } else {
    items = programmeEntries(data, nowLocal).map((entry) => entry.event);
  }
  listed.set(data, items);
  return items;
}
