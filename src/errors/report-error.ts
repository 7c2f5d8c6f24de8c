import { BuildError, BuildErrors } from "./index.js";

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
  const system = systemErrorMessage(error);
  if (system) {
    stderr.write(`cinema-build: ${system}\n`);
    return 1;
  }
  const err = error as Error;
  stderr.write(`cinema-build: internal error (a bug in cinema-build): ${err?.stack ?? String(error)}\n`);
  return 70;
}

/**
 * The file-system and network errors an operator can cause or fix (a full disk, a folder
 * without write permission, a busy port): one line naming the path, exit 1. Data that would
 * make such an error (a 300-character slug, a page at /_headers) is caught earlier with its
 * page and field (src/emit/site-path.ts); this is the net under it.
 */
const OPERATOR_ERRNO: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  ENOSPC: "no space left on the device",
  EDQUOT: "disk quota exceeded",
  EROFS: "read-only file system",
  EMFILE: "too many open files",
  ENAMETOOLONG: "file name too long",
  EADDRINUSE: "address in use",
  EEXIST: "already exists",
  EISDIR: "is a folder",
  ENOTDIR: "a parent is not a folder",
  ENOENT: "no such file or folder",
};

function systemErrorMessage(error: unknown): string | null {
  const e = error as NodeJS.ErrnoException | null;
  if (!e || typeof e.code !== "string" || typeof e.syscall !== "string" || !(e.code in OPERATOR_ERRNO)) return null;
  const where = e.path ? ` ${e.path}` : "";
  return `cannot ${e.syscall}${where}: ${OPERATOR_ERRNO[e.code]} (${e.code})`;
}
