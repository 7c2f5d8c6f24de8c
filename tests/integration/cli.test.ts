import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);

/** Runs the compiled CLI like a user does; resolves with the exit code instead of throwing. */
export async function cli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["bin/cinema-build.js", ...args], {
      env: { ...process.env, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

// These tests run bin/cinema-build.js like a user does: tests/setup/shared-builds.ts compiled
// src/ into dist/ at the start of the run, so they never run a stale build of the sources.

describe("the cinema-build command", () => {
  it("prints help for the program and the build command", async () => {
    const top = await cli(["--help"]);
    expect(top.code).toBe(0);
    expect(top.stdout).toMatch(/build \[options\]/);
    const build = await cli(["build", "--help"]);
    expect(build.code).toBe(0);
    expect(build.stdout).toContain("--partners-dir <dir>");
    expect(build.stdout).toContain("--out <dir>");
  });

  it("api-server --help lists the fault forms and the / listing (docs/data-format.md, One base URL and the local API server)", async () => {
    const help = await cli(["api-server", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("--fault <fault>");
    for (const form of [
      "401-once",
      "slow=3000",
      "429[=seconds]",
      "revoke-tokens=N",
      "cut-body",
      "wrong-type=path[:json]",
      "GET / on the server lists its endpoints",
    ])
      expect(help.stdout).toContain(form);
    const bad = await cli(["api-server", "--partner", "178", "--fault", "sloww=1"]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain("unknown fault 'sloww=1'");
  });

  it("fails with one line naming the known partners for an unknown partner", async () => {
    const result = await cli(["--partner", "179"]);
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      "cinema-build: partner 179: unknown partner 179; known partners in partners: 118, 178 (did you mean '178'?)",
    );
  });

  it("rejects a malformed partner id before doing any work", async () => {
    const result = await cli(["build", "--partner", "abc"]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("expected a numeric partner id");
  });

  it("fails for a missing partners folder, naming it", async () => {
    const result = await cli(["--partner", "178", "--partners-dir", "/nonexistent/partners"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("'/nonexistent/partners'");
  });

  it("refuses to preview without a site, as a user error with a way out", async () => {
    const none = await cli(["preview"]);
    expect(none.code).toBe(1);
    expect(none.stderr.trim()).toBe(
      "cinema-build: preview needs --partner <id> or --out <dir> (e.g. cinema-build preview --partner 178)",
    );
    const unbuilt = await cli(["preview", "--partner", "999"]);
    expect(unbuilt.code).toBe(1);
    expect(unbuilt.stderr.trim()).toBe(
      "cinema-build: partner 999: no built site in output/999 (run 'cinema-build --partner 999' first)",
    );
  });
});
