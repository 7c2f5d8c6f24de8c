/**
 * Exit codes as the README and docs/security.md ("Exit codes") say: 0 success, 1 for every user or data error
 * (flags and commands included, with "did you mean"), 70 only for a bug. Runs the compiled CLI.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["bin/cinema-build.js", ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("exit codes", () => {
  it("--version prints the package version and exits 0", async () => {
    const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
    for (const flag of ["--version", "-V"])
      expect(await cli([flag])).toMatchObject({ code: 0, stdout: `${version}\n` });
  });

  it("a mistyped option or command exits 1 with a suggestion", async () => {
    const option = await cli(["--partner", "178", "--outt", "x"]);
    expect(option.code).toBe(1);
    expect(option.stderr).toContain("error: unknown option '--outt'\n(Did you mean --out?)");
    const command = await cli(["biuld", "--partner", "178"]);
    expect(command.code).toBe(1);
    expect(command.stderr).toContain("error: unknown command 'biuld'\n(Did you mean build?)");
    const lintOption = await cli(["lint", "--partner", "178", "--fromat", "json"]);
    expect(lintOption.code).toBe(1);
    expect(lintOption.stderr).toContain("(Did you mean --format?)");
  });

  it("a bad flag value or a missing required flag exits 1 (commander's own code was 2)", async () => {
    for (const args of [
      ["--partner", "178", "--now", "i morgen"],
      ["--partner", "abc"],
      ["--out", "x"],
      ["preview", "--port", "99999"],
      ["--partner", "178", "--min-share", "2"],
    ]) {
      const result = await cli(args);
      expect(result.code, args.join(" ")).toBe(1);
      expect(result.stderr, args.join(" ")).toMatch(/^error: /);
    }
  });

  it("preview on a busy port exits 1 with one located line", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as { port: number }).port;
    const dir = await mkdtemp(path.join(tmpdir(), "cb-busy-"));
    try {
      const built = await cli([
        "--partner",
        "4242",
        "--partners-dir",
        "tests/fixtures/partners",
        "--out",
        path.join(dir, "site"),
      ]);
      expect(built.code).toBe(0);
      const result = await cli(["preview", "--out", path.join(dir, "site"), "--port", String(port)]);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `cinema-build: cannot listen on 127.0.0.1:${port}: the port is in use (pass --port with another number, or --port 0 for any free port)\n`,
      );
    } finally {
      blocker.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
