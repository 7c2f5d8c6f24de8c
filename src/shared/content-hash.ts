import { createHash } from "node:crypto";

/**
 * Content hash for hashed asset names ('main.1a2b3c4d.js'): the first 8 hex digits of the
 * sha256 of the contents. Same bytes, same name, so unchanged assets keep their long-lived
 * cache entries across deploys (see _headers) and the service worker's precache.
 */
export function hashAsset(contents: string | Uint8Array): string {
  return createHash("sha256").update(contents).digest("hex").slice(0, 8);
}

/** 'assets/main.js' + contents → 'assets/main.1a2b3c4d.js'. */
export function hashedName(fileName: string, contents: string | Uint8Array): string {
  const dot = fileName.lastIndexOf(".");
  const slash = fileName.lastIndexOf("/");
  const hash = hashAsset(contents);
  if (dot <= slash + 1) return `${fileName}.${hash}`;
  return `${fileName.slice(0, dot)}.${hash}${fileName.slice(dot)}`;
}
