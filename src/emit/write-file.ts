/**
 * How one output file reaches the disk: synchronously, each folder created once. On tmpfs
 * and local disks a synchronous write of a page measured about twice as fast as a window of
 * 32 asynchronous ones (20,000 files of 20 KB: 0.8–1.0 s against 1.3–2.5 s,
 * docs/performance.md): a page is small, and the thread pool's round trip costs more than
 * the write. The render workers keep rendering while this thread writes.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

export type WriteOneFile = (relative: string, contents: string | Uint8Array) => number;

/** A writer into `root`; returns each file's size in bytes (no second pass over a string to count them). */
export function createFileWriter(root: string): WriteOneFile {
  const directories = new Set<string>();
  return (relative, contents) => {
    const target = path.join(root, relative);
    const dir = path.dirname(target);
    if (!directories.has(dir)) {
      mkdirSync(dir, { recursive: true });
      directories.add(dir);
    }
    const bytes = typeof contents === "string" ? Buffer.from(contents) : contents;
    writeFileSync(target, bytes);
    return bytes.byteLength;
  };
}
