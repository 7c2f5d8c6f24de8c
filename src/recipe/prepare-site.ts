/**
 * The stages before any output work, shared by build() and the dev session (src/session/):
 *
 *   config -> fetch -> validate -> media -> query & bind (the resolver) -> routes
 *
 * A long-lived caller (the dev session) calls the halves itself and passes a SiteMemo: snapshot files whose bytes did not change are not
 * parsed again, and the media stage is not run again while the files it names are unchanged.
 * Without a memo (build) every stage runs in full.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import { createPageResolver, type PageResolver } from "../bind/index.js";
import { unwritableRoutes } from "../emit/site-path.js";
import { BuildErrors } from "../errors/index.js";
import type { SnapshotMemo } from "../fetch/index.js";
import { hostProfile, type HostProfile } from "../hosts/host-profile.js";
import { loadDataset, type LoadOptions, type LoadResult } from "../load.js";
import type { StageTimer } from "../log/index.js";
import { collectMediaRefs, planMedia, rewriteMediaRefs, type MediaOptions, type MediaPlan } from "../media/index.js";
import type { Dataset } from "../model/index.js";
import { listListingPages, listProgrammeDayPages } from "../render/programme-window.js";
import { listSharedListings, menuRank } from "../render/shared-day-pages.js";
import { toOsloLocal } from "../isomorphic/time/oslo.js";
import { expandRoutes, type ListingFeed, type Route, type SharedListing } from "../routes/index.js";
import { ownsCalendarFeed } from "../emit/calendar-feed.js";
import { unsafeFilterRegexes } from "../validate/check-filter-regexes.js";

export interface SiteMemo {
  snapshot: SnapshotMemo;
  media?: { key: string; plan: MediaPlan };
  /** The media paths under each record, and each record's copy with them rewritten (for one plan's URLs). */
  mediaRefs: WeakMap<object, readonly string[]>;
  rewritten?: { urls: string; copies: WeakMap<object, unknown> };
}

export function createSiteMemo(): SiteMemo {
  return { snapshot: new Map(), mediaRefs: new WeakMap() };
}

export interface LoadedSite {
  /** The dataset as loaded (media references still 'media:…'): what lint reads. */
  loaded: LoadResult;
  /** The dataset the pages are made from: media references are site paths. */
  dataset: Dataset;
  media: MediaPlan;
}

export interface PlannedRoutes {
  resolver: PageResolver;
  routes: Route[];
  /** Routes by kind (the output marker, the shrink guard). */
  routeCounts: Record<string, number>;
  /**
   * The calendar feed of each programme page that owns one (src/emit/calendar-feed.ts), by
   * path: read with its listing, so the site files do not resolve its programme again.
   */
  feeds: ReadonlyMap<string, ListingFeed>;
}

export type PreparedSite = LoadedSite & PlannedRoutes;

/**
 * media -> routes for a loaded dataset (build() starts the bundler in between loading and
 * this). Throws BuildError(s) with their location for bad data; nothing is written here.
 */
export async function prepareSite(
  loaded: LoadResult,
  timer: StageTimer,
  host: HostProfile = hostProfile(),
): Promise<PreparedSite> {
  const site = await planSiteMedia(loaded, timer);
  return { ...site, ...(await planRoutes(site.dataset, timer, undefined, undefined, host)) };
}

/** config -> fetch -> validate -> media, and the filter regexes checked. */
export async function loadSite(options: LoadOptions, timer: StageTimer, memo?: SiteMemo): Promise<LoadedSite> {
  return planSiteMedia(await loadDataset(options, timer, memo?.snapshot), timer, memo);
}

/** The media stage and the filter regexes checked, for a loaded dataset. */
export async function planSiteMedia(loaded: LoadResult, timer: StageTimer, memo?: SiteMemo): Promise<LoadedSite> {
  const partner = loaded.dataset.partner.partner;
  const { media, dataset } = await timer.time("media", async () => {
    const mediaOptions = {
      partner,
      dir: path.join(loaded.loaded.dir, "media"),
      refs: collectMediaRefs(loaded.dataset, memo?.mediaRefs),
    };
    const plan = await (memo ? planMediaOnce(memo, mediaOptions) : planMedia(mediaOptions));
    if (plan.files.length === 0) return { media: plan, dataset: loaded.dataset };
    // From here on the data holds the site paths of the hashed media files, like any image URL.
    return {
      media: plan,
      dataset: rewriteMediaRefs(
        loaded.dataset,
        (ref) => plan.urls[ref],
        memo ? rewrittenCopies(memo, plan) : undefined,
      ),
    };
  });
  const unsafe = unsafeFilterRegexes(dataset.site.pages, partner);
  if (unsafe.length > 0)
    throw new BuildErrors(
      unsafe,
      `partner ${partner}: ${unsafe.length} unsafe regex filter${unsafe.length === 1 ? "" : "s"}`,
    );
  return { loaded, dataset, media };
}

/**
 * query & bind -> routes. `programmeDays` and `listingPages` (the number of pages of a
 * listing, src/render/listing-pages.ts) and `listings` (its listing by day, shared with the
 * pages of the same listing: src/render/shared-day-pages.ts) may answer for a page from memory
 * (the dev session, for a page whose inputs did not change); by default every such page is resolved.
 */
export async function planRoutes(
  dataset: Dataset,
  timer: StageTimer,
  programmeDays?: (resolver: PageResolver) => (route: Route) => string[],
  listingPages?: (resolver: PageResolver, nowLocal: string) => (route: Route) => number,
  host: HostProfile = hostProfile(),
  listings?: (resolver: PageResolver) => (route: Route) => SharedListing | null,
): Promise<PlannedRoutes> {
  const partner = dataset.partner.partner;
  // Records projected to what the templates read: a route's key follows what its page shows.
  const resolver = createPageResolver(dataset, { projectRecords: true });
  const days = programmeDays ? programmeDays(resolver) : listProgrammeDayPages(resolver);
  const nowLocal = toOsloLocal(dataset.now);
  const pages = listingPages ? listingPages(resolver, nowLocal) : listListingPages(resolver, nowLocal);
  const listingOf = listings ? listings(resolver) : listSharedListings(resolver);
  const read = new Map<string, SharedListing>();
  const routes = await timer.time("routes", () =>
    expandRoutes({
      partner,
      pages: dataset.site.pages,
      selectRecords: resolver.selectRecords,
      programmeDays: days,
      listingPages: pages,
      listingOf: (route) => {
        const listing = listingOf(route);
        if (listing) read.set(route.path, listing);
        return listing;
      },
      pageRank: menuRank(dataset.site),
      pageFiles: host.pageFiles,
    }),
  );
  const unwritable = unwritableRoutes(routes, partner);
  if (unwritable.length > 0)
    throw new BuildErrors(
      unwritable,
      `partner ${partner}: ${unwritable.length} page path${unwritable.length === 1 ? "" : "s"} cannot be written`,
    );
  return { resolver, routes, routeCounts: countRoutes(routes), feeds: ownFeeds(routes, read) };
}

/**
 * The media plan again when the data names the same files and none of them changed (size,
 * modification time): resizing is the slowest part of a build of a partner with local media.
 */
async function planMediaOnce(memo: SiteMemo, options: MediaOptions): Promise<MediaPlan> {
  const stats = await Promise.all(
    options.refs.map((ref) =>
      stat(path.join(options.dir, ...ref.split("/"))).then(
        (s) => `${s.size}:${s.mtimeMs}`,
        () => "missing",
      ),
    ),
  );
  const key = JSON.stringify([options.dir, options.refs, stats]);
  if (memo.media?.key === key) return memo.media.plan;
  const plan = await planMedia(options);
  memo.media = { key, plan };
  return plan;
}

/** The copies made for these media URLs before (a new plan starts afresh). */
function rewrittenCopies(memo: SiteMemo, plan: MediaPlan): WeakMap<object, unknown> {
  const urls = JSON.stringify(plan.urls);
  if (memo.rewritten?.urls !== urls) memo.rewritten = { urls, copies: new WeakMap() };
  return memo.rewritten.copies;
}

/** The feeds of the routes that write one, from the listings the routes stage read. */
function ownFeeds(routes: readonly Route[], listings: ReadonlyMap<string, SharedListing>): Map<string, ListingFeed> {
  const feeds = new Map<string, ListingFeed>();
  for (const route of routes) {
    const listing = ownsCalendarFeed(route) ? listings.get(route.path) : undefined;
    if (listing) feeds.set(route.path, listing.feed);
  }
  return feeds;
}

function countRoutes(routes: { kind: string }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const route of routes) counts[route.kind] = (counts[route.kind] ?? 0) + 1;
  return counts;
}
