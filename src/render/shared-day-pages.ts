/**
 * Shared day pages (docs/spec-decisions.md "Shared day pages"): programme pages whose listings
 * by day are the same share one set of day pages, the first page's in the menu's order. The
 * routes stage asks these two planners which page a static route's listing is
 * (expandRoutes' `listingOf`) and in which order the pages come (`pageRank`).
 */
import { createHash } from "node:crypto";
import type { ResolvedBlock, ResolvedPage, Site } from "../model/index.js";
import type { ListingFeed, Route, SharedListing } from "../routes/index.js";
import { buildMenuTree, type MenuNode } from "./menu-tree.js";
import { isDayProgramme, sharesResolution, type SharedResolver } from "./programme-window.js";

/**
 * A listing's entry fields that frame it rather than make it: its heading, the words under
 * it and the ad banners beside it, and the entry's own id and unresolved bindings. A page
 * keeps its own frame when a day loads in place; only a visitor without JavaScript, on the
 * owner's day page, sees the owner's (accepted by the decision).
 */
const FRAME_FIELDS = new Set(["id", "bindings", "title", "subtitle", "bannerId", "bannerMobileId"]);

/**
 * What a page's day pages show of its listings, as a key: every day listing (a programme by
 * date or a schedule, src/render/programme-window.ts isDayProgramme) in page order, its kind
 * and every resolved field of each entry but its frame: the records the source and its
 * filters selected (projected to what the templates read) and the rules that select and show
 * them (filter type and dates, ad flags, ticket display mode, ticket counts). Anything that
 * changes a day page's listing changes the key. Null for a page without one.
 */
export function sharedListingOf(page: ResolvedPage): SharedListing | null {
  const listings = page.blocks.filter(isDayProgramme);
  if (listings.length === 0) return null;
  const hash = createHash("sha256");
  for (const block of listings) hashListing(hash, block);
  return { key: hash.digest("base64"), blocks: listings.map((block) => block.id), feed: listingFeedOf(page) };
}

/**
 * The page's calendar feed (src/emit/calendar-feed.ts): read here, where the routes stage has
 * the page's resolution in hand, so the site files need not resolve a programme of every
 * showing once more.
 */
export function listingFeedOf(page: ResolvedPage): ListingFeed {
  // A showing's key is 'e-' + its event id (spec 3.4); a partner may bind either as a ticket's id.
  const showings = showingIdsOf(page).map((id) => (id.startsWith("e-") ? id : `e-${id}`));
  return { title: page.meta.title || page.title, showings };
}

/**
 * The ids of the showings a page's listings by day hold (src/render/programme-window.ts
 * isDayProgramme): a schedule's events[], a programme's events[].tickets[] (of its entries by
 * date; an entry with filter type 'none' is a film list).
 */
export function showingIdsOf(page: ResolvedPage): string[] {
  const ids: string[] = [];
  const push = (item: unknown) => {
    const id = item && typeof item === "object" ? (item as { id?: unknown }).id : undefined;
    if (typeof id === "string" && id !== "") ids.push(id);
  };
  for (const block of page.blocks) {
    if (!isDayProgramme(block)) continue;
    for (const data of block.data) {
      const events = Array.isArray(data.events) ? (data.events as unknown[]) : [];
      if (block.component === "schedule") events.forEach(push);
      else if (((data.filter ?? {}) as { type?: unknown }).type !== "none")
        for (const event of events) {
          const tickets = (event as { tickets?: unknown } | null)?.tickets;
          if (Array.isArray(tickets)) tickets.forEach(push);
        }
    }
  }
  return ids;
}

function hashListing(hash: ReturnType<typeof createHash>, block: ResolvedBlock): void {
  hash.update(`\u0000${block.component}\u0000${block.data.length}`);
  for (const data of block.data) {
    const fields = Object.keys(data)
      .filter((name) => !FRAME_FIELDS.has(name))
      .sort();
    for (const name of fields) {
      const value = data[name];
      hash.update(`\u0001${name}\u0002`);
      // A programme's records one by one: no single string of a 10,000-film programme.
      if (Array.isArray(value)) for (const item of value) hash.update(`${JSON.stringify(item) ?? "null"}\u0003`);
      else hash.update(JSON.stringify(value) ?? "undefined");
    }
  }
}

/** expandRoutes' `listingOf`: the listing of a static route with a shared resolution (others have no day pages). */
export function listSharedListings(resolver: SharedResolver): (route: Route) => SharedListing | null {
  return (route) => (sharesResolution(route) ? sharedListingOf(resolver.resolveShared(route)) : null);
}

/**
 * expandRoutes' `pageRank`: a page's place in the menu, header then footer, each depth first
 * in the menu's own order (src/render/menu-tree.ts, the order a visitor sees); pages not in
 * the menu after all those in it (expandRoutes breaks ties by path, so the owner is stable).
 */
export function menuRank(site: Site): (path: string) => number {
  const locale = site.activeLocale || site.locale.default;
  const ranks = new Map<string, number>();
  const visit = (nodes: MenuNode[]) => {
    for (const node of nodes) {
      const path = node.path.replace(/(.)\/+$/, "$1");
      if (path.startsWith("/") && !ranks.has(path)) ranks.set(path, ranks.size);
      visit(node.children);
    }
  };
  visit(buildMenuTree(site.theme.menu, "header", locale));
  visit(buildMenuTree(site.theme.menu, "footer", locale));
  return (path) => ranks.get(path) ?? ranks.size;
}
