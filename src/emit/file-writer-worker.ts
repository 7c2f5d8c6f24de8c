/**
 * The writer thread of createThreadedWriter (file-writer.ts), compiled to
 * dist/file-writer-worker.js (scripts/compile.mjs). It writes each batch of files the build
 * thread hands over, synchronously, each folder made once. `atomic` writes each file beside
 * its place and renames it there (src/shared/atomic-write.ts); `lenient` skips a file that cannot
 * be written instead of stopping (a cache, whose entries are optional). The first failure is
 * posted back as the system reported it, and every later batch is ignored.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { writeFileAtomicSync } from "../shared/atomic-write.js";

/** What the writer thread is started with. */
export interface WriterWorkerData {
  root: string;
  atomic: boolean;
  lenient: boolean;
}

/** One file of a batch: its path under `root` and its bytes (transferred). */
export interface WriterFile {
  path: string;
  bytes: Uint8Array;
}

/** The writer thread's answer to a batch. */
export interface WriterMessage {
  written?: number;
  bytes?: number;
  error?: SystemError;
}

/** A system error's fields, as writeFileSync would have thrown it in the build thread. */
export interface SystemError {
  message: string;
  code?: string;
  syscall?: string;
  path?: string;
  errno?: number;
}

const { root, atomic, lenient } = workerData as WriterWorkerData;
const port = parentPort!;
const directories = new Set<string>();
let failed = false;

port.on("message", (batch: WriterFile[]) => {
  if (failed) return;
  for (const file of batch) {
    const target = path.join(root, file.path);
    try {
      const dir = path.dirname(target);
      if (!directories.has(dir)) {
        mkdirSync(dir, { recursive: true });
        directories.add(dir);
      }
      if (atomic) writeFileAtomicSync(target, file.bytes);
      else writeFileSync(target, file.bytes);
    } catch (error) {
      if (lenient) continue;
      failed = true;
      const { message, code, syscall, path: failedPath, errno } = error as NodeJS.ErrnoException;
      port.postMessage({
        error: { message, code, syscall, path: failedPath ?? target, errno },
      } satisfies WriterMessage);
      return;
    }
  }
  port.postMessage({
    written: batch.length,
    bytes: batch.reduce((sum, file) => sum + file.bytes.byteLength, 0),
  } satisfies WriterMessage);
});
