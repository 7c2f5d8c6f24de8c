/**
 * The incremental build cache (issue 14 item 4): a folder beside the output
 * (`<out>.cache/`) that holds each rendered route's files under a hash of everything they
 * were made from. A route whose key is found is not rendered again; its stored bytes are
 * written as they are, so an incremental build is byte-identical to a clean one
 * (tests/integration/incremental-build.test.ts).
 *
 * The key of a route (computeRouteKey) is the hash of
 *   - the site key (computeSiteKey): tool version and the code of the generator and templates,
 *     the client manifest and stylesheet URLs (their names carry content hashes), the site
 *     configuration the layout reads (menu, footer, theme, partner, member service), the
 *     Content-Security-Policy every page carries, the live-data settings, the reference time and
 *     the film pages the member islands link to;
 *   - the route (path, kind, file, data file name);
 *   - the resolved page (the binding result: every record the page shows);
 *   - the records its structured data describes (production, showings, article).
 * A film changed in the CMS changes the resolved data of its own page and of every listing
 * that shows it, and nothing else, so only those are rendered again.
 *
 * Entries are content-addressed and written before they are used, so a failed or
 * interrupted build leaves nothing wrong behind; a successful build removes the entries it
 * did not use (pruneRouteCache). Reads and writes are synchronous: they run in the render
 * workers, beside the rendering, and on tmpfs a synchronous write is the fastest
 * (docs/performance.md); the build thread hands its writes to a writer thread
 * (createRouteEntryWriter).
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { OutputFile } from "../emit/index.js";
import { createThreadedWriter, type FileWriter } from "../emit/file-writer.js";
import type { Route } from "../routes/index.js";

/** Bump when the entry layout below changes. */
const FORMAT = "route-cache-1";

export interface RouteCache {
  dir: string;
  siteKey: string;
  /**
   * The entries on disk when the cache was opened: a key not among them is not looked up (a
   * first build would otherwise try, and fail, to open one file per route: ~30 ms at 178).
   * Absent where the cache is opened without listing it (render workers only write).
   */
  stored?: ReadonlySet<string>;
}

/** `<out>.cache`, beside the output folder (never inside it: the output is published). */
export function locateRouteCache(out: string): string {
  return `${path.resolve(out)}.cache`;
}

export function openRouteCache(out: string, siteKey: string): RouteCache {
  const dir = locateRouteCache(out);
  mkdirSync(dir, { recursive: true });
  return { dir, siteKey, stored: new Set(readdirSync(dir)) };
}

/** The inputs every page shares; a change here renders every route again. */
export function computeSiteKey(inputs: { codeHash: string; toolVersion: string; render: unknown }): string {
  return createHash("sha256").update(FORMAT).update(JSON.stringify(inputs)).digest("hex");
}

/**
 * `pageJson` is JSON.stringify(resolved page); `serializeRecords` the structured-data records;
 * `extra` what only this page depends on beyond its data (the search index for /search).
 */
export function computeRouteKey(cache: RouteCache, route: Route, pageJson: string, serializeRecords: string, extra = ""): string {
  const hash = createHash("sha256").update(cache.siteKey);
  hash.update(JSON.stringify([route.path, route.kind, route.file, route.jsonName]));
  hash.update("\0").update(pageJson).update("\0").update(serializeRecords).update("\0").update(extra);
  return hash.digest("hex").slice(0, 40);
}

/**
 * The route's files stored under `key`, or null. An entry is one file: a header line with the
 * paths and byte lengths as JSON, then the contents back to back.
 */
export function readRouteEntry(cache: RouteCache, key: string): OutputFile[] | null {
  if (cache.stored && !cache.stored.has(key)) return null;
  let bytes: Buffer;
  try {
    bytes = readFileSync(path.join(cache.dir, key));
  } catch {
    return null;
  }
  const newline = bytes.indexOf(10);
  if (newline < 0) return null;
  let header: { path: string; length: number }[];
  try {
    header = JSON.parse(bytes.subarray(0, newline).toString("utf8")) as { path: string; length: number }[];
  } catch {
    return null;
  }
  const files: OutputFile[] = [];
  let offset = newline + 1;
  for (const entry of header) {
    // A copy in a fresh ArrayBuffer: it is transferred to the writing thread.
    files.push({ path: entry.path, contents: new Uint8Array(bytes.subarray(offset, offset + entry.length)) });
    offset += entry.length;
  }
  return offset === bytes.length ? files : null;
}

/** Stores a route's files; a failure to cache is not a failure to build. */
export function writeRouteEntry(cache: RouteCache, key: string, files: EntryFile[]): void {
  const file = path.join(cache.dir, key);
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    writeFileSync(tmp, entryBytes(files));
    renameSync(tmp, file);
  } catch {
    rmSync(tmp, { force: true });
  }
}

type EntryFile = { path: string; contents: Uint8Array };

/** An entry's bytes: the header line (paths and lengths as JSON), then the contents back to back. */
function entryBytes(files: EntryFile[]): Uint8Array {
  const header = Buffer.from(`${JSON.stringify(files.map((file) => ({ path: file.path, length: file.contents.byteLength })))}\n`);
  return Buffer.concat([header, ...files.map((entry) => entry.contents)]);
}

export interface RouteEntryWriter {
  /** writeRouteEntry, on the writer thread. */
  store(key: string, files: EntryFile[]): void;
  /** Resolves when every stored entry is on disk (or skipped, like writeRouteEntry's failures). */
  finish(): Promise<void>;
  /** Stops without waiting (the build failed). */
  abort(): Promise<void>;
}

/**
 * Entries stored from the build thread go to a writer thread (src/emit/file-writer.ts): a
 * first build writes one per route, which on a real disk cost the build thread ~0.4 s at
 * partner 178 (on tmpfs ~50 ms). Written beside their place and renamed, skipped on failure,
 * exactly as writeRouteEntry; the thread starts with the first entry, so a build that reuses
 * every route starts none.
 */
export function createRouteEntryWriter(cache: RouteCache): RouteEntryWriter {
  let writer: FileWriter | null = null;
  return {
    store(key, files) {
      writer ??= createThreadedWriter(cache.dir, { atomic: true, lenient: true });
      writer.write(key, entryBytes(files));
    },
    async finish() {
      // A cache that could not be written costs the next build its time, never this build.
      await writer?.finish().catch(() => undefined);
    },
    async abort() {
      await writer?.abort();
    },
  };
}

/** After a successful build: drops the entries no route used, so the cache stays the size of the site. */
export function pruneRouteCache(cache: RouteCache, used: ReadonlySet<string>): void {
  for (const name of readdirSync(cache.dir)) {
    if (!used.has(name)) rmSync(path.join(cache.dir, name), { force: true });
  }
}
