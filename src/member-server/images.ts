/**
 * The local member service's own image host (docs/member.md): posters of the partner's
 * `media/` folder at /media/<path>, and ticket QR codes drawn from their code at
 * /qr/<code>.svg, for a ticket that carries only a QRUrl (spec 3.1). A real member service
 * serves its posters from a host of its own too, which is what the site's CSP must allow
 * (partner.json memberService.imageHosts; with --member-url, the local service's origin).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import QRCode from "qrcode";

export const MEDIA_PREFIX = "/media/";
export const QR_PREFIX = "/qr/";

export interface ServedImage {
  contentType: string;
  body: Buffer | string;
}

const TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".svg": "image/svg+xml",
};
/** A media path as data names it (src/media/media-refs.ts): no '..', no leading '/'. */
const MEDIA_PATH = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\/[A-Za-z0-9][A-Za-z0-9_.-]*)*\.(?:jpe?g|png|webp|svg)$/;

/** The image at `pathname`, or null when it is not one of ours (the caller answers 404). */
export async function serveMemberImage(pathname: string, mediaDir: string): Promise<ServedImage | null> {
  if (pathname.startsWith(QR_PREFIX) && pathname.endsWith(".svg")) {
    const code = decoded(pathname.slice(QR_PREFIX.length, -".svg".length));
    if (!code) return null;
    return {
      contentType: "image/svg+xml",
      body: await QRCode.toString(code, { type: "svg", errorCorrectionLevel: "M", margin: 4 }),
    };
  }
  if (!pathname.startsWith(MEDIA_PREFIX)) return null;
  const relative = decoded(pathname.slice(MEDIA_PREFIX.length));
  if (!relative || !MEDIA_PATH.test(relative) || relative.split("/").some((part) => part.startsWith("."))) return null;
  try {
    return {
      contentType: TYPES[path.extname(relative).toLowerCase()],
      body: await readFile(path.join(mediaDir, relative)),
    };
  } catch {
    return null;
  }
}

/** Poster values of the seed: 'media:<path>' (a partner without an image CDN) is served here. */
export function posterPath(url: string | null | undefined): string | null {
  if (!url) return null;
  return url.startsWith("media:") ? `${MEDIA_PREFIX}${url.slice("media:".length)}` : url;
}

/** A path of ours made absolute against the base URL the client called. */
export function absoluteImageUrl(value: string | null | undefined, base: string): string | null {
  if (!value) return null;
  return value.startsWith("/") ? new URL(value, base).toString() : value;
}

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
