import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import type { PartnerConfig } from "../config/index.js";
import { BuildError, BuildErrors } from "../errors/index.js";
import type { RawPartnerData } from "../model/index.js";
import { issuesToBuildErrors } from "./issue-errors.js";
import { SNAPSHOT_DATA_FILES, SNAPSHOT_META_FILE } from "./snapshot-files.js";
import { MAX_FILE_BYTES } from "../validate/limits.js";
import { decodeUtf8OrNull, firstInvalidUtf8 } from "./strict-utf8.js";
import { memoisedValidation } from "./validated-file-memo.js";

/** The snapshot files in the order they are read and reported. */
const FILES = { meta: SNAPSHOT_META_FILE, ...SNAPSHOT_DATA_FILES };

/**
 * What a long-lived reader (the dev session, src/session/) keeps of each file between reads:
 * a file whose size and modification time are unchanged is not read again, and one whose
 * bytes are unchanged is not parsed again; its earlier result (the same objects) is reused.
 */
export type SnapshotMemo = Map<string, { size: number; mtimeMs: number; bytes: Buffer; result: FileResult }>;

type FileResult = { data: unknown } | { errors: BuildError[] };

/**
 * Reads partners/<id>/snapshot/ and validates every file with its schema. Every problem of
 * every file is collected and reported with the file, the record and the field path.
 * With a memo, files that did not change keep their parsed data (the same objects).
 */
export async function readSnapshot(dir: string, partner: PartnerConfig, memo?: SnapshotMemo): Promise<RawPartnerData> {
  const errors: BuildError[] = [];
  const out: Record<string, unknown> = {};
  // The files are read side by side; results and problems are taken in FILES order.
  const results = await Promise.all(
    Object.values(FILES).map(({ file, schema }) => {
      const fullPath = path.join(dir, file);
      return memo
        ? readMemoised(memo, fullPath, (bytes) => readSnapshotFile(fullPath, schema as z.ZodType, partner, bytes))
        : readSnapshotFile(fullPath, schema as z.ZodType, partner);
    }),
  );
  Object.keys(FILES).forEach((key, i) => {
    const result = results[i];
    if ("data" in result) out[key] = result.data;
    else errors.push(...result.errors);
  });
  if (errors.length > 0) throw new BuildErrors(errors, `partner ${partner.partner}: the snapshot in ${dir} is invalid`);
  return out as unknown as RawPartnerData;
}

async function readMemoised(
  memo: SnapshotMemo,
  fullPath: string,
  read: (bytes?: Buffer) => Promise<FileResult>,
): Promise<FileResult> {
  const known = memo.get(fullPath);
  const stats = await stat(fullPath).catch(() => null);
  if (!stats) {
    memo.delete(fullPath);
    return read();
  }
  if (known && known.size === stats.size && known.mtimeMs === stats.mtimeMs) return known.result;
  const bytes = await readFile(fullPath).catch(() => null);
  if (!bytes) return read();
  if (known && known.bytes.equals(bytes)) {
    memo.set(fullPath, { ...known, size: stats.size, mtimeMs: stats.mtimeMs });
    return known.result;
  }
  const result = await read(bytes);
  memo.set(fullPath, { size: stats.size, mtimeMs: stats.mtimeMs, bytes, result });
  return result;
}

/**
 * One file read (or given as bytes) and checked with its schema; problems are returned, not
 * thrown. The same bytes checked by an earlier run come from the disk memo
 * (./validated-file-memo.ts), as the schema gave them then.
 */
async function readSnapshotFile(
  fullPath: string,
  schema: z.ZodType,
  partner: PartnerConfig,
  given?: Buffer,
): Promise<FileResult> {
  const shown = path.relative(process.cwd(), fullPath) || fullPath;
  let bytes: Buffer;
  try {
    bytes = given ?? (await readFile(fullPath));
  } catch (error) {
    return { errors: [unreadableFile(error as NodeJS.ErrnoException, shown, partner.partner)] };
  }
  let errors: BuildError[] = [];
  const validated = await memoisedValidation(partner.partner, path.basename(fullPath), bytes, () => {
    const result = validateSnapshotFile(bytes, schema, shown, partner.partner);
    if ("data" in result) return result;
    errors = result.errors;
    return null;
  });
  return validated ? { data: validated.data } : { errors };
}

function validateSnapshotFile(bytes: Buffer, schema: z.ZodType, shown: string, partner: number): FileResult {
  let json: unknown;
  try {
    json = JSON.parse(decodeSnapshotFile(bytes, shown, partner));
  } catch (error) {
    if (error instanceof BuildError) return { errors: [error] };
    return { errors: [unreadableFile(error as Error, shown, partner)] };
  }
  const parsed = schema.safeParse(json);
  return parsed.success
    ? { data: parsed.data }
    : { errors: issuesToBuildErrors(parsed.error, { partner, file: shown }, "E_SNAPSHOT_DATA") };
}

/** A file that is missing, or whose bytes are not JSON (or could not be read). */
function unreadableFile(error: Error & { code?: string }, shown: string, partner: number): BuildError {
  const missing = error.code === "ENOENT";
  return new BuildError(
    missing ? "snapshot file is missing" : `invalid JSON: ${error.message}`,
    { partner, file: shown },
    {
      code: missing ? "E_SNAPSHOT_MISSING" : "E_SNAPSHOT_JSON",
      hint: missing ? `run 'cinema-build snapshot --partner ${partner}' or build with --source api` : undefined,
    },
  );
}

/**
 * The file's text, refusing what a lenient read would silently change: bytes that are not
 * UTF-8 (they would become U+FFFD on the site) and files above MAX_FILE_BYTES.
 */
export function decodeSnapshotFile(bytes: Uint8Array, file: string, partner: number): string {
  if (bytes.byteLength > MAX_FILE_BYTES) {
    throw new BuildError(
      `the file is ${bytes.byteLength} bytes; at most ${MAX_FILE_BYTES} are supported`,
      { partner, file },
      { code: "E_LIMIT" },
    );
  }
  const text = decodeUtf8OrNull(bytes);
  if (text !== null) return text;
  const offset = firstInvalidUtf8(bytes);
  const line = bytes.subarray(0, offset).reduce((n, byte) => n + (byte === 0x0a ? 1 : 0), 1);
  throw new BuildError(
    `invalid UTF-8 at byte ${offset} (line ${line})`,
    { partner, file },
    { code: "E_ENCODING", hint: "save the file as UTF-8" },
  );
}
