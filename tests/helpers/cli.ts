/**
 * Runs the compiled CLI (bin/cinema-build.js over dist/) like a user does; resolves with the exit
 * code instead of throwing. Only for the integration project, whose global setup compiles dist/
 * first (tests/setup/shared-builds.ts); tests/unit/build-free.test.ts keeps it out of the unit one.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["bin/cinema-build.js", ...args], {
      env: { ...process.env, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as CliRun;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
