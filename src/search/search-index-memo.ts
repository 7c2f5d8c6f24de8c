/**
 * The search index's disk memo (src/shared/tool-cache.ts). Pagefind gives the same files for the
 * same documents, language and Pagefind version (tests/integration/search-index.test.ts), and
 * the index's folder is already named by a hash of exactly those, so a build whose searchable
 * text did not change (a rebuild after a seat count or a showing changed, a CI run with its
 * cache restored) takes the files from the memo and does not start Pagefind's process.
 *
 * One memo is one file: the header's length (4 bytes), the header as JSON (the SHA-256 of the
 * body, each file's path and size), then the files' bytes one after another. A memo that does not
 * check out (cut short, damaged) is ignored and made again.
 */
import { createHash } from "node:crypto";
import { readToolCache, toolCacheFile, writeToolCache } from "../shared/tool-cache.js";

export interface IndexFile {
  path: string;
  contents: Uint8Array;
}

interface Header {
  sha256: string;
  files: [path: string, size: number][];
}

export async function memoisedIndexFiles(key: string, make: () => Promise<IndexFile[]>): Promise<IndexFile[]> {
  const file = toolCacheFile("search", [key], "bin");
  const cached = unpackIndexFiles(await readToolCache(file));
  if (cached) return cached;
  const files = await make();
  await writeToolCache(file, packIndexFiles(files));
  return files;
}

export function packIndexFiles(files: readonly IndexFile[]): Buffer {
  const body = Buffer.concat(files.map((file) => file.contents));
  const header: Header = {
    sha256: createHash("sha256").update(body).digest("hex"),
    files: files.map((file) => [file.path, file.contents.byteLength]),
  };
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([length, json, body]);
}

/** The files of a memo, or null when there is none or it does not check out. */
export function unpackIndexFiles(bytes: Buffer | null): IndexFile[] | null {
  if (!bytes || bytes.length < 4) return null;
  const headerEnd = 4 + bytes.readUInt32BE(0);
  if (headerEnd > bytes.length) return null;
  let header: Header;
  try {
    header = JSON.parse(bytes.subarray(4, headerEnd).toString("utf8")) as Header;
  } catch {
    return null;
  }
  const body = bytes.subarray(headerEnd);
  if (!Array.isArray(header.files) || createHash("sha256").update(body).digest("hex") !== header.sha256) return null;
  const files: IndexFile[] = [];
  let offset = 0;
  for (const [path, size] of header.files) {
    if (typeof path !== "string" || !Number.isInteger(size) || size < 0 || offset + size > body.length) return null;
    files.push({ path, contents: body.subarray(offset, offset + size) });
    offset += size;
  }
  return offset === body.length ? files : null;
}
