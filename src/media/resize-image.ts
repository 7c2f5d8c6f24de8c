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
import { debugFor } from "../log/index.js";

const debug = debugFor("media");

/**
 * sharp loads libvips, a native library: only when a partner has local media, so builds of
 * CDN partners (and lint, preview, every other command) do not pay for it at start-up.
 */
async function loadSharp(): Promise<((input?: Uint8Array, options?: SharpOptions) => Sharp) & { versions: Record<string, string | undefined> }> {
  return (await import("sharp")).default;
}
/** WebP at this quality: a poster of 450 px is about 10 KB. */
const WEBP = { quality: 74, effort: 4 } as const;

function cacheDir(): string {
  return path.resolve(process.env.CINEMA_BUILD_CACHE_DIR ? path.join(process.env.CINEMA_BUILD_CACHE_DIR, "media") : path.join(packageRoot(), "node_modules", ".cache", "cinema-build", "media"));
}

/** The source scaled to `width` (aspect kept) as WebP. */
export async function resizeToWebp(source: Uint8Array, width: number): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const key = createHash("sha256").update(source).update(JSON.stringify({ width, WEBP, sharp: sharp.versions })).digest("hex").slice(0, 32);
  const file = path.join(cacheDir(), `${key}.webp`);
  const cache = process.env.CINEMA_BUILD_CACHE !== "0";
  if (cache) {
    try {
      return await readFile(file);
    } catch {
      // not cached yet
    }
  }
  // No metadata in the output (withMetadata is off by default): the bytes depend on pixels alone.
  const bytes = await sharp(source).resize({ width, withoutEnlargement: true }).webp(WEBP).toBuffer();
  if (cache) {
    try {
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, file);
    } catch (error) {
      debug("could not cache %s: %s", key, (error as Error).message);
    }
  }
  return bytes;
}

/** Width and height of a raster or SVG file. */
export async function measureImage(source: Uint8Array): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  const meta = await sharp(source).metadata();
  if (!meta.width || !meta.height) throw new Error("no image size");
  return { width: meta.width, height: meta.height };
}
