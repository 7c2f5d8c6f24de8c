/**
 * Compiles src/ into dist/ once before the suite, so the CLI tests (which run
 * bin/cinema-build.js like a user does) never run a stale build of the sources.
 */
import { execFileSync } from "node:child_process";

export default function setup(): void {
  execFileSync(process.execPath, ["scripts/compile.mjs"], { stdio: "inherit" });
}
