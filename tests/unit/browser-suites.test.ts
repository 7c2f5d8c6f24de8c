/**
 * A browser suite cannot pass by skipping (tests/helpers/chromium.ts, README "Tests"): one e2e
 * file run by a nested vitest, with the browser's path pointed at nothing, fails with the one
 * line that names the fix; with CINEMA_SKIP_BROWSER_TESTS=1 it is reported as skipped, and says
 * why. The nested run uses an empty config, so it compiles and builds nothing (the file fails
 * or is skipped before its hooks would). A scan keeps conditional skips out of tests/.
 */
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { missingChromiumMessage, PATH_ENV, SKIP_ENV } from "../helpers/chromium.js";

const E2E_FILE = "tests/e2e/dev.e2e.test.ts";
const NO_BROWSER = "/nonexistent/cinema-test/chromium";

let dir: string;
let config: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "cb-browser-suites-"));
  config = path.join(dir, "vitest.config.mjs");
  await writeFile(config, "export default {};\n");
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Runs the one e2e file in a nested vitest with the given environment; never throws. */
async function runE2e(env: Record<string, string>): Promise<{ code: number; output: string }> {
  const vitest = path.resolve("node_modules/vitest/vitest.mjs");
  const base: NodeJS.ProcessEnv = { ...process.env, [PATH_ENV]: NO_BROWSER, NO_COLOR: "1", FORCE_COLOR: "0" };
  delete base[SKIP_ENV];
  delete base.VITEST;
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [vitest, "run", "--reporter=verbose", "--config", config, "--root", process.cwd(), E2E_FILE],
      { env: { ...base, ...env } },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

// Each case is a separate vitest process of several seconds: they run side by side.
describe.concurrent("a browser suite without its browser", () => {
  it("fails with one line that names the fix", async () => {
    const { code, output } = await runE2e({});
    expect(code, output).toBe(1);
    expect(output).toContain(missingChromiumMessage(NO_BROWSER));
    expect(missingChromiumMessage(NO_BROWSER)).toBe(
      `Chromium not found at ${NO_BROWSER}: apt-get install chromium-headless-shell (or chromium), or set CINEMA_SKIP_BROWSER_TESTS=1 to skip the browser suites`,
    );
    expect(output).not.toMatch(/\bskipped\b/);
  });

  it("is reported as skipped, with the reason, when the run opts out", async () => {
    const { code, output } = await runE2e({ [SKIP_ENV]: "1" });
    expect(code, output).toBe(0);
    expect(output).toMatch(/Test Files\s+1 skipped/);
    expect(output).toContain("cinema-build dev in the browser (skipped: CINEMA_SKIP_BROWSER_TESTS=1)");
    expect(output).not.toContain("Chromium not found");
  });
});

/** Every test source under tests/ but the helper that owns the browser. */
function testSources(dir = "tests"): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "fixtures" ? [] : testSources(full);
    return /\.tsx?$/.test(entry.name) && full !== path.join("tests", "helpers", "chromium.ts") ? [full] : [];
  });
}

/** A conditional skip, or a guard on the browser's presence (describeBrowser owns that). */
const SILENT_SKIP = /\.(?:skipIf|runIf)\(|existsSync\(CHROMIUM\)/;

describe("no browser suite skips itself", () => {
  it("no test under tests/ skips on a condition or checks for Chromium itself", () => {
    const self = path.join("tests", "unit", "browser-suites.test.ts");
    const found = testSources()
      .filter((file) => file !== self)
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .flatMap((line, i) => (SILENT_SKIP.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(found).toEqual([]);
  });

  it("the scan sees the old guard", () => {
    expect(SILENT_SKIP.test('describe.skipIf(!existsSync(CHROMIUM))("search in chromium", () => {')).toBe(true);
    expect(
      SILENT_SKIP.test(
        "  if (existsSync(CHROMIUM)) browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });",
      ),
    ).toBe(true);
    expect(SILENT_SKIP.test('describeBrowser("search in chromium", () => {')).toBe(false);
    expect(SILENT_SKIP.test("  browser = await launchChromium();")).toBe(false);
  });
});
