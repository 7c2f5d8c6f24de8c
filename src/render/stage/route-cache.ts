/**
 * The incremental build cache (docs/performance.md): a folder beside the output
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
 * did not use (pruneRouteCache).
 *
 * What is reused is published, so an entry must prove it is what a build wrote (docs/security.md):
 * its file is named '<key>.<hash of its bytes>', and an entry whose bytes do not hash to its
 * name (edited text, an added script, an added file) is deleted and its route rendered again.
 * The hash guards against damage and edits in place; whoever can also rename the file could
 * as well edit the published output. The folder itself follows --out's ownership rule: only a
 * real folder cinema-build made (its CACHE_MARKER, or nothing but entry names in it) is used,
 * and pruning deletes only names it writes, so an operator's files there are never touched. Reads and writes are synchronous: they run in the render
 * workers, beside the rendering, and on tmpfs a synchronous write is the fastest
 * (docs/performance.md); the build thread hands its writes to a writer thread
 * (createRouteEntryWriter).
 */
import { createHash } from "node:crypto";
import { isOtherProcessAlive } from "../../shared/process-alive.js";
import { lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BuildError } from "../../errors/index.js";
import { writeFileAtomicSync } from "../../shared/atomic-write.js";
import type { OutputFile } from "../../emit/index.js";
import { createThreadedWriter, type FileWriter } from "../../emit/file-writer.js";
import type { Route } from "../../routes/index.js";

/** Bump when the entry layout below changes. */
const FORMAT = "route-cache-3";

/** The file that marks a cache folder as cinema-build's own (no time stamp, like the output marker). */
export const CACHE_MARKER = ".cinema-build-cache";
/** '<key>.<content hash>': an entry. */
const ENTRY_NAME = /^([0-9a-f]{40})\.([0-9a-f]{32})$/;
/** An entry of format route-cache-1 (no hash in its name): never reused, pruned as ours. */
const OLD_ENTRY_NAME = /^[0-9a-f]{40}$/;
/**
 * An entry being written, by the process whose id it carries (writeRouteEntry, file-writer.ts:
 * src/shared/atomic-write.ts names it, with the thread's id after the pid on a worker thread).
 */
const TEMPORARY_NAME = /^[0-9a-f]{40}(?:\.[0-9a-f]{32})?\.(\d+)(?:\.[0-9a-z]+)?\.tmp$/;

export interface RouteCache {
  dir: string;
  siteKey: string;
  /**
   * The entries on disk when the cache was opened, key -> file name: a key not among them is
   * not looked up (a first build would otherwise try, and fail, to open one file per route:
   * ~30 ms at 178). Absent where the cache is opened without listing it (render workers only
   * write); a read there lists the folder.
   */
  stored?: ReadonlyMap<string, string>;
  /**
   * The published folder (`--out`) whose files the entries refer to, by path, length and
   * SHA-256, instead of holding their bytes (docs/architecture.md, "Build cache"). Absent: the
   * entries hold the bytes (a cache opened without an output).
   */
  site?: string;
}

/** `<out>.cache`, beside the output folder (never inside it: the output is published). */
export function locateRouteCache(out: string): string {
  return `${path.resolve(out)}.cache`;
}

/**
 * Opens (or makes) the cache of `out`; a BuildError when that folder is not cinema-build's own.
 * With `referToOutput`, entries name the route's files in `out` instead of copying them.
 */
export function openRouteCache(out: string, siteKey: string, options: { referToOutput?: boolean } = {}): RouteCache {
  const dir = locateRouteCache(out);
  claimCacheFolder(dir);
  const cache: RouteCache = { dir, siteKey, stored: listEntries(dir) };
  return options.referToOutput ? { ...cache, site: path.resolve(out) } : cache;
}

/**
 * The ownership rule of --out (src/emit/output-target.ts) for the cache folder: made here, or
 * a real folder holding CACHE_MARKER, or one holding nothing but names the cache writes (a
 * cache of an earlier version, marked now). A symlink or any other folder is refused: pruning
 * it would delete what is not ours.
 */
function claimCacheFolder(dir: string): void {
  const shown = path.relative(process.cwd(), dir) || dir;
  const refuse = (why: string) =>
    new BuildError(
      `the build cache ${shown} ${why}; refusing to use it`,
      {},
      { code: "E_CACHE_TARGET", hint: `move it away (cinema-build makes it again), or build with --no-cache` },
    );
  const stat = lstatOrNull(dir);
  if (!stat) {
    mkdirSync(path.dirname(dir), { recursive: true });
    mkdirSync(dir);
  } else if (stat.isSymbolicLink()) {
    throw refuse("is a symlink cinema-build did not make");
  } else if (!stat.isDirectory()) {
    throw refuse("is a file, not a folder");
  } else {
    const names = readdirSync(dir);
    if (names.includes(CACHE_MARKER)) return;
    const foreign = names.filter((name) => !isCacheName(name));
    if (foreign.length > 0)
      throw refuse(
        `is a folder cinema-build did not make (no ${CACHE_MARKER}; ${foreign.slice(0, 3).join(", ")}${foreign.length > 3 ? ", …" : ""})`,
      );
  }
  writeFileSync(path.join(dir, CACHE_MARKER), `${JSON.stringify({ generator: "cinema-build", format: FORMAT })}\n`);
}

function isCacheName(name: string): boolean {
  return ENTRY_NAME.test(name) || OLD_ENTRY_NAME.test(name) || TEMPORARY_NAME.test(name);
}

function lstatOrNull(file: string) {
  try {
    return lstatSync(file);
  } catch {
    return null;
  }
}

function listEntries(dir: string): Map<string, string> {
  const stored = new Map<string, string>();
  for (const name of readdirSync(dir)) {
    const key = ENTRY_NAME.exec(name)?.[1];
    if (key) stored.set(key, name);
  }
  return stored;
}

/** The part of an entry's name that proves its bytes. */
function entryHash(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 32);
}

/** The inputs every page shares; a change here renders every route again. */
export function computeSiteKey(inputs: { codeHash: string; toolVersion: string; render: unknown }): string {
  return createHash("sha256").update(FORMAT).update(JSON.stringify(inputs)).digest("hex");
}

/**
 * `pageJson` is JSON.stringify(resolved page); `serializeRecords` the structured-data records;
 * `extra` what only this page depends on beyond its data (the search index for /search).
 */
export function computeRouteKey(
  cache: RouteCache,
  route: Route,
  pageJson: string,
  serializeRecords: string,
  extra = "",
): string {
  const hash = createHash("sha256").update(cache.siteKey);
  hash.update(JSON.stringify([route.path, route.kind, route.file, route.jsonName]));
  hash.update("\0").update(pageJson).update("\0").update(serializeRecords).update("\0").update(extra);
  return hash.digest("hex").slice(0, 40);
}

/**
 * The route's files stored under `key`, or null. An entry is one file: a header line with the
 * paths and byte lengths as JSON, then the contents back to back; a file whose header names its
 * SHA-256 has no contents there: it is read from the published folder (`cache.site`), where
 * the build that stored the entry wrote it. One whose bytes are not what its name says, or that
 * names an output file whose bytes are not what it says (changed since, or never published),
 * counts as missing, and the route is rendered again.
 */
export function readRouteEntry(cache: RouteCache, key: string): OutputFile[] | null {
  const name = (cache.stored ?? listEntries(cache.dir)).get(key);
  if (!name) return null;
  let bytes: Buffer;
  try {
    bytes = readFileSync(path.join(cache.dir, name));
  } catch {
    return null;
  }
  if (entryHash(bytes) !== ENTRY_NAME.exec(name)?.[2]) {
    try {
      rmSync(path.join(cache.dir, name), { force: true });
    } catch {
      // not a file (a folder of that name): pruning reports it
    }
    return null;
  }
  const newline = bytes.indexOf(10);
  if (newline < 0) return null;
  let header: EntryHeader[];
  try {
    header = JSON.parse(bytes.subarray(0, newline).toString("utf8")) as EntryHeader[];
  } catch {
    return null;
  }
  const files: OutputFile[] = [];
  let offset = newline + 1;
  for (const entry of header) {
    if (entry.sha256 !== undefined) {
      const contents = publishedFile(cache, entry);
      if (contents === null) return null;
      files.push({ path: entry.path, contents });
      continue;
    }
    // A copy in a fresh ArrayBuffer: it is transferred to the writing thread.
    files.push({ path: entry.path, contents: new Uint8Array(bytes.subarray(offset, offset + entry.length)) });
    offset += entry.length;
  }
  return offset === bytes.length ? files : null;
}

/** A file of an entry's header: held in the entry, or (with its SHA-256) in the published folder. */
interface EntryHeader {
  path: string;
  length: number;
  sha256?: string;
}

/** The published file an entry names, when its bytes are still the ones the entry names. */
function publishedFile(cache: RouteCache, entry: EntryHeader): Uint8Array | null {
  if (!cache.site || typeof entry.path !== "string" || entry.path.split(/[\\/]/).includes("..")) return null;
  let contents: Buffer;
  try {
    contents = readFileSync(path.join(cache.site, entry.path));
  } catch {
    return null;
  }
  if (contents.byteLength !== entry.length || sha256(contents) !== entry.sha256) return null;
  // A fresh ArrayBuffer of its own (Node may pool small reads): it is transferred to the writing thread.
  return new Uint8Array(contents);
}

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Stores a route's files; a failure to cache is not a failure to build. */
export function writeRouteEntry(cache: RouteCache, key: string, files: EntryFile[]): void {
  const bytes = entryBytes(files, cache.site !== undefined);
  const file = path.join(cache.dir, `${key}.${entryHash(bytes)}`);
  try {
    writeFileAtomicSync(file, bytes);
  } catch {
    // not cached: the route renders again next time
  }
}

type EntryFile = { path: string; contents: Uint8Array };

/**
 * An entry's bytes: the header line (paths and lengths as JSON), then the contents back to back;
 * `refer`: the header names each file's SHA-256 and holds no contents (the build publishes them).
 */
function entryBytes(files: EntryFile[], refer: boolean): Uint8Array {
  const header = files.map((file) => ({
    path: file.path,
    length: file.contents.byteLength,
    ...(refer ? { sha256: sha256(file.contents) } : {}),
  }));
  const line = Buffer.from(`${JSON.stringify(header)}\n`);
  return refer ? line : Buffer.concat([line, ...files.map((entry) => entry.contents)]);
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
      const bytes = entryBytes(files, cache.site !== undefined);
      writer.write(`${key}.${entryHash(bytes)}`, bytes);
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

/**
 * After a successful build: drops the entries no route used, so the cache stays the size of
 * the site, and temporary files of runs that are gone (or of this one). Only names the cache
 * writes are touched; a file that cannot be removed is a warning, never a failed build (the
 * new site is published by now). Returns the warnings.
 */
export function pruneRouteCache(cache: RouteCache, used: ReadonlySet<string>): string[] {
  const failed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(cache.dir);
  } catch (error) {
    return [`could not list the build cache ${cache.dir} to tidy it: ${(error as Error).message}`];
  }
  for (const name of names) {
    const key = ENTRY_NAME.exec(name)?.[1];
    const temporary = TEMPORARY_NAME.exec(name);
    const unused = key
      ? !used.has(key)
      : OLD_ENTRY_NAME.test(name) || (temporary !== null && !isOtherProcessAlive(Number(temporary[1])));
    if (!unused) continue;
    try {
      rmSync(path.join(cache.dir, name), { force: true });
    } catch (error) {
      failed.push(
        `${path.join(cache.dir, name)} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      );
    }
  }
  return failed.length === 0
    ? []
    : [
        `could not remove ${failed.length} unused build-cache entr${failed.length === 1 ? "y" : "ies"}: ${failed.slice(0, 3).join(", ")}${failed.length > 3 ? ", …" : ""}; the build is published, the next one tries again`,
      ];
}

/** Removes this process's unfinished entries from the cache folder `dir` (SIGINT/SIGTERM: src/emit/interrupt.ts). */
export function removeOwnTemporaryEntries(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return; // no cache folder: nothing was written
  }
  for (const name of names) {
    if (Number(TEMPORARY_NAME.exec(name)?.[1]) === process.pid) rmSync(path.join(dir, name), { force: true });
  }
}
