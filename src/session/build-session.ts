/**
 * The dev loop's build (docs/dev.md "The build session"): one session for as long as the dev
 * worker lives, made of the recipe's own steps (src/build.ts) and keeping, in its state
 * (session-state.ts), what a content save does not change: the parsed snapshot files and the
 * media plan, the bundles and stylesheet, the search index, each route's input hash (its
 * build-cache key) and a hash of every file last written.
 *
 * A rebuild loads and binds again (prepare-rebuild.ts), renders only the routes whose key
 * changed, and writes only the files whose bytes changed, in place; a route that is gone has
 * its files deleted (an incremental pass, session-passes.ts). The page is served before the
 * slow parts run: the search index, the link check and lint follow (follow-up.ts), and the
 * search index's files and pages are written when it is done. When every page must be
 * rendered again (the first build, a change to what every page shares: menu, theme, partner
 * settings, bundle URLs) the pass is build()'s own: a new folder swapped in atomically.
 *
 * Same input, same output: after a rebuild and its follow-up the folder equals a clean dev
 * build byte for byte (tests/integration/build-session.test.ts).
 */
import type { PreparedSite } from "../recipe/prepare-site.js";
import { bundleAssets, replaceStylesheet, unusedIslands, type BundledAssets } from "../recipe/site-assets.js";
import { inspectOutputTarget } from "../emit/output-target.js";
import { packageRoot } from "../shared/package-root.js";
import type { LoadOptions } from "../load.js";
import { noChanges } from "./dataset-changes.js";
import { runFollowUp, type FollowUpReport, type SearchState } from "./follow-up.js";
import { prepareRebuild } from "./prepare-rebuild.js";
import { createRouteCheck } from "./route-check.js";
import { firstPass, incrementalPass, startClock, type PassReport } from "./session-passes.js";
import { bundledAssetsOf, createSessionState, type SessionState } from "./session-state.js";

export type { PassReport } from "./session-passes.js";

export interface SessionOptions extends LoadOptions {
  /** The served folder. */
  out: string;
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

/** Runs its argument after everything it ran before has settled. */
type Exclusive = <T>(run: () => Promise<T>) => Promise<T>;

export function createBuildSession(options: SessionOptions): BuildSession {
  const state = createSessionState(options.out);
  // Rebuilds, asset saves and the follow-ups' writes run one at a time.
  const exclusive = createExclusive();
  return {
    rebuild: () => exclusive(() => rebuildContent(state, options, exclusive)),
    replaceStylesheet: () =>
      exclusive(() => replaceAssets(state, exclusive, async (assets) => replaceStylesheet(assets, true))),
    rebundle: () =>
      exclusive(() =>
        replaceAssets(state, exclusive, async (_assets, site) => bundleAssets(true, unusedIslands(site.dataset))),
      ),
  };
}

/**
 * A content save: the recipe's first steps, the bundles (once), then the first pass (a full
 * one) or an incremental pass; the search index, links and lint follow the reload.
 */
async function rebuildContent(state: SessionState, options: SessionOptions, exclusive: Exclusive): Promise<Rebuilt> {
  const clock = startClock();
  // Counted when this rebuild succeeds: a failed save leaves the last good one's follow-up to finish.
  const mine = state.generation.content + 1;
  const first = state.site === null;
  // Refused before any work, as build() does: an out that names the project, the partners
  // folder or a folder cinema-build did not write.
  if (first)
    await inspectOutputTarget(state.out, {
      partner: Number(options.partner),
      dataDirs: [options.partnersDir],
      protectedDirs: [packageRoot()],
    });
  const next = await prepareRebuild(state, options, clock.timer);
  state.bundled ??= await clock.timer.time("bundle", () => bundleAssets(true, unusedIslands(next.site.dataset)));
  const report = first
    ? await firstPass(state, next.site, clock)
    : await incrementalPass(state, next.site, next.mayHaveChanged, "plan", clock);
  state.site = next.site;
  state.programmes = next.programmes;
  state.generation.content = mine;
  state.generation.assets += 1;
  return { report, followUp: followRebuild(state, next.site, mine, exclusive) };
}

/** After a rebuild's reload: the search index (its files and the pages that name it written in turn), links, lint. */
function followRebuild(
  state: SessionState,
  site: PreparedSite,
  mine: number,
  exclusive: Exclusive,
): Promise<FollowUpReport> {
  return runFollowUp({
    site,
    out: state.out,
    previousSearch: () => state.search,
    search: (search) => exclusive(() => writeSearchIndex(state, site, search, mine)),
    isCurrent: () => mine === state.generation.content,
  });
}

/** A new search index in place: its files and the pages that show search results (they name its folder); null once overtaken. */
async function writeSearchIndex(
  state: SessionState,
  site: PreparedSite,
  search: SearchState,
  mine: number,
): Promise<PassReport | null> {
  if (mine !== state.generation.content) return null;
  const changed = search.result?.assets.basePath !== state.search?.result?.assets.basePath;
  state.search = search;
  const check = createRouteCheck({ changes: noChanges(), dataset: site.dataset, searchChanged: changed });
  return incrementalPass(state, site, check, "plan", startClock());
}

/** A CSS or client save: the pages are kept; the site files that list the assets follow. */
async function replaceAssets(
  state: SessionState,
  exclusive: Exclusive,
  replace: (assets: BundledAssets, site: PreparedSite) => Promise<BundledAssets>,
): Promise<Rebuilt> {
  const clock = startClock();
  const site = state.site;
  if (!site) throw new Error("the site has not been built yet; save a content file to build it");
  const bundled = bundledAssetsOf(state);
  const mine = (state.generation.assets += 1);
  const replaced = new Set(bundled.files.map((file) => file.path));
  state.bundled = await clock.timer.time("bundle", () => replace(bundled, site));
  const report = await incrementalPass(state, site, noRouteChanged, { replaced }, clock);
  // The service worker lists the assets with a hash of their bytes; making it again takes
  // workbox a second or two, so it follows the reload.
  return { report, followUp: exclusive(() => planSiteFilesAgain(state, site, mine)) };
}

/** After an asset save's reload: the site files planned again with the new assets (the service worker's precache). */
async function planSiteFilesAgain(state: SessionState, site: PreparedSite, mine: number): Promise<FollowUpReport> {
  const begun = performance.now();
  if (mine !== state.generation.assets) return { ...EMPTY_FOLLOW_UP, stale: true };
  try {
    const pass = await incrementalPass(state, site, noRouteChanged, "plan", startClock(begun));
    return { ...EMPTY_FOLLOW_UP, written: pass.written, ms: performance.now() - begun };
  } catch (error) {
    return { ...EMPTY_FOLLOW_UP, failure: error, ms: performance.now() - begun };
  }
}

const noRouteChanged = () => false;

const EMPTY_FOLLOW_UP: FollowUpReport = {
  ms: 0,
  search: "unchanged",
  pages: [],
  written: [],
  links: null,
  lint: null,
  stale: false,
  failure: null,
};

function createExclusive(): Exclusive {
  let lock: Promise<unknown> = Promise.resolve();
  return <T>(run: () => Promise<T>): Promise<T> => {
    const next = lock.then(run);
    lock = next.catch(() => undefined);
    return next;
  };
}
