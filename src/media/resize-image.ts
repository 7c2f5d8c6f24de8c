/**
 * Resizing with sharp (libvips), memoised on disk: the output depends only on the source bytes,
 * the width and the encoder settings, and a build of the embedded partner asks for the same
 * few dozen files every time (dev rebuilds, tests). The memo lives beside the service
 * worker's (src/sw/worker-cache.ts); CINEMA_BUILD_CACHE=0 turns both off.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Sharp, SharpOptions } from "sharp";
import { packageRoot } from "../emit/package-root.js";
import { installedVersion } from "../emit/package-version.js";
import { debugFor } from "../log/index.js";

const debug = debugFor("media");

/**
 * sharp loads libvips, a native library: only when a partner has local media, so builds of
 * CDN partners (and lint, preview, every other command) do not pay for it at start-up.
 */
async function loadSharp(): Promise<(input?: Uint8Array, options?: SharpOptions) => Sharp> {
  return (await import("sharp")).default;
}
/** WebP at this quality: a poster of 450 px is about 10 KB. */
const WEBP = { quality: 74, effort: 4 } as const;

function cacheDir(): string {
  return path.resolve(process.env.CINEMA_BUILD_CACHE_DIR ? path.join(process.env.CINEMA_BUILD_CACHE_DIR, "media") : path.join(packageRoot(), "node_modules", ".cache", "cinema-build", "media"));
}

/** The source scaled to `width` (aspect kept) as WebP. */
export async function resizeToWebp(source: Uint8Array, width: number): Promise<Uint8Array> {
  // Keyed by sharp's package version (which pins its libvips), read without loading the
  // native library: a build whose files are all memoised never loads sharp (issue 14).
  const file = memoFile(source, { width, WEBP }, "webp");
  const memo = await readMemo(file);
  if (memo) return memo;
  const sharp = await loadSharp();
  // No metadata in the output (withMetadata is off by default): the bytes depend on pixels alone.
  const bytes = await sharp(source).resize({ width, withoutEnlargement: true }).webp(WEBP).toBuffer();
  await writeMemo(file, bytes);
  return bytes;
}

/** Width and height of a raster or SVG file (memoised like the resized files). */
export async function measureImage(source: Uint8Array): Promise<{ width: number; height: number }> {
  const file = memoFile(source, { measure: 1 }, "json");
  const memo = await readMemo(file);
  if (memo) return JSON.parse(Buffer.from(memo).toString("utf8")) as { width: number; height: number };
  const sharp = await loadSharp();
  const meta = await sharp(source).metadata();
  if (!meta.width || !meta.height) throw new Error("no image size");
  const size = { width: meta.width, height: meta.height };
  await writeMemo(file, Buffer.from(JSON.stringify(size)));
  return size;
}

function memoFile(source: Uint8Array, settings: object, extension: string): string {
  const key = createHash("sha256").update(source).update(JSON.stringify({ ...settings, sharp: installedVersion("sharp") })).digest("hex").slice(0, 32);
  return path.join(cacheDir(), `${key}.${extension}`);
}

const memoOn = () => process.env.CINEMA_BUILD_CACHE !== "0";

async function readMemo(file: string): Promise<Uint8Array | null> {
  if (!memoOn()) return null;
  try {
    return await readFile(file);
  } catch {
    return null; // not memoised yet
  }
}

async function writeMemo(file: string, bytes: Uint8Array): Promise<void> {
  if (!memoOn()) return;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, file);
  } catch (error) {
    debug("could not memoise %s: %s", path.basename(file), (error as Error).message);
  }
}
