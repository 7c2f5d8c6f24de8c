/**
 * The deploy manifest (README "Deployment", docs/architecture.md "emit"): every published file with its SHA-1, size, content
 * type and cache policy, written beside the output (never inside it: the output is what an
 * operator uploads). Netlify's deploy API takes a path -> SHA-1 map and asks only for the files
 * it does not have; rclone and `aws s3 sync --size-only` upload by size; an upload script can
 * send exactly the added and changed files and delete the removed ones (README "Deployment").
 *
 * Same input, same bytes: sorted by path, no time stamp, one file per line (a diff of two
 * manifests reads as the list of changed files).
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { contentTypeOf } from "../shared/content-types.js";
import { ASSETS_PREFIX, IMMUTABLE, NO_CACHE } from "./headers.js";

/** The manifest's name in its build folder (output-target.ts, write-output.ts). */
export const DEPLOY_MANIFEST_FILE = "deploy-manifest.json";
const FORMAT = "cinema-build-deploy-1";

export interface DeployFile {
  /** URL path from the site root, '/'-led as the hosts' upload APIs name files. */
  path: string;
  sha1: string;
  size: number;
  contentType: string;
  /** What `_headers` gives the path: hashed assets immutable, everything else no-cache (src/emit/headers.ts). */
  cacheControl: string;
}

export interface DeployManifest {
  format: typeof FORMAT;
  files: DeployFile[];
}

/** What changed from one manifest to the next: the files to upload and the files to delete. */
export interface DeployChanges {
  added: string[];
  changed: string[];
  removed: string[];
  /** Bytes of the added and changed files: what an upload of only the changes sends. */
  bytes: number;
}

/** `<out>.deploy-manifest.json`: the current build's manifest, beside the output like `<out>.cache`. */
export function deployManifestPath(out: string): string {
  return `${out}.deploy-manifest.json`;
}

/** One written file's line of the manifest; `relative` is its path in the output folder. */
export function describeDeployFile(relative: string, contents: string | Uint8Array): DeployFile {
  const bytes = typeof contents === "string" ? Buffer.from(contents) : contents;
  const urlPath = `/${relative}`;
  return {
    path: urlPath,
    sha1: createHash("sha1").update(bytes).digest("hex"),
    size: bytes.byteLength,
    contentType: contentTypeOf(relative),
    cacheControl: urlPath.startsWith(ASSETS_PREFIX) ? IMMUTABLE : NO_CACHE,
  };
}

export function serializeDeployManifest(files: DeployFile[]): string {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const lines = sorted.map(
    (file) =>
      `    ${JSON.stringify({ path: file.path, sha1: file.sha1, size: file.size, contentType: file.contentType, cacheControl: file.cacheControl })}`,
  );
  return `{\n  "format": ${JSON.stringify(FORMAT)},\n  "files": [\n${lines.join(",\n")}${lines.length > 0 ? "\n" : ""}  ]\n}\n`;
}

/** A manifest written by this format, or null (none, unreadable, or of another format). */
export async function readDeployManifest(file: string): Promise<DeployManifest | null> {
  try {
    const parsed = JSON.parse(await readFile(file, "utf8")) as Partial<DeployManifest>;
    if (parsed.format !== FORMAT || !Array.isArray(parsed.files)) return null;
    return parsed.files.every(
      (entry) => typeof entry?.path === "string" && typeof entry.sha1 === "string" && typeof entry.size === "number",
    )
      ? (parsed as DeployManifest)
      : null;
  } catch {
    return null;
  }
}

/** The files added, changed (other SHA-1) and removed from `previous` to `next`, each sorted. */
export function diffDeployManifests(previous: DeployFile[], next: DeployFile[]): DeployChanges {
  const before = new Map(previous.map((file) => [file.path, file.sha1]));
  const after = new Set(next.map((file) => file.path));
  const changes: DeployChanges = { added: [], changed: [], removed: [], bytes: 0 };
  for (const file of next) {
    const sha1 = before.get(file.path);
    if (sha1 === file.sha1) continue;
    (sha1 === undefined ? changes.added : changes.changed).push(file.path);
    changes.bytes += file.size;
  }
  changes.removed = previous.filter((file) => !after.has(file.path)).map((file) => file.path);
  for (const list of [changes.added, changes.changed, changes.removed]) list.sort();
  return changes;
}
