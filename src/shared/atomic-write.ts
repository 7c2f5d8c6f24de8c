/**
 * "Write beside the target, then rename it there" (rename(2) replaces a file in one step, so a
 * reader never sees half of it), the one way cinema-build replaces a single file: the build
 * cache's entries, the tool's disk memos, the deploy manifest's copy, the snapshot's files and
 * the dev session's in-place writes.
 *
 * Our own function rather than write-file-atomic: the temporary file's name carries the
 * process id (`<target>.<pid>.tmp`; `<target>.<pid>.<thread id>.tmp` on a worker thread, which
 * shares the pid and may write beside the build thread), because the clean-ups that collect
 * what a killed run left (docs/security.md "Output safety": `removeOwnTemporaryEntries`, the
 * deploy manifest's copy) tell a dead run's files from a live one's by that id, and a SIGINT or
 * SIGTERM is handled by src/emit/interrupt.ts, which must stay the only signal handler
 * (write-file-atomic names its files by a hash and installs signal-exit's handlers).
 */
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { rename, rm, writeFile } from "node:fs/promises";
import { threadId } from "node:worker_threads";

/** Where `target` is written before it is renamed into place. */
export function temporaryPathOf(target: string): string {
  return threadId === 0 ? `${target}.${process.pid}.tmp` : `${target}.${process.pid}.${threadId}.tmp`;
}

/** Replaces `target` with `bytes` in one rename; on failure no temporary file is left and the error is thrown. */
export function writeFileAtomicSync(target: string, bytes: string | Uint8Array): void {
  const tmp = temporaryPathOf(target);
  try {
    writeFileSync(tmp, bytes);
    renameSync(tmp, target);
  } catch (error) {
    removeTemporary(() => rmSync(tmp, { force: true }));
    throw error;
  }
}

/** writeFileAtomicSync without blocking the thread. */
export async function writeFileAtomic(target: string, bytes: string | Uint8Array): Promise<void> {
  const tmp = temporaryPathOf(target);
  try {
    await writeFile(tmp, bytes);
    await rename(tmp, target);
  } catch (error) {
    await rm(tmp, { force: true }).catch(() => undefined); // as removeTemporary
    throw error;
  }
}

/** A folder in the temporary file's place is not ours: rm without recursive leaves it, and the write's own error is the one to report. */
function removeTemporary(remove: () => void): void {
  try {
    remove();
  } catch {
    // not a file of ours
  }
}
