/**
 * The dev loop's build (issue 15, issue 14 item 4): one session for as long as the dev worker
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
import path from "node:path";
import { emitSite, markerOf } from "../build/emit-site.js";
import { createSiteMemo, prepareSite, type PreparedSite } from "../build/prepare-site.js";
import { openBuildCache } from "../build/render-stage.js";
import { createRouteRenderDeps, renderRoute, routeFailures } from "../build/render-route.js";
import { assembleAssets, bundleAssets, replaceStylesheet, unusedIslands, type BundledAssets } from "../build/site-assets.js";
import { planSiteFiles } from "../build/site-files.js";
import { footerHtmlWarnings } from "../lint/lint-footer-html.js";
import { inspectOutputTarget } from "../emit/output-target.js";
import { MARKER_FILE, serializeMarker } from "../emit/output-marker.js";
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
  /** Paths of the routes whose inputs changed (rendered, or taken from the build cache), sorted. */
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
  /** A CSS save: the stylesheet and the files that name its content (the service worker). */
  replaceStylesheet(): Promise<PassReport>;
  /** A client save: the bundles again (chunk names may change, and the pages with them). */
  rebundle(): Promise<PassReport>;
}

export function createBuildSession(options: SessionOptions): BuildSession {
  const out = path.resolve(options.out);
  const memo = createSiteMemo();
  const written = createWrittenFiles(out);
  /** Route path -> its build-cache key and the files it wrote. */
  let routeKeys = new Map<string, { key: string; files: string[] }>();
  let siteKey: string | null = null;
  let bundled: BundledAssets | null = null;
  let search: SearchState | null = null;
  let current: PreparedSite | null = null;
  // Rebuilds and the follow-ups' writes run one at a time; a follow-up of an older rebuild
  // writes nothing (its generation is gone).
  let generation = 0;
  let lock: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(run: () => Promise<T>): Promise<T> => {
    const next = lock.then(run);
    lock = next.catch(() => undefined);
    return next;
  };

  /** Every route through the render stage and the atomic writer, as build() does. */
  const fullPass = async (site: PreparedSite, timer: StageTimer, started: number, warnings: string[]): Promise<PassReport> => {
    if (!bundled) throw new Error("internal: no bundles");
    const planned = await timer.time("site-files", () => planSiteFiles({ dataset: site.dataset, routes: site.routes, assets: bundled!.files, swKillSwitch: false }));
    const assets = assembleAssets(bundled, search?.result ?? null, site.media);
    written.reset();
    const paths: string[] = [];
    const record = (file: OutputFile) => {
      written.record(file);
      paths.push(file.path);
    };
    const emitted = await emitSite({ out, site, assets, siteFiles: planned.files, cache: true, workers: 1, timer, observe: record });
    record({ path: MARKER_FILE, contents: serializeMarker(markerOf(site)) });
    routeKeys = new Map(site.routes.map((route) => [route.path, { key: emitted.tally.keysByPath.get(route.path) ?? "", files: [route.file, pageDataUrl(route.jsonName).slice(1)] }]));
    siteKey = emitted.cache?.siteKey ?? null;
    const all = site.routes.map((route) => route.path).sort();
    return { mode: "full", rendered: all, reused: 0, routes: all.length, written: paths.sort(), removed: [], ms: performance.now() - started, timings: timer.timings, warnings: [...warnings, ...planned.warnings] };
  };

  /**
   * Binds every route again and compares its key with the one it was written under: only
   * changed routes are rendered, only changed bytes written. Everything is computed before
   * the first write, so a failing route leaves the folder as it was.
   */
  const incrementalPass = async (site: PreparedSite, timer: StageTimer, started: number, warnings: string[] = []): Promise<PassReport> => {
    if (!bundled) throw new Error("internal: no bundles");
    const planned = await timer.time("site-files", () => planSiteFiles({ dataset: site.dataset, routes: site.routes, assets: bundled!.files, swKillSwitch: false }));
    const assets = assembleAssets(bundled, search?.result ?? null, site.media);
    const cache = openBuildCache(out, site.dataset, assets.urls);
    if (cache.siteKey !== siteKey) return fullPass(site, timer, started, warnings);
    const deps = { ...createRouteRenderDeps(site.dataset, assets.urls, site.resolver, cache), known: (route: { path: string }, key: string) => routeKeys.get(route.path)?.key === key };
    const errors: BuildError[] = [];
    const rendered: string[] = [];
    const files: OutputFile[] = [...planned.files, ...assets.extra, { path: MARKER_FILE, contents: serializeMarker(markerOf(site)) }];
    const nextKeys = new Map<string, { key: string; files: string[] }>();
    let bindMs = 0;
    let renderMs = 0;
    for (const route of site.routes) {
      const result = renderRoute(deps, route);
      if (Array.isArray(result)) {
        errors.push(...result);
        continue;
      }
      bindMs += result.bindMs;
      renderMs += result.renderMs;
      const known = routeKeys.get(route.path);
      if (known && known.key === result.key) {
        nextKeys.set(route.path, known);
        continue;
      }
      nextKeys.set(route.path, { key: result.key ?? "", files: result.files.map((file) => file.path) });
      rendered.push(route.path);
      files.push(...result.files);
    }
    timer.record("bind", bindMs);
    timer.record("render", renderMs);
    if (errors.length > 0) throw routeFailures(site.dataset.partner.partner, errors);
    const expected = new Set([...files.map((file) => file.path), ...[...nextKeys.values()].flatMap((entry) => entry.files)]);
    const changes = await timer.time("emit", () => written.update(files, expected));
    routeKeys = nextKeys;
    return { mode: "incremental", rendered: rendered.sort(), reused: site.routes.length - rendered.length, routes: site.routes.length, written: changes.written, removed: changes.removed, ms: performance.now() - started, timings: timer.timings, warnings: [...warnings, ...planned.warnings] };
  };

  const rebuild = () =>
    exclusive(async (): Promise<Rebuilt> => {
      const started = performance.now();
      const timer = new StageTimer();
      const mine = (generation += 1);
      const first = current === null && siteKey === null;
      if (first) await inspectOutputTarget(out, { partner: Number(options.partner), dataDirs: [options.partnersDir], protectedDirs: [packageRoot()] });
      const site = await prepareSite(options, timer, memo);
      const warnings = footerHtmlWarnings(site.dataset.site.theme.footer, site.dataset.partner.contentSecurity.scriptHosts).map((w) => `${w.field}: ${w.text}`);
      bundled ??= await timer.time("bundle", () => bundleAssets(true, unusedIslands(site.dataset)));
      let report: PassReport;
      if (first) {
        // Nothing is served yet: the search index is made before the pages, as build() does.
        search = await timer.time("search-index", () => indexSite(site, null));
        report = await fullPass(site, timer, started, warnings);
      } else {
        report = await incrementalPass(site, timer, started, warnings);
      }
      current = site;
      const followUp = runFollowUp({
        site,
        out,
        search: (state) =>
          exclusive(async () => {
            if (mine !== generation) return null;
            search = state;
            return incrementalPass(site, new StageTimer(), performance.now());
          }),
        previousSearch: () => search,
        isCurrent: () => mine === generation,
      });
      return { report, followUp };
    });

  const replaceAssets = (replace: (assets: BundledAssets) => Promise<BundledAssets>) =>
    exclusive(async (): Promise<PassReport> => {
      const started = performance.now();
      const timer = new StageTimer();
      if (!bundled || !current) throw new Error("the site has not been built yet; save a content file to build it");
      bundled = await timer.time("bundle", () => replace(bundled!));
      return incrementalPass(current, timer, started);
    });

  return {
    rebuild,
    replaceStylesheet: () => replaceAssets(async (assets) => replaceStylesheet(assets, true)),
    rebundle: () => replaceAssets(async () => bundleAssets(true, unusedIslands(current!.dataset))),
  };
}
