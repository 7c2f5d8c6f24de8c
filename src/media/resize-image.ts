/**
 * Resizing with sharp (libvips), memoised on disk: the output depends only on the source bytes,
 * the width and the encoder settings, and a build of the embedded partner asks for the same
 * few dozen files every time (dev rebuilds, tests). The memo is one of the tool's disk memos
 * (src/shared/tool-cache.ts); CINEMA_BUILD_CACHE=0 turns them off.
 */
import pLimit from "p-limit";
import type { Sharp, SharpOptions } from "sharp";
import { installedVersion } from "../shared/package-version.js";
import { readToolCache, toolCacheFile, writeToolCache } from "../shared/tool-cache.js";

/**
 * sharp loads libvips, a native library: only when a partner has local media, so builds of
 * CDN partners (and lint, preview, every other command) do not pay for it at start-up.
 */
async function loadSharp(): Promise<(input?: Uint8Array, options?: SharpOptions) => Sharp> {
  return (await import("sharp")).default;
}
/**
 * Images decoded at once: callers ask for a file's widths side by side (memo reads), but a
 * decoded photo can take tens of MB, so sharp itself works on two at a time.
 */
const decoding = pLimit(2);

/** WebP at this quality: a poster of 450 px is about 10 KB. */
const WEBP = { quality: 74, effort: 4 } as const;

/** The source scaled to `width` (aspect kept) as WebP. */
export async function resizeToWebp(source: Uint8Array, width: number): Promise<Uint8Array> {
  // Keyed by sharp's package version (which pins its libvips), read without loading the
  // native library: a build whose files are all memoised never loads sharp (docs/performance.md).
  const file = memoFile(source, { width, WEBP }, "webp");
  const memo = await readToolCache(file);
  if (memo) return memo;
  const sharp = await loadSharp();
  // No metadata in the output (withMetadata is off by default): the bytes depend on pixels alone.
  const bytes = await decoding(() => sharp(source).resize({ width, withoutEnlargement: true }).webp(WEBP).toBuffer());
  await writeToolCache(file, bytes);
  return bytes;
}

/** Width and height of a raster or SVG file (memoised like the resized files). */
export async function measureImage(source: Uint8Array): Promise<{ width: number; height: number }> {
  const file = memoFile(source, { measure: 1 }, "json");
  const memo = await readToolCache(file);
  const known = memo ? parseSize(memo) : null;
  if (known) return known;
  const sharp = await loadSharp();
  const meta = await decoding(() => sharp(source).metadata());
  if (!meta.width || !meta.height) throw new Error("no image size");
  const size = { width: meta.width, height: meta.height };
  await writeToolCache(file, Buffer.from(JSON.stringify(size)));
  return size;
}

/** A memoised size, or null for a file that is not one (measured again). */
function parseSize(bytes: Uint8Array): { width: number; height: number } | null {
  try {
    const size = JSON.parse(Buffer.from(bytes).toString("utf8")) as { width?: unknown; height?: unknown };
    return typeof size.width === "number" && typeof size.height === "number"
      ? { width: size.width, height: size.height }
      : null;
  } catch {
    return null;
  }
}

function memoFile(source: Uint8Array, settings: object, extension: string): string {
  return toolCacheFile("media", [source, JSON.stringify({ ...settings, sharp: installedVersion("sharp") })], extension);
}
