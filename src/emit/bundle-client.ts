/**
 * Bundles the browser half with esbuild, in memory (write: false), so the atomic writer stays
 * the only code that writes (docs/islands.md):
 * - `client/boot.ts`, loaded by every page: redirects, service worker, islands runtime (no React);
 * - one entry per island kind, `client/islands/<kind>.tsx`, loaded only by pages that use it;
 * - shared chunks (React, react-dom, shared modules) split out by esbuild and imported by the
 *   island bundles that need them;
 * - the boot script's lazy parts (page swap, consent banner, analytics), from a build of their own.
 * Output names carry esbuild's content hash, so unchanged bundles keep their cache entries
 * across deploys. Deterministic: the output depends only on the sources and options, and
 * the working directory is pinned to the package root.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { build, type BuildOptions, type Metafile } from "esbuild";
import type { ClientAssets } from "../model/assets.js";
import { memoizeBundle, type BundleRun } from "./bundle-memo.js";
import type { OutputFile } from "../model/output-file.js";
import { packageRoot } from "../shared/package-root.js";

export interface BundleClientOptions {
  /** Default true. */
  minify?: boolean;
  /** Package root; default: the folder of cinema-build's package.json. */
  root?: string;
  /**
   * Entry bundles without a hash ('assets/boot.js', 'assets/island-modal.js'; chunks keep
   * theirs): pages then name the same URLs whatever the client code, so `dev` rewrites only
   * the bundles when client code changes. Never for a deploy (they could not be cached immutable).
   */
  stableNames?: boolean;
  /** Island kinds not to bundle (the member islands of a partner without the member service). */
  exclude?: readonly string[];
}

export interface BundleClientResult {
  files: OutputFile[];
  assets: ClientAssets;
}

export const BOOT_ENTRY = "client/boot.ts";
/** A lazy part of the boot script (esbuild lists a dynamically imported module as an entry point). */
const CONSENT_BANNER_ENTRY = "client/consent-banner.ts";
export const ISLANDS_DIR = "client/islands";

/** The island kinds that have a bundle: the file names in client/islands/. */
export function islandEntries(root = packageRoot()): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const file of readdirSync(path.join(root, ISLANDS_DIR)).sort()) {
    const match = /^([a-z][a-z0-9-]*)\.tsx?$/.exec(file);
    if (match) entries[match[1]] = `${ISLANDS_DIR}/${file}`;
  }
  return entries;
}

export async function bundleClient(options: BundleClientOptions = {}): Promise<BundleClientResult> {
  const root = options.root ?? packageRoot();
  const islands = islandEntries(root);
  for (const kind of options.exclude ?? []) delete islands[kind];
  // The same for every partner: memoised on disk, checked against every file esbuild read.
  const settings = { islands, minify: options.minify ?? true, stableNames: options.stableNames ?? false };
  return memoizeBundle(root, settings, () => bundleFresh(root, islands, options));
}

async function bundleFresh(
  root: string,
  islands: Record<string, string>,
  options: BundleClientOptions,
): Promise<BundleRun<BundleClientResult>> {
  const islandEntryPoints: Record<string, string> = {};
  for (const [kind, file] of Object.entries(islands)) islandEntryPoints[`island-${kind}`] = file;
  // Two builds: the boot script shares no chunk with the islands, so it never imports
  // esbuild's CommonJS interop chunk that React needs (the 4 KB budget, docs/islands.md).
  // Its own lazy parts (page swap, consent banner, analytics) become assets/boot-*.js,
  // small and precached; island chunks go under assets/chunks/ and are cached on use.
  const [bootResult, islandResult] = await Promise.all([
    build({ ...esbuildOptions(root, options), entryPoints: { boot: BOOT_ENTRY }, chunkNames: "boot-[name].[hash]" }),
    build({ ...esbuildOptions(root, options), entryPoints: islandEntryPoints, chunkNames: "chunks/[name].[hash]" }),
  ]);
  const result = {
    outputFiles: [...bootResult.outputFiles, ...islandResult.outputFiles],
    metafile: { inputs: {}, outputs: { ...bootResult.metafile.outputs, ...islandResult.metafile.outputs } },
  };
  const files: OutputFile[] = result.outputFiles
    .map((file) => ({ path: path.relative(root, file.path).split(path.sep).join("/"), contents: file.text }))
    .sort((a, b) => (a.path < b.path ? -1 : 1));
  const byEntry = outputsByEntry(result.metafile);
  const url = (file: string) => `/${file}`;
  const banner = byEntry.get(CONSENT_BANNER_ENTRY);
  const assets: ClientAssets = {
    js: url(mustFind(byEntry, BOOT_ENTRY).file),
    islands: {},
    islandImports: {},
    ...(banner ? { consentBanner: url(banner.file) } : {}),
  };
  for (const [kind, entry] of Object.entries(islands)) {
    const output = mustFind(byEntry, entry);
    assets.islands[kind] = url(output.file);
    assets.islandImports[kind] = output.imports.map(url);
  }
  const inputs = [
    ...new Set([...Object.keys(bootResult.metafile.inputs), ...Object.keys(islandResult.metafile.inputs)]),
  ];
  return { result: { files, assets }, inputs };
}

function esbuildOptions(root: string, options: BundleClientOptions): BuildOptions & { write: false; metafile: true } {
  return {
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    write: false,
    metafile: true,
    format: "esm",
    platform: "browser",
    target: ["es2020", "chrome90", "edge90", "firefox90", "safari15"],
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
    minify: options.minify ?? true,
    sourcemap: false,
    legalComments: "none",
    charset: "utf8",
    outdir: "assets",
    entryNames: options.stableNames ? "[name]" : "[name].[hash]",
    logLevel: "silent",
  };
}

/** Entry source -> its output file and the chunks it imports statically (relative to the root). */
function outputsByEntry(metafile: Metafile): Map<string, { file: string; imports: string[] }> {
  const map = new Map<string, { file: string; imports: string[] }>();
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!output.entryPoint) continue;
    const imports = output.imports
      .filter((imported) => imported.kind === "import-statement")
      .map((imported) => imported.path);
    map.set(output.entryPoint, { file, imports });
  }
  return map;
}

function mustFind<V>(map: Map<string, V>, key: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`internal: esbuild produced no output for ${key}`);
  return value;
}
