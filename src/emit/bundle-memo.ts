/**
 * The browser bundles memoised on disk (src/shared/tool-cache.ts). They are cinema-build's own
 * code, the same for every partner: esbuild reads client/, the templates the islands share and
 * React from node_modules, never partner data. Yet bundling them was a quarter of a clean
 * build of partner 178 (esbuild's ~250 ms on both cores while the build thread plans the
 * routes; docs/performance.md). The memo holds the result with a content hash of every file esbuild read
 * (its metafile's inputs): a hit is checked against those files, so an edited client module, a
 * new React or a changed tsconfig makes the next build bundle again, exactly as without it.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { version as esbuildVersion } from "esbuild";
import { debugFor } from "../log/index.js";
import { readToolCache, toolCacheFile, writeToolCache } from "../shared/tool-cache.js";

const debug = debugFor("bundle");

export interface BundleRun<T> {
  result: T;
  /** The files esbuild read, relative to `root` (the keys of its metafile's inputs). */
  inputs: string[];
}

interface MemoEntry<T> {
  /** Input path -> sha256 of its bytes when the result was made. */
  inputs: Record<string, string>;
  result: T;
}

/**
 * `bundle()`'s result for these options, from the memo when no file it read has changed since.
 * `options` must name everything else the output depends on (entry points, minify, names).
 */
export async function memoizeBundle<T>(
  root: string,
  options: unknown,
  bundle: () => Promise<BundleRun<T>>,
): Promise<T> {
  const file = toolCacheFile(
    "bundle",
    [esbuildVersion, JSON.stringify(options), fileHash(root, "tsconfig.json") ?? "no tsconfig"],
    "json",
  );
  const cached = await readToolCache(file);
  const entry = cached ? parseEntry<T>(cached) : null;
  if (entry) {
    const changed = Object.entries(entry.inputs).find(([input, hash]) => fileHash(root, input) !== hash);
    if (!changed) return entry.result;
    debug("bundling again: %s changed", changed[0]);
  }
  const run = await bundle();
  const inputs: Record<string, string> = {};
  for (const input of [...run.inputs].sort()) {
    const hash = fileHash(root, input);
    if (hash === null) return run.result; // not a file on disk (a virtual module): nothing to check a hit against
    inputs[input] = hash;
  }
  await writeToolCache(file, JSON.stringify({ inputs, result: run.result } satisfies MemoEntry<T>));
  return run.result;
}

/** A memo entry, or null for one that is not (a file someone edited or a disk mangled): bundled again. */
function parseEntry<T>(bytes: Buffer): MemoEntry<T> | null {
  try {
    const entry = JSON.parse(bytes.toString("utf8")) as MemoEntry<T>;
    return entry && typeof entry.inputs === "object" && entry.inputs !== null && entry.result !== undefined
      ? entry
      : null;
  } catch {
    return null;
  }
}

function fileHash(root: string, file: string): string | null {
  try {
    return createHash("sha256")
      .update(readFileSync(path.resolve(root, file)))
      .digest("hex");
  } catch {
    return null;
  }
}
