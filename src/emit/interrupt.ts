/**
 * A clean stop on Ctrl-C and `kill` (docs/security.md, "Output safety"): SIGINT or SIGTERM while a build
 * renders or writes removes what this run made and nothing else (the unfinished build folder,
 * its cache entries' temporary files), then exits 130 / 143 as a shell reports a process
 * stopped by that signal. The previous output is never touched: it is replaced only by the
 * final rename (write-output.ts). A kill -9 cannot be caught; its leftovers are named with the
 * dead process's id and collected by the next run.
 *
 * The code that makes something registers how to undo it (onInterrupt) for as long as the
 * thing is unfinished; the command that runs a build installs the handlers (exitOnSignals).
 */
type Cleanup = () => Promise<void> | void;

const cleanups = new Set<Cleanup>();
let stopping = false;

/** Exit codes of a process stopped by a signal: 128 + its number. */
export const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;

/** A cleanup stuck this long (a thread that does not stop) no longer holds up the exit. */
const CLEANUP_LIMIT_MS = 10_000;

/** Registers `cleanup` to run on SIGINT/SIGTERM; returns the function that unregisters it. */
export function onInterrupt(cleanup: Cleanup): () => void {
  cleanups.add(cleanup);
  return () => void cleanups.delete(cleanup);
}

/**
 * Until the returned function is called, SIGINT and SIGTERM run every registered cleanup
 * (newest first, each on its own: one failing does not stop the others) and exit 130 / 143.
 * A second signal while they run exits at once.
 */
export function exitOnSignals(): () => void {
  const handler = (signal: keyof typeof SIGNAL_EXIT_CODES) => {
    if (stopping) process.exit(SIGNAL_EXIT_CODES[signal]);
    stopping = true;
    const limit = new Promise<void>((resolve) => setTimeout(resolve, CLEANUP_LIMIT_MS).unref());
    void Promise.race([runCleanups(), limit]).finally(() => process.exit(SIGNAL_EXIT_CODES[signal]));
  };
  process.on("SIGINT", handler);
  process.on("SIGTERM", handler);
  return () => {
    process.off("SIGINT", handler);
    process.off("SIGTERM", handler);
  };
}

/** A signal arrived: the cleanups run, and the process exits when they are done. */
export function interrupted(): boolean {
  return stopping;
}

/**
 * Where work stops once interrupted: never settles, so nothing after it runs (no swap, no
 * error report) while the cleanups run and the process exits.
 */
export function untilExit(): Promise<never> {
  return new Promise<never>(() => undefined);
}

/** Lets a pending signal's handler run (a render in this thread would otherwise hold it off to the end). */
export function yieldToSignals(): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve));
}

async function runCleanups(): Promise<void> {
  for (const cleanup of [...cleanups].reverse()) {
    try {
      await cleanup();
    } catch {
      // the others still run; what is left is collected by the next run (named by this pid)
    }
  }
}
