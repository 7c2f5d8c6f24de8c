/**
 * What the dev session keeps between passes (docs/dev.md "The build session"): the results of
 * the recipe's steps that a content save does not change, and what it last wrote. One value,
 * made when the session starts and changed only by the passes (session-passes.ts) and the
 * session's rebuilds (build-session.ts), one at a time.
 */
import path from "node:path";
import { createSiteMemo, type PreparedSite, type SiteMemo } from "../recipe/prepare-site.js";
import type { BundledAssets } from "../recipe/site-assets.js";
import type { OutputFile } from "../emit/index.js";
import type { SearchState } from "./follow-up.js";
import type { ProgrammeMemory } from "./programme-memory.js";
import { createWrittenFiles, type WrittenFiles } from "./written-files.js";

/** A route's memory: its build-cache key, what it was made as, and the files it wrote. */
export interface RouteMemory {
  key: string;
  signature: string;
  files: string[];
}

/** planSiteFiles' result with the service worker's files among the others. */
export interface PlannedSiteFiles {
  files: OutputFile[];
  warnings: string[];
}

export interface SessionState {
  /** The served folder. */
  readonly out: string;
  /** Parsed snapshot files and the media plan (src/recipe/prepare-site.ts). */
  readonly memo: SiteMemo;
  /** A hash of every file last written. */
  readonly written: WrittenFiles;
  /** The site of the last good rebuild; null until the first pass succeeded. */
  site: PreparedSite | null;
  /** The bundles and the stylesheet, made with the first rebuild and replaced by a CSS or client save. */
  bundled: BundledAssets | null;
  /** The search index the pages name (follow-up.ts). */
  search: SearchState | null;
  /** Each route's memory, by path. */
  routes: Map<string, RouteMemory>;
  /** Programme page id -> what its shared resolution was (programme-memory.ts). */
  programmes: Map<string, ProgrammeMemory>;
  /** The build cache's site key of the last full pass: a pass under another key is a full pass. */
  siteKey: string | null;
  /** The last planned site files (a CSS or client save keeps them, its assets swapped). */
  siteFiles: OutputFile[];
  /** The last planned site files and what they were planned from (siteFilesKey). */
  siteFilesPlan: { key: string; planned: PlannedSiteFiles } | null;
  /**
   * Counted by each good content rebuild and each asset save: a follow-up whose rebuild (or
   * asset save) was overtaken by a newer one writes nothing, the newer has its own.
   */
  generation: { content: number; assets: number };
}

export function createSessionState(out: string): SessionState {
  const folder = path.resolve(out);
  return {
    out: folder,
    memo: createSiteMemo(),
    written: createWrittenFiles(folder),
    site: null,
    bundled: null,
    search: null,
    routes: new Map(),
    programmes: new Map(),
    siteKey: null,
    siteFiles: [],
    siteFilesPlan: null,
    generation: { content: 0, assets: 0 },
  };
}

/** The bundles of a session whose first rebuild has bundled them. */
export function bundledAssetsOf(state: SessionState): BundledAssets {
  if (!state.bundled) throw new Error("the site has not been built yet; save a content file to build it");
  return state.bundled;
}
