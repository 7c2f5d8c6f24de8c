/**
 * A film's trailer: the production property `trailer` (docs/data-format.md), a YouTube or Vimeo
 * address in any of the forms editors paste, read into the player it embeds. The film page shows
 * it behind a click-to-play facade (templates/blocks/movie-cover.tsx, client/islands/trailer.ts) and the
 * Movie's JSON-LD names it (src/render/structured-data.ts); the site's policy lets its player
 * host frame (src/render/stage/site-policy.ts). docs/spec-decisions.md, "Trailers".
 */

export interface Trailer {
  provider: "youtube" | "vimeo";
  /** The video's id at the provider (YouTube: 11 characters; Vimeo: digits). */
  id: string;
  /** The player the facade frames after the click: youtube-nocookie.com for YouTube, autoplaying. */
  embedUrl: string;
  /** The provider's own page of the video, the plain link offered without consent. */
  watchUrl: string;
  /** The player's origin, for the CSP's frame-src. */
  origin: string;
  /** The provider's name as a visitor knows it. */
  label: "YouTube" | "Vimeo";
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const YOUTUBE_HOSTS = ["youtube.com", "m.youtube.com", "youtube-nocookie.com", "music.youtube.com"];

/**
 * The trailer an address names, or null when it is not a YouTube or Vimeo video: youtube.com/watch?v=,
 * youtu.be/, youtube.com/embed/ (and youtube-nocookie.com/embed/), youtube.com/shorts/,
 * vimeo.com/<id> and player.vimeo.com/video/<id>, with or without `www.`, http or https.
 */
export function parseTrailerUrl(value: unknown): Trailer | null {
  if (typeof value !== "string") return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  const segments = url.pathname.split("/").filter(Boolean);
  if (host === "youtu.be") return youtube(segments[0]);
  if (YOUTUBE_HOSTS.includes(host)) {
    if (segments[0] === "watch") return youtube(url.searchParams.get("v"));
    if (segments[0] === "embed" || segments[0] === "shorts" || segments[0] === "v") return youtube(segments[1]);
    return null;
  }
  if (host === "vimeo.com") return vimeo(segments.find((segment) => VIMEO_ID.test(segment)));
  if (host === "player.vimeo.com" && segments[0] === "video") return vimeo(segments[1]);
  return null;
}

function youtube(id: string | null | undefined): Trailer | null {
  if (!id || !YOUTUBE_ID.test(id)) return null;
  return {
    provider: "youtube",
    id,
    embedUrl: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`,
    watchUrl: `https://www.youtube.com/watch?v=${id}`,
    origin: "https://www.youtube-nocookie.com",
    label: "YouTube",
  };
}

function vimeo(id: string | null | undefined): Trailer | null {
  if (!id || !VIMEO_ID.test(id)) return null;
  return {
    provider: "vimeo",
    id,
    embedUrl: `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`,
    watchUrl: `https://vimeo.com/${id}`,
    origin: "https://player.vimeo.com",
    label: "Vimeo",
  };
}
