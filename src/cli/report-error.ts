import { BuildError, BuildErrors } from "../errors/index.js";

/**
 * Prints a failure and returns the exit code. User mistakes (bad data, bad flags, failed
 * fetches) are shown without a stack; anything else is a bug in cinema-build and is shown
 * with its stack so it can be reported.
 */
export function reportError(error: unknown, stderr: NodeJS.WritableStream = process.stderr): number {
  if (error instanceof BuildErrors) {
    stderr.write(`cinema-build: ${error.format()}\n`);
    // A template or binder bug hit while rendering a route is collected with the route's
    // location; it is still a bug, so show its stack and exit as an internal error.
    const internal = error.errors.find((e) => e.code === "E_INTERNAL");
    if (internal) {
      stderr.write(`internal error (a bug in cinema-build): ${(internal.cause as Error)?.stack ?? internal.message}\n`);
      return 70;
    }
    return 1;
  }
  if (error instanceof BuildError) {
    stderr.write(`cinema-build: ${error.format()}\n`);
    return 1;
  }
  const err = error as Error;
  stderr.write(`cinema-build: internal error (a bug in cinema-build): ${err?.stack ?? String(error)}\n`);
  return 70;
}
