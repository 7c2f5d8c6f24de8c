/**
 * page-manifest.json (spec 3.3, 2.1): which paths are pages and the jsonName of each. Loaded
 * once, on the first navigation or prefetch, and shared. A path missing from it is unknown:
 * the loader shows /404.html (spec 2.1, 8).
 */
import { pathKey as redirectKey } from "../../src/isomorphic/path-key.js";

export interface ManifestEntry {
  path: string;
  jsonName: string;
}

export const MANIFEST_URL = "/page-manifest.json";

let manifest: Promise<Map<string, ManifestEntry>> | null = null;

/** The manifest by redirectKey of each path; a failed load rejects (and is retried next time). */
export function loadManifest(load: (url: string) => Promise<unknown>): Promise<Map<string, ManifestEntry>> {
  manifest ??= load(MANIFEST_URL).then(indexManifest, (error: unknown) => {
    manifest = null;
    throw error;
  });
  return manifest;
}

export function indexManifest(entries: unknown): Map<string, ManifestEntry> {
  const byKey = new Map<string, ManifestEntry>();
  if (!Array.isArray(entries)) return byKey;
  for (const entry of entries as ManifestEntry[]) {
    if (entry && typeof entry.path === "string" && typeof entry.jsonName === "string")
      byKey.set(redirectKey(entry.path), entry);
  }
  return byKey;
}

export function pageDataUrlOf(entry: ManifestEntry): string {
  return encodePath(`/page-data/${entry.jsonName}.json`);
}

/** The URL of a page's HTML: its path, as the static host serves it (folder index.html). */
export function pageHtmlUrlOf(entry: ManifestEntry): string {
  return encodePath(entry.path);
}

/** Percent-encodes a path the way the browser does for a link (ø, spaces), keeping ':'. */
function encodePath(path: string): string {
  return new URL(path, "http://x").pathname;
}
