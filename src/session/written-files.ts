/**
 * What the dev session last wrote into the served folder: a hash of every file's bytes (not
 * the bytes: a site of 10,000 films would hold a gigabyte), so a rebuild writes only the files
 * whose bytes changed and deletes the files it no longer makes.
 */
import { createHash } from "node:crypto";
import { removeFilesInPlace, writeFilesInPlace, type OutputFile } from "../emit/index.js";

export interface WrittenFiles {
  /** Forgets everything (a full pass wrote a new folder); record() then sees each file. */
  reset(): void;
  record(file: OutputFile): void;
  /**
   * Writes the files of `files` whose bytes changed and deletes every known file that is not
   * in `expected` (the paths of this rebuild's files, written now or earlier).
   */
  update(files: OutputFile[], expected: ReadonlySet<string>): Promise<{ written: string[]; removed: string[] }>;
}

export function createWrittenFiles(out: string): WrittenFiles {
  let hashes = new Map<string, string>();
  // Files kept from one rebuild to the next (media, search index, bundles, unchanged site
  // files) are the same objects: their bytes are hashed once.
  const known = new WeakMap<OutputFile, string>();
  const hashOfFile = (file: OutputFile): string => {
    let hash = known.get(file);
    if (hash === undefined) known.set(file, (hash = hashOf(file.contents)));
    return hash;
  };
  return {
    reset() {
      hashes = new Map();
    },
    record(file) {
      hashes.set(file.path, hashOfFile(file));
    },
    async update(files, expected) {
      const changed = files.filter((file) => hashes.get(file.path) !== hashOfFile(file));
      const removed = [...hashes.keys()].filter((file) => !expected.has(file));
      await writeFilesInPlace(out, changed);
      await removeFilesInPlace(out, removed);
      for (const file of changed) hashes.set(file.path, hashOfFile(file));
      for (const file of removed) hashes.delete(file);
      return { written: changed.map((file) => file.path).sort(), removed: removed.sort() };
    },
  };
}

function hashOf(contents: string | Uint8Array): string {
  return createHash("sha1").update(contents).digest("base64");
}
