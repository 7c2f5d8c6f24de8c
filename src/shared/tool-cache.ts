/**
 * cinema-build's disposable disk memos: outputs that depend only on their inputs and take a
 * while to make, kept between runs (the generated service worker, resized images, the browser
 * bundles, the stylesheet, the search index and the validated snapshot files). Each lives in a folder of its kind under
 * node_modules/.cache/cinema-build/ of cinema-build's own package, the usual place for a tool's
 * cache (never the folder the command happens to run in), or under $CINEMA_BUILD_CACHE_DIR.
 * A key is a hash of everything the output depends on, so a hit is byte-identical to a fresh
 * run; CINEMA_BUILD_CACHE=0 turns every memo off, and deleting the folder is always safe.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { debugFor } from "../log/index.js";
import { writeFileAtomic } from "./atomic-write.js";
import { packageRoot } from "./package-root.js";

const debug = debugFor("tool-cache");

export type ToolCacheKind = "sw" | "media" | "bundle" | "css" | "search" | "snapshot";

export function toolCacheOn(): boolean {
  return process.env.CINEMA_BUILD_CACHE !== "0";
}

/** The memo file of `kind` for a key (texts and bytes, hashed together) and a file extension. */
export function toolCacheFile(kind: ToolCacheKind, key: readonly (string | Uint8Array)[], extension: string): string {
  const base = process.env.CINEMA_BUILD_CACHE_DIR ?? path.join(packageRoot(), "node_modules", ".cache", "cinema-build");
  return path.resolve(base, kind, `${hashKey(...key)}.${extension}`);
}

function hashKey(...parts: (string | Uint8Array)[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\0");
  return hash.digest("hex").slice(0, 32);
}

/** The memo's bytes, or null when it is off or holds nothing for this file. */
export async function readToolCache(file: string): Promise<Buffer | null> {
  if (!toolCacheOn()) return null;
  try {
    return await readFile(file);
  } catch {
    return null; // not memoised yet
  }
}

/**
 * Keeps `bytes` for the next run. Written then renamed, so a parallel build never reads half a
 * file; a memo that cannot be written (read-only install) only costs the next run its time.
 */
export async function writeToolCache(file: string, bytes: string | Uint8Array): Promise<void> {
  if (!toolCacheOn()) return;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFileAtomic(file, bytes);
  } catch (error) {
    debug("could not memoise %s: %s", path.basename(file), (error as Error).message);
  }
}
