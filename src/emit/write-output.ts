/**
 * The only code that writes the built site. Files go to a temporary sibling folder first and
 * the finished folder is swapped in with two renames, so a failed build (bad CMS data, a
 * crash half way through 40,000 pages) leaves the previous output exactly as it was, and a
 * host syncing the folder never sees half a site.
 */
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { BuildError } from "../errors/index.js";
import type { OutputFile } from "./output-file.js";
import { createFileWriter } from "./write-file.js";

export interface WriteOutputOptions {
  /** Ignored: files are written one at a time, synchronously (write-file.ts says why). Kept for callers. */
  concurrency?: number;
}

export interface WriteOutputResult {
  files: number;
  bytes: number;
}

type FileSource = Iterable<OutputFile> | AsyncIterable<OutputFile>;

export async function writeOutputAtomically(outDir: string, files: FileSource, options: WriteOutputOptions = {}): Promise<WriteOutputResult> {
  const out = path.resolve(outDir);
  const tmp = `${out}.tmp-${process.pid}`;
  const old = `${out}.old-${process.pid}`;
  await rm(tmp, { recursive: true, force: true });
  await mkdir(tmp, { recursive: true });
  let result: WriteOutputResult;
  try {
    result = await writeAll(tmp, files);
  } catch (error) {
    await rm(tmp, { recursive: true, force: true });
    throw error;
  }
  await swapIn(out, tmp, old);
  return result;
}

/**
 * Writes every file under `root` as it comes from the stream (write-file.ts: synchronous,
 * each folder made once). Pulling one file at a time is the backpressure: the renderer never
 * gets further ahead of the disk than the files it has already handed over.
 */
async function writeAll(root: string, files: FileSource): Promise<WriteOutputResult> {
  const seen = new Set<string>();
  const writeOne = createFileWriter(root);
  let count = 0;
  let bytes = 0;
  for await (const file of files) {
    const relative = checkOutputPath(file.path);
    if (seen.has(relative)) throw new BuildError(`two output files have the path '${relative}'`, { file: relative }, { hint: "a redirect or route writes over another file" });
    seen.add(relative);
    bytes += writeOne(relative, file.contents);
    count += 1;
  }
  return { files: count, bytes };
}

/** Normalises an output path and rejects anything that could leave the output folder. */
export function checkOutputPath(filePath: string): string {
  const bad = (why: string) => new BuildError(`output path '${filePath}' ${why}`, { file: filePath }, { code: "E_OUTPUT_PATH" });
  if (filePath.length === 0) throw bad("is empty");
  if (filePath.includes("\0")) throw bad("contains a NUL byte");
  if (filePath.includes("\\")) throw bad("contains a backslash");
  if (path.posix.isAbsolute(filePath)) throw bad("is absolute");
  const segments = filePath.split("/");
  if (segments.some((segment) => segment === "..")) throw bad("leaves the output folder ('..')");
  const normalised = path.posix.normalize(filePath);
  if (normalised.endsWith("/") || normalised === ".") throw bad("names a folder, not a file");
  return normalised;
}

/**
 * out → old, tmp → out, remove old. On the first build there is no out to move. If the second
 * rename fails the previous output is put back before the error is rethrown.
 */
async function swapIn(out: string, tmp: string, old: string): Promise<void> {
  await rm(old, { recursive: true, force: true });
  let hadPrevious = true;
  try {
    await rename(out, old);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
      await rm(tmp, { recursive: true, force: true });
      throw error;
    }
    hadPrevious = false;
  }
  try {
    await rename(tmp, out);
  } catch (error) {
    if (hadPrevious) await rename(old, out);
    await rm(tmp, { recursive: true, force: true });
    throw error;
  }
  if (hadPrevious) await rm(old, { recursive: true, force: true });
}
