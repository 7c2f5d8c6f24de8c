/**
 * The dev loop's build (docs/dev.md, docs/performance.md): one session for as long as the dev worker
 * lives, calling the same stage functions as build() (src/build/) and keeping what a content
 * save does not change: the parsed snapshot files and the media plan (SiteMemo), the bundles
 * and stylesheet, the search index, each route's input hash (its build-cache key) and a hash
 * of every file last written (WrittenFiles).
 *
 * A rebuild loads and binds again, renders only the routes whose key changed, and writes
 * only the files whose bytes changed, in place; a route that is gone has its files deleted.
 * The page is served before the slow parts run: the search index, the link check and lint
 * follow (followUp), and the search index's files and pages are written when it is done.
 * When every page must be rendered again (the first build, a change to what every page
 * shares: menu, theme, partner settings, bundle URLs) the pass is build()'s own: a new folder
 * swapped in atomically.
 *
 * Same input, same output: after a rebuild and its follow-up the folder equals a clean dev
 * build byte for byte (tests/integration/build-session.test.ts).
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { emitSite } from "../build/emit-site.js";
import { createSiteMemo, loadSite, planRoutes, type PreparedSite } from "../build/prepare-site.js";
import type { PageResolver } from "../bind/index.js";
import { listListingPages, sharesResolution } from "../render/programme-window.js";
import type { Route } from "../routes/index.js";
import { diffSites, noChanges } from "./dataset-changes.js";
import { rememberProgramme, sameProgramme, type ProgrammeMemory } from "./programme-memory.js";
import { createRouteCheck } from "./route-check.js";
import { openBuildCache } from "../build/render-stage.js";
import { createRouteRenderDeps, renderRoute, routeFailures } from "../build/render-route.js";
import { assembleAssets, bundleAssets, replaceStylesheet, unusedIslands, type BundledAssets } from "../build/site-assets.js";
import { planSiteFiles } from "../build/site-files.js";
import { footerHtmlWarnings } from "../lint/lint-footer-html.js";
import { inspectOutputTarget } from "../emit/output-target.js";
import { packageRoot } from "../emit/package-root.js";
import type { OutputFile } from "../emit/index.js";
import type { BuildError } from "../errors/index.js";
import type { LoadOptions } from "../load.js";
import { StageTimer, type StageTiming } from "../log/index.js";
import { pageDataUrl } from "../routes/index.js";
import { indexSite, runFollowUp, type FollowUpReport, type SearchState } from "./follow-up.js";
import { createWrittenFiles } from "./written-files.js";

export interface SessionOptions extends LoadOptions {
  /** The served folder. */
  out: string;
}

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
  warnings: string[];
}

export interface Rebuilt {
  report: PassReport;
  /** The search index, link check and lint, run after the pass (never rejects). */
  followUp: Promise<FollowUpReport>;
}

export interface BuildSession {
  /** Throws BuildError(s) for bad data; the folder is then left as it was. */
  rebuild(): Promise<Rebuilt>;
  /** A CSS save: the stylesheet now, the service worker (it lists the stylesheet's hash) in the follow-up. */
  replaceStylesheet(): Promise<Rebuilt>;
  /** A client save: the bundles again (chunk names may change, and the pages with them); the service worker follows. */
  rebundle(): Promise<Rebuilt>;
}

/** A route's memory: its build-cache key, what it was made as, and the files it wrote. */
interface RouteMemory {
  key: string;
  signature: string;
  files: string[];
}

/**
 * How a pass treats the site files (sitemap, _headers, service worker, …): planned again, or
 * the last planned ones kept with the assets of the last bundling (`replaced`) swapped for the new.
 */
type SiteFilesMode = "plan" | { replaced: ReadonlySet<string> };

export function createBuildSession(options: SessionOptions): BuildSession {
  const out = path.resolve(options.out);
  const memo = createSiteMemo();
  const written = createWrittenFiles(out);
  let routeMemory = new Map<string, RouteMemory>();
  /** Programme page id -> what its shared resolution was (programme-memory.ts). */
  let programmes = new Map<string, ProgrammeMemory>();
  let siteKey: string | null = null;
  let bundled: BundledAssets | null = null;
  /** The last planned site files and what they were planned from (siteFilesKey). */
  let siteFiles: OutputFile[] = [];
  let siteFilesPlan: { key: string; planned: PlannedSiteFiles } | null = null;
  let search: SearchState | null = null;
  let current: PreparedSite | null = null;
  // Rebuilds, asset saves and the follow-ups' writes run one at a time. A follow-up whose
  // rebuild (or asset save) was overtaken by a newer one writes nothing: the newer has its own.
  const generation = { content: 0, assets: 0 };
  let lock: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(run: () => Promise<T>): Promise<T> => {
    const next = lock.then(run);
    lock = next.catch(() => undefined);
    return next;
  };

  /**
   * The site files depend on what every page shares (the site key: settings, partner, the
   * Content-Security-Policy), the routes (paths, kinds, data files, an article's date for the
   * sitemap) and the bytes of the assets (the service worker's precache): planned again only
   * when one of them changed.
   */
  const planSiteFilesOnce = async (site: PreparedSite, key: string): Promise<PlannedSiteFiles> => {
    const planKey = siteFilesKey(key, site.routes, bundled!.files);
    if (siteFilesPlan?.key !== planKey) siteFilesPlan = { key: planKey, planned: await withServiceWorker(planSiteFiles({ dataset: site.dataset, routes: site.routes, assets: bundled!.files, swKillSwitch: false })) };
    return siteFilesPlan.planned;
  };

  /** Every route through the render stage and the atomic writer, as build() does. */
  const fullPass = async (site: PreparedSite, timer: StageTimer, started: number, warnings: string[]): Promise<PassReport> => {
    const planning = await timer.time("site-files", () => planSiteFiles({ dataset: site.dataset, routes: site.routes, assets: bundled!.files, swKillSwitch: false }));
    const assets = assembleAssets(bundled!, search?.result ?? null, site.media);
    written.reset();
    const paths: string[] = [];
    const record = (file: OutputFile) => {
      written.record(file);
      paths.push(file.path);
    };
    const emitted = await emitSite({ out, site, assets, siteFiles: planning.files, late: [planning.serviceWorker], cache: true, workers: 1, timer, observe: record });
    const planned = await withServiceWorker(planning);
    routeMemory = new Map(site.routes.map((route) => [route.path, { key: emitted.tally.keysByPath.get(route.path) ?? "", signature: signatureOf(route), files: [route.file, pageDataUrl(route.jsonName).slice(1)] }]));
    siteKey = emitted.cache?.siteKey ?? null;
    siteFiles = planned.files;
    siteFilesPlan = siteKey ? { key: siteFilesKey(siteKey, site.routes, bundled!.files), planned } : null;
    // Rendered anew, or taken from the build cache on disk (an earlier dev run with the same code).
    return { mode: "full", rendered: [...emitted.tally.rendered].sort(), reused: emitted.tally.reused, routes: site.routes.length, written: paths.sort(), removed: [], ms: performance.now() - started, timings: timer.timings, warnings: [...warnings, ...planned.warnings] };
  };

  /**
   * Routes that `mayHaveChanged` are bound again and rendered if their key changed; the others
   * keep their key and files. Only changed bytes are written. Everything is computed before the
   * first write, so a failing route leaves the folder as it was.
   */
  const incrementalPass = async (site: PreparedSite, mayHaveChanged: (route: Route) => boolean, mode: SiteFilesMode, timer: StageTimer, started: number, warnings: string[] = []): Promise<PassReport> => {
    const assets = assembleAssets(bundled!, search?.result ?? null, site.media);
    const cache = await timer.time("site-key", () => openBuildCache(out, site.dataset, assets.urls));
    if (cache.siteKey !== siteKey) return fullPass(site, timer, started, warnings);
    const planned = mode === "plan" ? await timer.time("site-files", () => planSiteFilesOnce(site, cache.siteKey)) : { files: [...bundled!.files, ...siteFiles.filter((file) => !mode.replaced.has(file.path))], warnings: [] };
    const renderDeps = await timer.time("renderer", () => createRouteRenderDeps(site.dataset, assets.urls, site.resolver, cache));
    const deps = { ...renderDeps, known: (route: Route, key: string) => routeMemory.get(route.path)?.key === key };
    const errors: BuildError[] = [];
    const rendered: string[] = [];
    // The marker stays the first pass's, beside the folder (src/emit/write-output.ts): a dev
    // folder is never deployed, so no later build's shrink guard reads it.
    const files: OutputFile[] = [...planned.files, ...assets.extra];
    const nextMemory = new Map<string, RouteMemory>();
    let bindMs = 0;
    let renderMs = 0;
    let checkMs = 0;
    for (const route of site.routes) {
      const known = routeMemory.get(route.path);
      const signature = signatureOf(route);
      const checkStarted = performance.now();
      const unchanged = known !== undefined && known.signature === signature && !mayHaveChanged(route);
      checkMs += performance.now() - checkStarted;
      if (unchanged) {
        nextMemory.set(route.path, known);
        continue;
      }
      const result = renderRoute(deps, route);
      if (Array.isArray(result)) {
        errors.push(...result);
        continue;
      }
      bindMs += result.bindMs;
      renderMs += result.renderMs;
      if (known && known.key === result.key && known.signature === signature) {
        nextMemory.set(route.path, known);
        continue;
      }
      nextMemory.set(route.path, { key: result.key ?? "", signature, files: result.files.map((file) => file.path) });
      rendered.push(route.path);
      files.push(...result.files);
    }
    timer.record("route-check", checkMs);
    timer.record("bind", bindMs);
    timer.record("render", renderMs);
    if (errors.length > 0) throw routeFailures(site.dataset.partner.partner, errors);
    const expected = new Set([...files.map((file) => file.path), ...[...nextMemory.values()].flatMap((entry) => entry.files)]);
    const changes = await timer.time("emit", () => written.update(files, expected));
    routeMemory = nextMemory;
    if (mode === "plan") siteFiles = planned.files;
    return { mode: "incremental", rendered: rendered.sort(), reused: site.routes.length - rendered.length, routes: site.routes.length, written: changes.written, removed: changes.removed, ms: performance.now() - started, timings: timer.timings, warnings: [...warnings, ...planned.warnings] };
  };

  /**
   * planRoutes' programme days: remembered for a programme page whose inputs did not change,
   * else from its shared resolution; `staged` becomes the memory when the rebuild succeeds.
   */
  const rememberedDays = (staged: Map<string, ProgrammeMemory>, mayHaveChanged: (route: Route) => boolean) => (resolver: PageResolver) => (route: Route) => {
    if (!sharesResolution(route)) return [];
    const known = programmes.get(route.page.id);
    const memory = known && !mayHaveChanged(route) ? known : rememberProgramme(resolver.resolveShared(route));
    staged.set(route.page.id, memory);
    return memory.dayPages;
  };

  /**
   * planRoutes' listing pages: remembered with the page's programme memory (rememberedDays has
   * just staged it for the route's page), else counted from its shared resolution.
   */
  const rememberedListingPages = (staged: Map<string, ProgrammeMemory>) => (resolver: PageResolver, nowLocal: string) => {
    const count = listListingPages(resolver, nowLocal);
    return (route: Route) => {
      const memory = sharesResolution(route) ? staged.get(route.page.id) : undefined;
      if (!memory) return count(route);
      return (memory.listingPages[route.path] ??= count(route));
    };
  };

  const rebuild = () =>
    exclusive(async (): Promise<Rebuilt> => {
      const started = performance.now();
      const timer = new StageTimer();
      // Counted when this rebuild succeeds: a failed save leaves the last good one's follow-up to finish.
      const mine = generation.content + 1;
      const first = current === null;
      if (first) await inspectOutputTarget(out, { partner: Number(options.partner), dataDirs: [options.partnersDir], protectedDirs: [packageRoot()] });
      const loaded = await loadSite(options, timer, memo);
      const changes = current ? await timer.time("changes", () => diffSites(current!, loaded)) : null;
      const staged = new Map<string, ProgrammeMemory>();
      const sameDays = (route: Route) => sameProgramme(programmes.get(route.page.id), staged.get(route.page.id));
      const mayHaveChanged = changes ? createRouteCheck({ changes, dataset: loaded.dataset, searchChanged: false, sameProgramme: sameDays }) : () => true;
      const site: PreparedSite = { ...loaded, ...(await planRoutes(loaded.dataset, timer, rememberedDays(staged, mayHaveChanged), rememberedListingPages(staged))) };
      const warnings = await timer.time("warnings", () => footerHtmlWarnings(site.dataset.site.theme.footer, site.dataset.partner.contentSecurity.scriptHosts).map((w) => `${w.field}: ${w.text}`));
      bundled ??= await timer.time("bundle", () => bundleAssets(true, unusedIslands(site.dataset)));
      let report: PassReport;
      if (first) {
        // Nothing is served yet: the search index is made before the pages, as build() does.
        search = await timer.time("search-index", () => indexSite(site, null));
        report = await fullPass(site, timer, started, warnings);
      } else {
        report = await incrementalPass(site, mayHaveChanged, "plan", timer, started, warnings);
      }
      current = site;
      programmes = staged;
      generation.content = mine;
      generation.assets += 1;
      const followUp = runFollowUp({
        site,
        out,
        previousSearch: () => search,
        search: (state) =>
          exclusive(async () => {
            if (mine !== generation.content) return null;
            const changed = state.result?.assets.basePath !== search?.result?.assets.basePath;
            search = state;
            const check = createRouteCheck({ changes: noChanges(), dataset: site.dataset, searchChanged: changed });
            return incrementalPass(site, check, "plan", new StageTimer(), performance.now());
          }),
        isCurrent: () => mine === generation.content,
      });
      return { report, followUp };
    });

  /** A CSS or client save: the pages are kept; the site files that list the assets follow. */
  const replaceAssets = (replace: (assets: BundledAssets, site: PreparedSite) => Promise<BundledAssets>) =>
    exclusive(async (): Promise<Rebuilt> => {
      const started = performance.now();
      const timer = new StageTimer();
      const site = current;
      if (!bundled || !site) throw new Error("the site has not been built yet; save a content file to build it");
      const mine = (generation.assets += 1);
      const replaced = new Set(bundled.files.map((file) => file.path));
      bundled = await timer.time("bundle", () => replace(bundled!, site));
      const unchanged = () => false;
      const report = await incrementalPass(site, unchanged, { replaced }, timer, started);
      // The service worker lists the assets with a hash of their bytes; making it again takes
      // workbox a second or two, so it follows the reload.
      const followUp = exclusive(async (): Promise<FollowUpReport> => {
        const begun = performance.now();
        if (mine !== generation.assets) return { ...EMPTY_FOLLOW_UP, stale: true };
        try {
          const pass = await incrementalPass(site, unchanged, "plan", new StageTimer(), begun);
          return { ...EMPTY_FOLLOW_UP, written: pass.written, ms: performance.now() - begun };
        } catch (error) {
          return { ...EMPTY_FOLLOW_UP, failure: error, ms: performance.now() - begun };
        }
      });
      return { report, followUp };
    });

  return {
    rebuild,
    replaceStylesheet: () => replaceAssets(async (assets) => replaceStylesheet(assets, true)),
    rebundle: () => replaceAssets(async (_assets, site) => bundleAssets(true, unusedIslands(site.dataset))),
  };
}

/** planSiteFiles' result with the service worker's files among the others. */
interface PlannedSiteFiles {
  files: OutputFile[];
  warnings: string[];
}

async function withServiceWorker(planned: ReturnType<typeof planSiteFiles>): Promise<PlannedSiteFiles> {
  return { files: [...planned.files, ...(await planned.serviceWorker)], warnings: planned.warnings };
}

const EMPTY_FOLLOW_UP: FollowUpReport = { ms: 0, search: "unchanged", pages: [], written: [], links: null, lint: null, stale: false, failure: null };

function siteFilesKey(siteKey: string, routes: Route[], assets: OutputFile[]): string {
  const hash = createHash("sha1").update(siteKey);
  for (const route of routes) hash.update(JSON.stringify([route.path, route.kind, route.jsonName, (route.record as { updatedAt?: unknown } | undefined)?.updatedAt ?? null]));
  for (const file of assets) hash.update(file.path).update(file.contents);
  return hash.digest("base64");
}

/** What a route is made as besides its data: a route whose signature changed is made again. */
function signatureOf(route: Route): string {
  return JSON.stringify([route.kind, route.file, route.jsonName, route.params, route.programmeDay ?? null, route.page.id]);
}
