/** `npm run audit`'s flags (scripts/audit-options.ts): usage on --help, one line and exit 1 on a bad flag. */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { AUDIT_USAGE, AuditUsageError, parseAuditArgs, PAGE_TYPES } from "../../scripts/audit-options.js";

/** Runs scripts/audit.ts as `npm run audit --` does (tsx); resolves with the exit code. */
async function audit(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [
      "--import",
      "tsx",
      "scripts/audit.ts",
      ...args,
    ]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("parseAuditArgs", () => {
  it("gives the defaults: every page type, 3 runs, any port", () => {
    expect(parseAuditArgs([])).toEqual({
      help: false,
      options: {
        out: "/dev/shm/cinema-audit",
        port: 0,
        keep: false,
        reports: undefined,
        pages: [...PAGE_TYPES],
        runs: 3,
      },
    });
  });

  it("reads every flag", () => {
    const parsed = parseAuditArgs([
      "--out",
      "/tmp/a",
      "--port",
      "8123",
      "--keep",
      "--reports",
      "/tmp/r",
      "--pages",
      "front,film",
      "--runs",
      "5",
    ]);
    expect(parsed).toEqual({
      help: false,
      options: { out: "/tmp/a", port: 8123, keep: true, reports: "/tmp/r", pages: ["front", "film"], runs: 5 },
    });
    expect(parseAuditArgs(["-h"])).toEqual({ help: true });
  });

  it.each([
    [["--bogus"], "Unknown option '--bogus'"],
    [["--runs", "0"], "--runs must be a whole number of at least 1, got '0'"],
    [["--runs", "2.5"], "--runs must be a whole number of at least 1, got '2.5'"],
    [["--port", "http"], "--port must be a whole number of at least 0, got 'http'"],
    [["--pages", "front,home"], "--pages takes front, programme, film, article, got 'front,home'"],
    [["--runs"], "Option '--runs <value>' argument missing"],
    [["front"], "Unexpected argument 'front'"],
  ])("%j is one line that says what is wrong", (args, message) => {
    expect(() => parseAuditArgs(args)).toThrow(new AuditUsageError(message));
  });
});

describe("scripts/audit.ts", () => {
  it("prints its usage and exits 0 on --help, before loading Lighthouse or building", async () => {
    const run = await audit(["--help"]);
    expect(run).toEqual({ code: 0, stdout: AUDIT_USAGE, stderr: "" });
    expect(AUDIT_USAGE).toContain("--pages <list>");
  });

  it("exits 1 with one line on a bad flag", async () => {
    const run = await audit(["--bogus"]);
    expect(run).toEqual({ code: 1, stdout: "", stderr: "audit: Unknown option '--bogus' (npm run audit -- --help)\n" });
  });
});
