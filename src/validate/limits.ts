/**
 * Documented input limits (docs/security.md "Limits"). Far above any real cinema
 * (partner 178: 10 redirects, 90 films, 40 articles, 673 showings, the largest field 14 KB),
 * low enough that bad or hostile input fails with a located error instead of an 800 MB
 * output or a service worker that precaches megabytes.
 */

/** Redirect entries: each becomes a page, a host rule and a line of the precached redirects.json. */
export const MAX_REDIRECTS = 5_000;

/** Characters in one text field (an article body, a block's HTML): 1 million, about 1 MB. */
export const MAX_FIELD_CHARS = 1_000_000;

/** Bytes of one snapshot file or API answer. */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;

/** Records per collection. */
export const MAX_RECORDS = {
  pages: 10_000,
  productions: 50_000,
  events: 1_000_000,
  blockData: 200_000,
  articles: 50_000,
} as const;

/** Bytes of one path segment (a folder name: NAME_MAX on Linux and macOS) and of a whole path. */
export const MAX_SEGMENT_BYTES = 255;
export const MAX_PATH_BYTES = 1024;
