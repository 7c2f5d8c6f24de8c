/**
 * How the output's files reach the disk: synchronously, each folder made once (on tmpfs and
 * local disks a synchronous write of a page measured about twice as fast as a window of 32
 * asynchronous ones: 20,000 files of 20 KB, 0.8–1.0 s against 1.3–2.5 s, docs/performance.md;
 * a page is small, and the thread pool's round trip costs more than the write), either
 *   - on a writer thread (createThreadedWriter): the build thread renders and encodes the pages
 *     and hands each file's bytes, in batches of transferred copies, to a small worker that
 *     makes the system calls (a folder per page, open, write, close: ~60 ms of partner 178's
 *     build thread) on the second core; the render waits for the disk only when more than
 *     BACKLOG_BYTES are on their way. For builds that render in the build thread.
 *   - or in the calling thread (createSyncWriter): when render workers keep both cores busy,
 *     one more thread only holds the bytes longer (10,000 films: no faster, ~40 MiB more RSS).
 */
import { buildSync } from "esbuild";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { WriterFile, WriterMessage, WriterWorkerData } from "./file-writer-worker.js";

/** Bytes handed over and not yet written before `write` callers should wait (`whenBelowBacklog`). */
const BACKLOG_BYTES = 32 * 1024 * 1024;
/** Files sent to the worker in one message. */
const BATCH_FILES = 16;

/**
 * The writer thread's module (file-writer-worker.ts): compiled next to this one in dist/
 * (scripts/compile.mjs), as the render worker is. Run from the TypeScript sources (tests, tsx),
 * there is no compiled file, and the module is bundled for the thread with esbuild (already the
 * client bundler), once per process: the code, not any build's data.
 */
function startWriterThread(workerData: WriterWorkerData): Worker {
  const compiled = fileURLToPath(new URL("./file-writer-worker.js", import.meta.url));
  if (existsSync(compiled)) return new Worker(compiled, { workerData });
  sourceWorker ??= buildSync({
    entryPoints: [fileURLToPath(new URL("./file-writer-worker.ts", import.meta.url))],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    write: false,
    logLevel: "silent",
  }).outputFiles[0].text;
  return new Worker(sourceWorker, { eval: true, workerData });
}
let sourceWorker: string | undefined;

export interface ThreadedWriterOptions {
  /** Write each file beside its place, then rename it there: a reader never sees half a file. */
  atomic?: boolean;
  /** Skip a file that cannot be written (a cache entry) instead of failing every later write. */
  lenient?: boolean;
}

export interface FileWriter {
  /** Queues one file; returns its size in bytes. Throws the worker's error once one happened. */
  write(relative: string, contents: string | Uint8Array): number;
  /** Resolves when the backlog is small enough to queue more (backpressure for the caller). */
  whenBelowBacklog(): Promise<void>;
  /** Resolves when every queued file is on disk (rejects with the first write error), and stops the worker. */
  finish(): Promise<void>;
  /** Stops the worker without waiting (after a failure elsewhere). */
  abort(): Promise<void>;
}

export function createThreadedWriter(root: string, options: ThreadedWriterOptions = {}): FileWriter {
  const worker = startWriterThread({ root, atomic: options.atomic ?? false, lenient: options.lenient ?? false });
  let batch: WriterFile[] = [];
  let transfer: ArrayBuffer[] = [];
  const progress: WriterProgress = { sent: 0, written: 0, backlog: 0, failure: null, waiters: [] };
  followWriterThread(worker, progress);

  const flush = () => {
    if (batch.length === 0) return;
    worker.postMessage(batch, transfer);
    batch = [];
    transfer = [];
  };

  return {
    write(relative, contents) {
      if (progress.failure) throw progress.failure;
      // Handed over in a buffer of its own (transferred, not cloned): the caller's bytes may
      // live on (a memo, a pooled Buffer), so they are copied, which costs a memcpy.
      const bytes = typeof contents === "string" ? encoder.encode(contents) : new Uint8Array(contents);
      const size = bytes.byteLength; // read before the buffer is transferred (then it reads 0)
      batch.push({ path: relative, bytes });
      transfer.push(bytes.buffer as ArrayBuffer);
      progress.sent += 1;
      progress.backlog += size;
      if (batch.length >= BATCH_FILES) flush();
      return size;
    },
    whenBelowBacklog() {
      flush();
      return settled(progress, () => progress.backlog <= BACKLOG_BYTES);
    },
    async finish() {
      flush();
      try {
        await settled(progress, () => progress.written === progress.sent);
      } finally {
        await worker.terminate();
      }
    },
    async abort() {
      await worker.terminate();
    },
  };
}

/** What the build thread knows of its writer thread: files sent and written, bytes queued, the first failure. */
interface WriterProgress {
  sent: number;
  written: number;
  /** Bytes sent but not yet written. */
  backlog: number;
  failure: Error | null;
  /** Callers waiting for the next word from the writer thread. */
  waiters: (() => void)[];
}

/** Keeps `progress` up to date from the writer thread's messages, errors and exit. */
function followWriterThread(worker: Worker, progress: WriterProgress): void {
  worker.on("message", (message: WriterMessage) => {
    if (message.error) {
      // The error as writeFileSync would have thrown it here (code, syscall, path): the CLI
      // names the path and exits 1 for a full disk or a folder without permission.
      const { message: text, ...fields } = message.error;
      progress.failure = Object.assign(new Error(text), fields);
    } else {
      progress.written += message.written ?? 0;
      progress.backlog -= message.bytes ?? 0;
    }
    wakeWaiters(progress);
  });
  worker.on("error", (error) => {
    progress.failure ??= error;
    wakeWaiters(progress);
  });
  worker.on("exit", () => {
    if (progress.written < progress.sent)
      progress.failure ??= new Error("internal: the writer thread stopped before writing every file");
    wakeWaiters(progress);
  });
}

function wakeWaiters(progress: WriterProgress): void {
  const current = progress.waiters;
  progress.waiters = [];
  current.forEach((resolve) => resolve());
}

/** Resolves once `done()` holds, rejects with the writer's first failure; checked again on every word from it. */
function settled(progress: WriterProgress, done: () => boolean): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const check = () => {
      if (progress.failure) reject(progress.failure);
      else if (done()) resolve();
      else progress.waiters.push(check);
    };
    check();
  });
}

/**
 * The same writes in the calling thread (no backlog: each file is on disk when `write`
 * returns), for builds whose render workers already keep every core busy.
 */
export function createSyncWriter(root: string): FileWriter {
  const directories = new Set<string>();
  return {
    write(relative, contents) {
      const target = path.join(root, relative);
      const bytes = typeof contents === "string" ? Buffer.from(contents) : contents;
      try {
        const dir = path.dirname(target);
        if (!directories.has(dir)) {
          mkdirSync(dir, { recursive: true });
          directories.add(dir);
        }
        writeFileSync(target, bytes);
      } catch (error) {
        (error as NodeJS.ErrnoException).path ??= target; // a failed write(2) names no file
        throw error;
      }
      return bytes.byteLength;
    },
    whenBelowBacklog: async () => undefined,
    finish: async () => undefined,
    abort: async () => undefined,
  };
}

const encoder = new TextEncoder();
