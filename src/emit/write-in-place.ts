/**
 * Dev only (`cinema-build dev`): replaces a few files of an existing output folder, each one
 * written beside its target and renamed over it, so the dev server never serves half a file.
 * Synchronous, each folder made once, as the build's own writers (file-writer.ts: faster than
 * asynchronous writes for small files). Deploy builds always go through writeOutputAtomically.
 */
import { mkdirSync, rmSync, rmdirSync } from "node:fs";
import path from "node:path";
import type { OutputFile } from "../model/output-file.js";
import { writeFileAtomicSync } from "../shared/atomic-write.js";

export async function writeFilesInPlace(outDir: string, files: OutputFile[]): Promise<void> {
  const out = path.resolve(outDir);
  const folders = new Set<string>();
  for (const file of files) {
    const target = inside(out, file.path);
    const folder = path.dirname(target);
    if (!folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      folders.add(folder);
    }
    writeFileAtomicSync(target, file.contents);
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
    const target = inside(out, file);
    rmSync(target, { force: true });
    for (let dir = path.dirname(target); dir.startsWith(out + path.sep); dir = path.dirname(dir)) folders.add(dir);
  }
  // Deepest first, so a folder is tried after its emptied subfolders.
  for (const dir of [...folders].sort((a, b) => b.length - a.length)) {
    try {
      rmdirSync(dir);
    } catch {
      // not empty: other files still live there
    }
  }
}

function inside(out: string, file: string): string {
  const target = path.join(out, file);
  if (!target.startsWith(out + path.sep)) throw new Error(`internal: ${file} is outside ${out}`);
  return target;
}
