import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { temporaryPathOf } from "../shared/atomic-write.js";
import type { SnapshotContent } from "./fetch-partner-data.js";
import { SNAPSHOT_DATA_FILES, SNAPSHOT_META_FILE } from "./snapshot-files.js";

/** Snapshot files in the order they are written; meta.json last, so it marks a complete set. */
const FILES = { ...SNAPSHOT_DATA_FILES, meta: SNAPSHOT_META_FILE };

/** The names of the files writeSnapshot writes, in order. */
export const SNAPSHOT_FILE_NAMES = Object.values(FILES).map(({ file }) => file);

/**
 * Writes a snapshot folder (docs/data-format.md) in the generator's bytes:
 * `JSON.stringify(value, null, 2)` plus a newline. Pass the answers as received
 * (`fetchPartnerResponses(...).received`) to keep the APIs' key order; a RawPartnerData works
 * too. Every file goes to a temporary name first and is renamed once all are written, so a
 * failure leaves the previous snapshot whole, and no temporary file behind: one cut short by
 * a full disk included. A failed write(2) names no file, so the
 * error is given the snapshot file it was writing (the CLI prints it: src/errors/report-error.ts).
 */
export async function writeSnapshot(dir: string, content: SnapshotContent): Promise<void> {
  await mkdir(dir, { recursive: true });
  const meta = { ...content.meta, source: "api" };
  const staged: [string, string][] = [];
  try {
    for (const [key, { file }] of Object.entries(FILES)) {
      const target = path.join(dir, file);
      const temp = temporaryPathOf(target);
      // Staged before the write: a write that fails half way has made the file already.
      staged.push([temp, target]);
      await writeFile(
        temp,
        `${JSON.stringify(key === "meta" ? meta : content[key as keyof SnapshotContent], null, 2)}\n`,
      ).catch(withPath(target));
    }
    for (const [temp, target] of staged) await rename(temp, target);
  } catch (error) {
    // A folder in a temporary file's place is not ours: rm without recursive leaves it.
    await Promise.all(staged.map(([temp]) => rm(temp, { force: true }).catch(() => undefined)));
    throw error;
  }
}

/** Gives a file-system error the path it happened on when the system call did not (write(2) on a full disk). */
function withPath(file: string) {
  return (error: unknown): never => {
    const failure = error as NodeJS.ErrnoException;
    if (failure && typeof failure === "object" && failure.code && !failure.path) failure.path = file;
    throw error;
  };
}
