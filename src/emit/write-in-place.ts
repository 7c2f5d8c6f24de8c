/**
 * Dev only (`cinema-build dev`): replaces a few files of an existing output folder, each one
 * written beside its target and renamed over it, so the dev server never serves half a file.
 * Deploy builds always go through writeOutputAtomically.
 */
import { mkdir, rename, rm, rmdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { OutputFile } from "./output-file.js";

export async function writeFilesInPlace(outDir: string, files: OutputFile[]): Promise<void> {
  const out = path.resolve(outDir);
  for (const file of files) {
    const target = path.join(out, file.path);
    if (!target.startsWith(out + path.sep)) throw new Error(`internal: ${file.path} is outside ${out}`);
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.tmp-${process.pid}`;
    await writeFile(tmp, file.contents);
    await rename(tmp, target);
  }
}

/**
 * Dev only: removes files a rebuild no longer makes (a removed page, an old search index),
 * then their folders if that left them empty, as a clean build would not have them.
 */
export async function removeFilesInPlace(outDir: string, paths: string[]): Promise<void> {
  const out = path.resolve(outDir);
  const folders = new Set<string>();
  for (const file of paths) {
    const target = path.join(out, file);
    if (!target.startsWith(out + path.sep)) throw new Error(`internal: ${file} is outside ${out}`);
    await rm(target, { force: true });
    for (let dir = path.dirname(target); dir.startsWith(out + path.sep); dir = path.dirname(dir)) folders.add(dir);
  }
  // Deepest first, so a folder is tried after its emptied subfolders.
  for (const dir of [...folders].sort((a, b) => b.length - a.length)) await rmdir(dir).catch(() => undefined);
}
