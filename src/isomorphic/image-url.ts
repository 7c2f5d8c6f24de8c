import { absoluteUrl } from "./url.js";
import type { MediaEntry, MediaCatalogue } from "../model/media-catalogue.js";

/**
 * Responsive images from the image CDN (spec 7.6): the CDN resizes by the w and h query
 * parameters, so a srcset is the same URL at several sizes. Parameters are edited as text so
 * values like 'crop=faces,top' keep their spelling.
 */
export interface ImageSize {
  width: number;
  height: number;
}

export interface ResponsiveImage extends ImageSize {
  src: string;
  /** Empty when the image cannot be resized (not on the CDN, no size parameters). */
  srcSet: string;
}

interface QueryUrl {
  base: string;
  params: [string, string][];
}

function splitUrl(url: string): QueryUrl {
  const at = url.indexOf("?");
  if (at === -1) return { base: url, params: [] };
  const params = url
    .slice(at + 1)
    .split("&")
    .filter(Boolean)
    .map((pair): [string, string] => {
      const eq = pair.indexOf("=");
      return eq === -1 ? [pair, ""] : [pair.slice(0, eq), pair.slice(eq + 1)];
    });
  return { base: url.slice(0, at), params };
}

function joinUrl({ base, params }: QueryUrl): string {
  return params.length === 0 ? base : `${base}?${params.map(([k, v]) => (v === "" ? k : `${k}=${v}`)).join("&")}`;
}

function setParam(params: [string, string][], key: string, value: string): [string, string][] {
  return params.some(([k]) => k === key)
    ? params.map(([k, v]) => [k, k === key ? value : v])
    : [...params, [key, value]];
}

/** The URL with the given parameters set (others kept in order, new ones appended). */
function withParams(url: string, values: [string, string][]): string {
  const parsed = splitUrl(url);
  return joinUrl({
    base: parsed.base,
    params: values.reduce((params, [key, value]) => setParam(params, key, value), parsed.params),
  });
}

/** The URL with w and h set (other parameters kept in order). */
export function withSize(url: string, width: number, height: number): string {
  return withParams(url, [
    ["w", String(width)],
    ["h", String(height)],
  ]);
}

/** The size the URL asks the CDN for, when it names w (and h, or the fallback's ratio). */
export function sizeOf(url: string, fallback: ImageSize): ImageSize | null {
  const params = new Map(splitUrl(url).params);
  const width = Number(params.get("w"));
  if (!Number.isFinite(width) || width <= 0) return null;
  const height = Number(params.get("h"));
  return {
    width,
    height: Number.isFinite(height) && height > 0 ? height : Math.round((width * fallback.height) / fallback.width),
  };
}

/**
 * src, width, height and srcset for a slot of nominal size `slot`. A CDN image without size
 * parameters is asked for the slot's size, cropped; widths of the srcset are the slot's
 * width times `scales`, heights keep the ratio.
 */
export function responsiveImage(
  url: string,
  slot: ImageSize,
  cdnHost: string,
  scales: number[] = DEFAULT_SCALES,
  media: MediaCatalogue = NO_MEDIA,
): ResponsiveImage {
  // The same posters are shown on thousands of pages (every listing and day page): each URL
  // and slot is worked out once per catalogue. Callers only read the result.
  let memo = memos.get(media);
  if (!memo) memos.set(media, (memo = new Map()));
  const key = `${cdnHost}\n${url}\n${slot.width}x${slot.height}\n${scales.join(",")}`;
  let image = memo.get(key);
  if (image === undefined) {
    image = computeResponsiveImage(url, slot, cdnHost, scales, media);
    if (memo.size >= MEMO_MAX) memo.clear();
    memo.set(key, image);
  }
  return image;
}

const DEFAULT_SCALES = [0.5, 1, 2];
const NO_MEDIA: MediaCatalogue = {};
const memos = new WeakMap<MediaCatalogue, Map<string, ResponsiveImage>>();
const MEMO_MAX = 50_000;

function computeResponsiveImage(
  url: string,
  slot: ImageSize,
  cdnHost: string,
  scales: number[],
  media: MediaCatalogue,
): ResponsiveImage {
  const local = media[splitUrl(url).base];
  if (local) return localImage(local, sizeOf(url, slot) ?? slot, scales);
  const onCdn = url.startsWith(cdnHost.replace(/\/+$/, "") + "/");
  const named = sizeOf(url, slot);
  // A site path (a local media file where no catalogue is at hand: the live islands) is a static
  // file: the CDN-style parameters the bindings appended mean nothing to it.
  if (!onCdn)
    return {
      src: url.startsWith("/") && !url.startsWith("//") ? splitUrl(url).base : url,
      srcSet: "",
      ...(named ?? slot),
    };
  const size = named ?? slot;
  const base = named ? url : withDefaults(url);
  const hasHeight = splitUrl(base).params.some(([k]) => k === "h");
  const resize = (w: number) =>
    hasHeight ? withSize(base, w, Math.round((w * size.height) / size.width)) : withParams(base, [["w", String(w)]]);
  const widths = [...new Set(scales.map((scale) => Math.round(size.width * scale)))]
    .filter((w) => w >= 160)
    .sort((a, b) => a - b);
  // One candidate, the src itself (a slot too small for its half scale): a srcset would only
  // repeat it, ~150 B on every film row of a programme (docs/performance.md).
  const srcSet =
    widths.length === 1 && widths[0] === size.width ? "" : widths.map((w) => `${resize(w)} ${w}w`).join(", ");
  return { src: resize(size.width), width: size.width, height: size.height, srcSet };

  function withDefaults(raw: string): string {
    const parsed = splitUrl(withSize(raw, slot.width, slot.height));
    let params = parsed.params;
    if (!params.some(([k]) => k === "fit")) params = [...params, ["fit", "crop"]];
    if (!params.some(([k]) => k === "auto")) params = [...params, ["auto", "compress"]];
    return joinUrl({ base: parsed.base, params });
  }
}

/**
 * A local media file (src/media/): its resized files as the srcset, the narrowest one that
 * fills the slot as src; width and height are the slot's (the box; CSS crops with object-fit).
 * The CDN parameters the bindings appended (w, h, fit, …) only tell the slot's size. The
 * srcset starts at the smallest the template asks for (its smallest scale, as on the CDN): a
 * full-width backdrop (scales from 0.25 of 1920 px) does not list the 320 px file no screen
 * picks for it (docs/performance.md, lean film pages).
 */
function localImage(entry: MediaEntry, size: ImageSize, scales: number[]): ResponsiveImage {
  const fill =
    entry.variants.find((variant) => variant.width >= size.width) ?? entry.variants[entry.variants.length - 1];
  const smallest = Math.min(...scales) * size.width;
  const wanted = entry.variants.filter((variant) => variant.width >= smallest);
  const variants = wanted.length > 0 ? wanted : [fill];
  const srcSet = variants.length > 1 ? variants.map((variant) => `${variant.url} ${variant.width}w`).join(", ") : "";
  return { src: fill.url, srcSet, width: size.width, height: size.height };
}

/**
 * An image URL for places outside the page (og:image, JSON-LD): a site path becomes absolute
 * and loses the CDN-style parameters a static file ignores, also when the bindings already
 * made it absolute on the site's URL (src/bind/resolve-meta.ts; 0.1 KB of a film page,
 * docs/performance.md); CDN URLs stay exactly as they are.
 */
export function publicImageUrl(url: string, siteUrl: string): string {
  if (url.startsWith("/") && !url.startsWith("//")) return absoluteUrl(siteUrl, splitUrl(url).base);
  return url.startsWith(absoluteUrl(siteUrl, "/")) ? splitUrl(url).base : url;
}
