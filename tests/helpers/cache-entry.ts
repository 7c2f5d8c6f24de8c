import { readFile, writeFile } from "node:fs/promises";

/**
 * Rewrites a build-cache entry as a tamperer would (src/render/stage/route-cache.ts: a JSON header of
 * paths and lengths, then the files' bytes): the header's lengths are fixed to match the edit.
 */
export async function rewriteCacheEntry(
  file: string,
  edit: (entries: { path: string; contents: string }[]) => void,
): Promise<void> {
  const bytes = await readFile(file);
  const newline = bytes.indexOf(10);
  const header = JSON.parse(bytes.subarray(0, newline).toString("utf8")) as { path: string; length: number }[];
  let offset = newline + 1;
  const entries = header.map((entry) => {
    const contents = bytes.subarray(offset, offset + entry.length).toString("utf8");
    offset += entry.length;
    return { path: entry.path, contents };
  });
  edit(entries);
  const head = JSON.stringify(
    entries.map((entry) => ({ path: entry.path, length: Buffer.byteLength(entry.contents) })),
  );
  await writeFile(
    file,
    Buffer.concat([Buffer.from(`${head}\n`), ...entries.map((entry) => Buffer.from(entry.contents))]),
  );
}
