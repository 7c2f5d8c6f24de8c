/**
 * The embedded partner's own media (docs/data-format.md, Local media): a small pool of posters and wide
 * images, drawn from SVG with sharp, plus a logo, a club logo and a favicon. A partner without
 * an image CDN names these files in its data as 'media:<path>' (docs/data-format.md "Local
 * media"); the build resizes and hashes them (src/media/). The pictures are abstract (no
 * titles): a film's title is always printed beside its poster, and a pool of a few files keeps
 * the repository small while every film still gets a poster of its own colours.
 *
 *   npx tsx scripts/generate-media.ts   # writes partners/178/media/ (commit the result)
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

export const POSTER_COUNT = 12;
export const WIDE_COUNT = 8;

/** Deterministic pool index of a CDN file name (FNV-1a), so a film keeps its poster across runs. */
function poolIndex(name: string, size: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i += 1) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193) >>> 0;
  return (hash % size) + 1;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Images of poster blocks (scripts/partner-generator/pages.ts): portrait, like film posters. */
const POSTER_BLOCK_IMAGES = new Set(["ukens-film.jpg", "julekino.jpg", "mozart-2022.jpg", "mozart-2023.jpg"]);

/**
 * The local media reference for a file the generator would put on the CDN: posters and wide
 * images map to the pools by name, the logo, club logo and favicon to their own files.
 */
export function localMediaRef(cdnFile: string): string {
  if (cdnFile === "logo.svg" || cdnFile === "kinoklubb.svg" || cdnFile === "favicon.png") return `media:${cdnFile}`;
  if (cdnFile.endsWith("-poster.jpg") || POSTER_BLOCK_IMAGES.has(cdnFile))
    return `media:plakater/plakat-${pad(poolIndex(cdnFile, POSTER_COUNT))}.jpg`;
  return `media:bilder/bilde-${pad(poolIndex(cdnFile, WIDE_COUNT))}.jpg`;
}

/** Every string of `value` with CDN image URLs under `cdnBase` turned into local media references. */
export function withLocalMedia<T>(value: T, cdnBase: string): T {
  // Whole values and URLs inside CMS HTML alike (an article's <img src>); query parameters go,
  // the bindings add their own.
  const url = new RegExp(`${cdnBase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/([A-Za-z0-9._-]+)(\\?[^"'\\s<>]*)?`, "g");
  const map = (item: unknown): unknown => {
    if (typeof item === "string") return item.replace(url, (_match, file: string) => localMediaRef(file));
    if (Array.isArray(item)) return item.map(map);
    if (item && typeof item === "object")
      return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, map(inner)]));
    return item;
  };
  return map(value) as T;
}

/** Palettes: ground, glow, horizon, accent. */
const PALETTES = [
  ["#1b2a49", "#f6c667", "#0d1b2a", "#e94560"],
  ["#2d132c", "#ee4540", "#510a32", "#c72c41"],
  ["#0b3d2e", "#9fd356", "#06261c", "#3c8d2f"],
  ["#1f1d36", "#e9a6a6", "#3f3351", "#864879"],
  ["#102a43", "#7ed6df", "#0a1929", "#22a6b3"],
  ["#3e1f47", "#f9d56e", "#1d0f24", "#e8a87c"],
  ["#2b2e4a", "#e84545", "#53354a", "#903749"],
  ["#14213d", "#fca311", "#000000", "#e5e5e5"],
  ["#283618", "#dda15e", "#1b2410", "#bc6c25"],
  ["#2c3e50", "#ecf0f1", "#1a252f", "#3498db"],
  ["#4a1942", "#ffcb77", "#2e0f29", "#fe6d73"],
  ["#0f4c5c", "#fb8b24", "#082f38", "#e36414"],
];

function scene(width: number, height: number, index: number): string {
  const [ground, glow, horizon, accent] = PALETTES[index % PALETTES.length];
  const sunX = Math.round(width * (0.25 + ((index * 37) % 50) / 100));
  const sunY = Math.round(height * (0.28 + ((index * 13) % 20) / 100));
  const r = Math.round(Math.min(width, height) * (0.16 + ((index * 7) % 10) / 100));
  const hill = (base: number, amp: number, phase: number, fill: string, opacity: number) => {
    const points = Array.from({ length: 9 }, (_, i) => {
      const x = Math.round((width * i) / 8);
      const y = Math.round(height * base - Math.abs(Math.sin(i * 1.3 + phase + index)) * height * amp);
      return `${x},${y}`;
    });
    return `<polygon points="0,${height} ${points.join(" ")} ${width},${height}" fill="${fill}" fill-opacity="${opacity}"/>`;
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ground}"/><stop offset="1" stop-color="${accent}"/></linearGradient>
<radialGradient id="sun"><stop offset="0" stop-color="${glow}"/><stop offset="0.7" stop-color="${glow}" stop-opacity="0.85"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient></defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
<circle cx="${sunX}" cy="${sunY}" r="${Math.round(r * 1.6)}" fill="url(#sun)" fill-opacity="0.35"/>
<circle cx="${sunX}" cy="${sunY}" r="${r}" fill="${glow}"/>
${hill(0.72, 0.16, 0.4, accent, 0.55)}${hill(0.82, 0.12, 2.1, horizon, 0.8)}${hill(0.93, 0.08, 4.2, horizon, 1)}
</svg>`;
}

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="48" viewBox="0 0 180 48"><circle cx="22" cy="24" r="16" fill="#c8102e"/><path d="M16 16l14 8-14 8z" fill="#fff"/><text x="46" y="31" font-family="system-ui,Arial,sans-serif" font-size="19" font-weight="700" fill="#f4f4f4">Solvik kino</text></svg>\n`;
const CLUB = `<svg xmlns="http://www.w3.org/2000/svg" width="136" height="40" viewBox="0 0 136 40"><rect x="1" y="6" width="28" height="28" rx="6" fill="none" stroke="#f0b429" stroke-width="2"/><path d="M9 12h12v16H9z" fill="#f0b429"/><text x="36" y="26" font-family="system-ui,Arial,sans-serif" font-size="13" font-weight="700" fill="#f4f4f4">Kinoklubben</text></svg>\n`;

export async function writeMedia(dir: string): Promise<string[]> {
  const written: string[] = [];
  const put = async (file: string, bytes: Buffer | string) => {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), bytes);
    written.push(file);
  };
  for (let i = 0; i < POSTER_COUNT; i += 1)
    await put(
      `plakater/plakat-${pad(i + 1)}.jpg`,
      await sharp(Buffer.from(scene(450, 680, i)))
        .jpeg({ quality: 72, mozjpeg: true })
        .toBuffer(),
    );
  for (let i = 0; i < WIDE_COUNT; i += 1)
    await put(
      `bilder/bilde-${pad(i + 1)}.jpg`,
      await sharp(Buffer.from(scene(1280, 720, i + 3)))
        .jpeg({ quality: 70, mozjpeg: true })
        .toBuffer(),
    );
  await put("logo.svg", LOGO);
  await put("kinoklubb.svg", CLUB);
  await put(
    "favicon.png",
    await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="12" fill="#101418"/><circle cx="32" cy="32" r="22" fill="#c8102e"/><path d="M25 21l19 11-19 11z" fill="#fff"/></svg>`,
      ),
    )
      .png({ compressionLevel: 9 })
      .toBuffer(),
  );
  return written;
}
