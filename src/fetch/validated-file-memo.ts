/**
 * The validated snapshot files' disk memo (src/shared/tool-cache.ts). Checking a snapshot file
 * against its schema is most of reading it (partner 178: 67 of 75 ms; the parse is the rest),
 * and a snapshot rarely changes between two builds (a rebuild, `dev`, CI with its cache
 * restored). The schemas' output for the same bytes is the same, so it is kept as JSON under a
 * key of the file's bytes, its schema's name and the tool's own code (src/shared/code-hash.ts):
 * a new cinema-build, or an edited schema in a checkout, validates again.
 *
 * A memo is the SHA-256 of its JSON on the first line, then the JSON. One that does not check
 * out is ignored and made again. Output that JSON would not give back exactly (an `undefined`
 * field, a value that is not JSON) is not memoised: the memo must be the schema's output
 * itself. Each partner's file keeps its last KEEP_VERSIONS memos; older ones are removed, so a
 * `dev` session that saves a file a hundred times leaves a few memos, not a hundred. Files
 * above MEMO_MAX_BYTES are validated every time (see there).
 */
import { createHash } from "node:crypto";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { hashOwnCode } from "../shared/code-hash.js";
import { readToolCache, toolCacheFile, toolCacheOn, writeToolCache } from "../shared/tool-cache.js";

/**
 * Memos kept per partner and file: the current snapshot and the one before it, each for two
 * builds of the code (the compiled CLI and the TypeScript sources the tests run, in a checkout).
 */
export const KEEP_VERSIONS = 4;

/**
 * Files validated every time. Reading a memo is parsing its JSON, which for a large file is
 * most of the work the memo saves (10,000 films: events.json is 75 MB, parsed in ~0.5 s), while
 * writing it costs a copy of the file in the cache and its serialisation on every change.
 */
export const MEMO_MAX_BYTES = 16 * 1024 * 1024;

/** What a file's schema gave: its data, or null when it did not pass (failures are not kept). */
export async function memoisedValidation(
  partner: number,
  name: string,
  bytes: Uint8Array,
  validate: () => { data: unknown } | null,
): Promise<{ data: unknown; fromMemo: boolean } | null> {
  if (!toolCacheOn() || bytes.byteLength > MEMO_MAX_BYTES) {
    const result = validate();
    return result && { data: result.data, fromMemo: false };
  }
  const prefix = `${partner}-${name.replace(/[^A-Za-z0-9.-]/g, "_")}-`;
  const file = toolCacheFile("snapshot", [hashOwnCode(), name, bytes], "json");
  const memoFile = path.join(path.dirname(file), `${prefix}${path.basename(file)}`);
  const cached = unpackValidated(await readToolCache(memoFile));
  if (cached !== undefined) return { data: cached, fromMemo: true };
  const result = validate();
  if (!result) return null;
  const packed = packValidated(result.data);
  if (packed) {
    await writeToolCache(memoFile, packed);
    await pruneVersions(path.dirname(memoFile), prefix, path.basename(memoFile));
  }
  return { data: result.data, fromMemo: false };
}

/** The memo's bytes, or null when JSON would not give `data` back exactly. */
export function packValidated(data: unknown): string | null {
  if (!isJsonExact(data)) return null;
  const json = JSON.stringify(data);
  return `${createHash("sha256").update(json).digest("hex")}\n${json}`;
}

/**
 * Whether JSON.parse(JSON.stringify(value)) gives `value` back exactly (as isDeepStrictEqual
 * sees it): plain objects and arrays without holes, strings, booleans, null and finite
 * numbers (not -0), and no `undefined` anywhere. One walk, no second copy of the data.
 */
export function isJsonExact(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value) && !Object.is(value, -0);
  if (typeof value !== "object") return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) if (!(i in value) || !isJsonExact(value[i])) return false;
    return true;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype || Object.getOwnPropertySymbols(value).length > 0) return false;
  const own = Object.getOwnPropertyNames(value);
  if (own.length !== Object.keys(value).length) return false; // a property JSON would not see
  for (const key of own) if (key === "__proto__" || !isJsonExact((value as Record<string, unknown>)[key])) return false;
  return true;
}

/** The data of a memo, or undefined when there is none or it does not check out. */
export function unpackValidated(bytes: Buffer | null): unknown {
  if (!bytes) return undefined;
  const text = bytes.toString("utf8");
  const newline = text.indexOf("\n");
  if (newline !== 64) return undefined;
  const json = text.slice(newline + 1);
  if (createHash("sha256").update(json).digest("hex") !== text.slice(0, newline)) return undefined;
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** Removes all but the newest KEEP_VERSIONS memos of one partner's file (`kept` is always one of them). */
async function pruneVersions(dir: string, prefix: string, kept: string): Promise<void> {
  try {
    const names = (await readdir(dir)).filter((name) => name.startsWith(prefix) && name !== kept);
    const dated = await Promise.all(
      names.map(async (name) => ({
        name,
        mtimeMs: (await stat(path.join(dir, name)).catch(() => null))?.mtimeMs ?? 0,
      })),
    );
    const stale = dated.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.name < b.name ? -1 : 1)).slice(KEEP_VERSIONS - 1);
    await Promise.all(stale.map(({ name }) => rm(path.join(dir, name), { force: true })));
  } catch {
    // A memo that cannot be pruned costs disk, not correctness (the tool cache is disposable).
  }
}
