/**
 * Dev only (`cinema-build dev`): replaces a few files of an existing output folder, each one
 * written beside its target and renamed over it, so the dev server never serves half a file.
 * Deploy builds always go through writeOutputAtomically.
 */
import { mkdir, rename, writeFile } from "node:fs/promises";
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
