/**
 * The media stage (docs/data-format.md, Local media): every 'media:' file the data names, served the way a
 * site without an image CDN serves images: resized at build time to a ladder of widths, WebP,
 * content-hashed under assets/media/ (long-lived caching, _headers), with a catalogue the
 * renderer turns into srcset. SVGs and files narrower than the ladder are copied as they are.
 * Partners with a CDN keep its URLs and the spec 7.6 parameters untouched: no 'media:', no work.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import pLimit from "p-limit";
import { hashedName } from "../shared/content-hash.js";
import type { OutputFile } from "../model/output-file.js";
import { BuildError } from "../errors/index.js";
import type { MediaCatalogue, MediaEntry } from "../model/media-catalogue.js";
import { measureImage, resizeToWebp } from "./resize-image.js";

/** Widths of the srcset ladder: phones at 1x-2x up to a full-width cover on a large screen. */
export const MEDIA_WIDTHS = [320, 640, 960, 1280, 1920];

export interface MediaOptions {
  partner: number;
  /** partners/<id>/media */
  dir: string;
  /** Media paths the data names (collectMediaRefs). */
  refs: string[];
}

export interface MediaPlan {
  files: OutputFile[];
  catalogue: MediaCatalogue;
  /** Media path -> the site path its references become. */
  urls: Record<string, string>;
}

export async function planMedia({ partner, dir, refs }: MediaOptions): Promise<MediaPlan> {
  const limit = pLimit(4);
  const planned = await Promise.all(refs.map((ref) => limit(() => planFile(partner, dir, ref))));
  const plan: MediaPlan = { files: [], catalogue: {}, urls: {} };
  for (const { ref, files, entry } of planned) {
    plan.files.push(...files);
    const url = entry.variants[entry.variants.length - 1].url;
    plan.catalogue[url] = entry;
    plan.urls[ref] = url;
  }
  return plan;
}

async function planFile(
  partner: number,
  dir: string,
  ref: string,
): Promise<{ ref: string; files: OutputFile[]; entry: MediaEntry }> {
  const file = path.join(dir, ...ref.split("/"));
  if (ref.split("/").includes("..")) throw mediaError(partner, ref, "is outside the media folder");
  const source = await readFile(file).catch(() => {
    throw mediaError(partner, ref, `names no file (looked for ${path.relative(process.cwd(), file) || file})`);
  });
  const size = await measureImage(source).catch(() => {
    throw mediaError(partner, ref, "is not an image sharp can read");
  });
  const outName = `assets/media/${ref}`;
  const widths = MEDIA_WIDTHS.filter((width) => width < size.width);
  if (ref.endsWith(".svg") || widths.length === 0) {
    const hashed = hashedName(outName, source);
    return {
      ref,
      files: [{ path: hashed, contents: source }],
      entry: { ...size, variants: [{ width: size.width, url: `/${hashed}` }] },
    };
  }
  // The widths side by side: memoised (the usual case), each is a file read.
  const ladder = [...widths, size.width];
  const resized = await Promise.all(ladder.map((width) => resizeToWebp(source, width)));
  const hashed = ladder.map((width, i) => hashedName(outName.replace(/\.[a-z]+$/i, `-${width}.webp`), resized[i]));
  const files: OutputFile[] = hashed.map((file, i) => ({ path: file, contents: resized[i] }));
  return { ref, files, entry: { ...size, variants: ladder.map((width, i) => ({ width, url: `/${hashed[i]}` })) } };
}

function mediaError(partner: number, ref: string, problem: string): BuildError {
  return new BuildError(
    `media:${ref} ${problem}`,
    { partner, file: `media/${ref}` },
    {
      code: "E_MEDIA",
      hint: "put the file under the partner's media/ folder or fix the reference (docs/data-format.md, Local media)",
    },
  );
}
