/**
 * The dev session's passes, made of the recipe's own steps (src/build.ts): the site files
 * (planSiteFiles), the assets (assembleAssets), the warnings (collectSiteWarnings), and then
 * either emitSite, as build() calls it (a full pass: a new folder swapped in), or the render
 * loop build() streams from (renderEachRoute) over the routes that may have changed, their
 * changed bytes written in place (an incremental pass).
 */
import { createHash } from "node:crypto";
import { emitSite, type EmittedSite } from "../recipe/emit-site.js";
import type { PreparedSite } from "../recipe/prepare-site.js";
import { createRouteRenderDeps, type RouteRenderDeps } from "../render/stage/render-route.js";
import { renderEachRoute } from "../render/stage/render-routes.js";
import { openBuildCache } from "../render/stage/render-stage.js";
import { assembleAssets, type BundledAssets } from "../recipe/site-assets.js";
import { feedOf, planSiteFiles, type SiteFiles, type SiteFilesOptions } from "../recipe/site-files.js";
import { collectSiteWarnings } from "../recipe/site-warnings.js";
import { planCalendarFeeds } from "../emit/calendar-feed.js";
import type { OutputFile } from "../emit/index.js";
import { hostProfile } from "../hosts/host-profile.js";
import { StageTimer, type StageTiming } from "../log/index.js";
import { pageDataUrl, type Route } from "../routes/index.js";
import { indexSite } from "./follow-up.js";
import { bundledAssetsOf, type PlannedSiteFiles, type RouteMemory, type SessionState } from "./session-state.js";

export interface PassReport {
  /** 'full': every route went through the render stage into a new folder; 'incremental': in place. */
  mode: "full" | "incremental";
  /** Paths of the routes whose inputs changed (rendered, or in a full pass not found in the build cache), sorted. */
  rendered: string[];
  /** Routes whose inputs did not change: neither rendered nor written. */
  reused: number;
  routes: number;
  /** Files written because their bytes changed, and files deleted; sorted. */
  written: string[];
  removed: string[];
  /** Time inside the session, from the rebuild's start to the last file written. */
  ms: number;
  timings: StageTiming[];
  /** What build() would warn about before rendering (collectSiteWarnings); none for a pass that keeps the site files. */
  warnings: string[];
}

/** A pass's stage timer and the time its rebuild (or save) started. */
export interface PassClock {
  timer: StageTimer;
  started: number;
}

export function startClock(started = performance.now()): PassClock {
  return { timer: new StageTimer(), started };
}

/**
 * How a pass treats the site files (sitemap, _headers, service worker, …): planned again, or
 * the last planned ones kept with the assets of the last bundling (`replaced`) swapped for the new.
 */
export type SiteFilesMode = "plan" | { replaced: ReadonlySet<string> };

/** The first pass: nothing is served yet, so the search index is made before the pages, as build() does. */
export async function firstPass(state: SessionState, site: PreparedSite, clock: PassClock): Promise<PassReport> {
  state.search = await clock.timer.time("search-index", () => indexSite(site, null));
  return fullPass(state, site, clock);
}

/** Every route through the render stage and the atomic writer into a new folder, as build() does. */
export async function fullPass(state: SessionState, site: PreparedSite, clock: PassClock): Promise<PassReport> {
  const { timer } = clock;
  const bundled = bundledAssetsOf(state);
  const planned = await timer.time("site-files", () => planSiteFiles(siteFilesOptions(site, bundled)));
  // The session builds for the default host, as its site files do: pages and `_headers` agree (docs/security.md).
  const assets = assembleAssets(bundled, state.search?.result ?? null, site.media, hostProfile());
  const warnings = await timer.time("warnings", () => collectSiteWarnings(site.dataset, planned.warnings));
  state.written.reset();
  const written: string[] = [];
  const record = (file: OutputFile) => {
    state.written.record(file);
    written.push(file.path);
  };
  const emitted = await emitSite({
    out: state.out,
    site,
    assets,
    siteFiles: [...planned.files], // kept by the session (rememberFullPass)
    late: [planned.serviceWorker],
    cache: true,
    workers: 1,
    timer,
    observe: record,
  });
  rememberFullPass(state, site, bundled, emitted, await withServiceWorker(planned));
  // Rendered anew, or taken from the build cache on disk (an earlier dev run with the same code).
  return {
    mode: "full",
    rendered: [...emitted.tally.rendered].sort(),
    reused: emitted.tally.reused,
    routes: site.routes.length,
    written: written.sort(),
    removed: [],
    ms: performance.now() - clock.started,
    timings: timer.timings,
    warnings,
  };
}

/**
 * Routes that `mayHaveChanged` are bound again and rendered if their key changed; the others
 * keep their key and files. Only changed bytes are written. Everything is computed before the
 * first write, so a failing route leaves the folder as it was. When what every page shares
 * changed (the build cache's site key), every page must be rendered again: a full pass.
 */
export async function incrementalPass(
  state: SessionState,
  site: PreparedSite,
  mayHaveChanged: (route: Route) => boolean,
  mode: SiteFilesMode,
  clock: PassClock,
): Promise<PassReport> {
  const { timer } = clock;
  const bundled = bundledAssetsOf(state);
  const assets = assembleAssets(bundled, state.search?.result ?? null, site.media, hostProfile());
  const cache = await timer.time("site-key", () => openBuildCache(state.out, site.dataset, assets.urls));
  if (cache.siteKey !== state.siteKey) return fullPass(state, site, clock);
  const planned =
    mode === "plan"
      ? await timer.time("site-files", () => planSiteFilesOnce(state, site, bundled, cache.siteKey))
      : keptSiteFiles(state, bundled, mode.replaced);
  const warnings =
    mode === "plan" ? await timer.time("warnings", () => collectSiteWarnings(site.dataset, planned.warnings)) : [];
  const deps = await timer.time("renderer", () =>
    createRouteRenderDeps(site.dataset, assets.urls, site.resolver, cache),
  );
  const changed = renderChangedRoutes(state.routes, site.routes, deps, mayHaveChanged, timer);
  // The marker stays the first pass's, beside the folder (src/emit/write-output.ts): a dev
  // folder is never deployed, so no later build's shrink guard reads it.
  const files: OutputFile[] = [...planned.files, ...assets.extra, ...changed.files];
  const expected = new Set([
    ...files.map((file) => file.path),
    ...[...changed.memory.values()].flatMap((entry) => entry.files),
  ]);
  const writes = await timer.time("emit", () => state.written.update(files, expected));
  state.routes = changed.memory;
  if (mode === "plan") state.siteFiles = planned.files;
  const rendered = changed.rendered.sort();
  return {
    mode: "incremental",
    rendered,
    reused: site.routes.length - rendered.length,
    routes: site.routes.length,
    written: writes.written,
    removed: writes.removed,
    ms: performance.now() - clock.started,
    timings: timer.timings,
    warnings,
  };
}

interface ChangedRoutes {
  /** Paths of the routes rendered anew, in route order. */
  rendered: string[];
  /** Their files. */
  files: OutputFile[];
  /** Every route's memory after this pass. */
  memory: Map<string, RouteMemory>;
}

/**
 * The render loop over the routes that may have changed: a route the session knows, made as
 * before and that cannot have changed is passed over; a rendered route whose key and
 * signature are the ones known wrote nothing new (its files are the ones on disk).
 */
function renderChangedRoutes(
  known: ReadonlyMap<string, RouteMemory>,
  routes: readonly Route[],
  renderDeps: RouteRenderDeps,
  mayHaveChanged: (route: Route) => boolean,
  timer: StageTimer,
): ChangedRoutes {
  const memory = new Map<string, RouteMemory>();
  const deps: RouteRenderDeps = { ...renderDeps, known: (route, key) => known.get(route.path)?.key === key };
  let checkMs = 0;
  const keepUnchanged = (route: Route): boolean => {
    const before = known.get(route.path);
    const signature = signatureOf(route);
    const checkStarted = performance.now();
    const unchanged = before !== undefined && before.signature === signature && !mayHaveChanged(route);
    checkMs += performance.now() - checkStarted;
    if (unchanged) memory.set(route.path, before);
    return unchanged;
  };
  const rendered: string[] = [];
  const files: OutputFile[] = [];
  for (const { route, result } of renderEachRoute(deps, routes, timer, keepUnchanged)) {
    const before = known.get(route.path);
    const signature = signatureOf(route);
    if (before && before.key === result.key && before.signature === signature) {
      memory.set(route.path, before);
      continue;
    }
    memory.set(route.path, { key: result.key ?? "", signature, files: result.files.map((file) => file.path) });
    rendered.push(route.path);
    files.push(...result.files);
  }
  timer.record("route-check", checkMs);
  return { rendered, files, memory };
}

/** What the session keeps of a full pass: each route's key and files, the site key, the site files. */
function rememberFullPass(
  state: SessionState,
  site: PreparedSite,
  bundled: BundledAssets,
  emitted: EmittedSite,
  planned: PlannedSiteFiles,
): void {
  state.routes = new Map(
    site.routes.map((route) => [
      route.path,
      {
        key: emitted.tally.keysByPath.get(route.path) ?? "",
        signature: signatureOf(route),
        files: [route.file, pageDataUrl(route.jsonName).slice(1)],
      },
    ]),
  );
  state.siteKey = emitted.cache?.siteKey ?? null;
  state.siteFiles = planned.files;
  state.siteFilesPlan = state.siteKey ? { key: siteFilesKey(state.siteKey, site, bundled.files), planned } : null;
}

/**
 * The site files depend on what every page shares (the site key: settings, partner, the
 * Content-Security-Policy), the routes (paths, kinds, data files, an article's date for the
 * sitemap), the coming showings (the calendar feed) and the bytes of the assets (the service
 * worker's precache): planned again only when one of them changed.
 */
async function planSiteFilesOnce(
  state: SessionState,
  site: PreparedSite,
  bundled: BundledAssets,
  siteKey: string,
): Promise<PlannedSiteFiles> {
  const key = siteFilesKey(siteKey, site, bundled.files);
  if (state.siteFilesPlan?.key !== key)
    state.siteFilesPlan = {
      key,
      planned: await withServiceWorker(planSiteFiles(siteFilesOptions(site, bundled))),
    };
  return state.siteFilesPlan.planned;
}

/** What a pass plans the site files from: the session builds for the default host, without the kill switch. */
function siteFilesOptions(site: PreparedSite, bundled: BundledAssets): SiteFilesOptions {
  return {
    dataset: site.dataset,
    routes: site.routes,
    assets: bundled.files,
    swKillSwitch: false,
    feeds: site.feeds,
  };
}

/** The last planned site files with the assets of the last bundling (`replaced`) swapped for the new ones. */
function keptSiteFiles(state: SessionState, bundled: BundledAssets, replaced: ReadonlySet<string>): PlannedSiteFiles {
  return { files: [...bundled.files, ...state.siteFiles.filter((file) => !replaced.has(file.path))], warnings: [] };
}

async function withServiceWorker(planned: SiteFiles): Promise<PlannedSiteFiles> {
  return { files: [...planned.files, ...(await planned.serviceWorker)], warnings: planned.warnings };
}

function siteFilesKey(siteKey: string, site: PreparedSite, assets: OutputFile[]): string {
  const hash = createHash("sha1").update(siteKey);
  for (const route of site.routes)
    hash.update(
      JSON.stringify([
        route.path,
        route.kind,
        route.jsonName,
        (route.record as { updatedAt?: unknown } | undefined)?.updatedAt ?? null,
      ]),
    );
  for (const file of assets) hash.update(file.path).update(file.contents);
  // The calendar feeds list coming showings (docs/spec-decisions.md "Calendar"): a film's title
  // or a showing's time changes them without changing a route.
  for (const feed of planCalendarFeeds(site.dataset, site.routes, feedOf(site.feeds)))
    hash.update(feed.path).update(feed.contents);
  return hash.digest("base64");
}

/** What a route is made as besides its data: a route whose signature changed is made again. */
function signatureOf(route: Route): string {
  return JSON.stringify([
    route.kind,
    route.file,
    route.jsonName,
    route.params,
    route.programmeDay ?? null,
    route.page.id,
    route.dayPagesOf ?? null,
    route.calendarFeed ?? null,
  ]);
}
