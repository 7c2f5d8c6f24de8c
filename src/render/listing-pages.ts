/**
 * Bounded listings (issue 14 item 1; docs/spec-decisions.md "Bounded listings"): no page's
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
import { itemsOf, numberOf, type Fields } from "./block-fields.js";
import { CAROUSEL_MAX_SLIDES, LISTING_PAGE_SIZE, PAGE_SEGMENT } from "./display-rules.js";
import { orderCards } from "./order-cards.js";
import { programmeEntries } from "./programme-entries.js";
import type { ProgrammeWindow } from "./programme-window.js";

/** The field of a carousel's slides, by component. */
const CAROUSEL_FIELDS: Readonly<Record<string, string>> = { slideshow: "slides", "cover-flow": "items" };
/** The field of a listing's items, by component. */
export const LISTING_FIELDS: Readonly<Record<string, string>> = { events: "events", program: "events", "culture-program": "events", schedule: "events", "card-list": "cards" };

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

/** Path of a listing's page n (page 1 is the listing itself). */
export function listingPagePath(base: string, page: number): string {
  return page <= 1 ? base : `${base.replace(/\/+$/, "")}/${PAGE_SEGMENT}/${page}`;
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
    for (const data of block.data) pages = Math.max(pages, Math.ceil(listedItems(block, data, nowLocal).length / LISTING_PAGE_SIZE));
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
  const pager: ListingPager = { page: number, pages, prev: number > 1 ? listingPagePath(view.base, number - 1) : null, next: number < pages ? listingPagePath(view.base, number + 1) : null };
  const blocks = page.blocks.map((block, index) => boundBlock(block, from, index === lead && pages > 1 ? pager : null, view.nowLocal));
  if (number === 1) return { ...page, blocks };
  const title = `${page.meta.title || page.title} – side ${number}`;
  return { ...page, path: listingPagePath(view.base, number), blocks, meta: { ...page.meta, title } };
}

function boundBlock(block: ResolvedBlock, from: number, pager: ListingPager | null, nowLocal: string): ResolvedBlock {
  const carousel = CAROUSEL_FIELDS[block.component];
  if (carousel) {
    if (!block.data.some((data) => itemsOf(data, carousel).length > CAROUSEL_MAX_SLIDES)) return block;
    return { ...block, data: block.data.map((data) => ({ ...data, [carousel]: itemsOf(data, carousel).slice(0, CAROUSEL_MAX_SLIDES) })) };
  }
  const field = LISTING_FIELDS[block.component];
  if (!field) return block;
  const data = block.data.map((entry) => {
    const items = listedItems(block, entry, nowLocal);
    if (items.length <= LISTING_PAGE_SIZE && from === 0 && !pager) return entry;
    const shown = items.slice(from, from + LISTING_PAGE_SIZE);
    const window = entry.programmeWindow ? { programmeWindow: windowOfSlice(entry.programmeWindow as ProgrammeWindow, shown, block.component) } : {};
    return { ...entry, [field]: shown, ...window, ...(pager ? { listingPager: pager } : {}) };
  });
  return data.every((entry, index) => entry === block.data[index]) ? block : { ...block, data };
}

/**
 * A programme window as one page of its listing has it: a day of the window none of the
 * page's items plays is neither shown nor offered as a chip (its chip would lead to a
 * section the page does not have); the listing's first page and the day pages still have it.
 */
function windowOfSlice(window: ProgrammeWindow, items: Fields[], component: string): ProgrammeWindow {
  const present = new Set<string>();
  for (const item of items) for (const entry of component === "schedule" ? [item] : itemsOf(item, "tickets")) if (typeof entry.date === "string") present.add(entry.date.slice(0, 10));
  const absent = new Set(window.shown.filter((day) => !present.has(day)));
  if (absent.size === 0) return window;
  return { ...window, shown: window.shown.filter((day) => !absent.has(day)), days: window.days.filter((day) => !absent.has(day)) };
}

/** Memo of listedItems per data object: every page of a shared resolution lists the same items. */
const listed = new WeakMap<Fields, Fields[]>();

/**
 * The items a listing shows, in the order shown: a card list's cards ordered and limited; a
 * programme's or film grid's productions with something left to list at the build's time
 * (src/render/programme-entries.ts, the rule the templates apply); a schedule's showings.
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
