/**
 * The unit project is build-free (vitest.config.ts, README "Tests and measurements"): no unit
 * test, nor a tests/helpers or tests/fixtures module one imports, may run bin/ or read dist/.
 * With no dist/ such a test fails; with a stale one it silently tests old code. Commands that
 * need the compiled CLI belong in tests/integration, whose global setup compiles dist/ first.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** A string literal that starts with bin/ or dist/ (or is one of them), or the compile script. */
const BUILD_OUTPUT = /["'`](?:\.{1,2}\/)*(?:bin|dist)(?:\/|["'`])|compile\.mjs/;
const IMPORT = /from\s+["'](\.\.\/(?:helpers|fixtures)\/[^"']+)["']/g;

/** Lines of the source that name build output, as 'file:line: text'. */
export function buildOutputUses(file: string, source: string): string[] {
  return source.split("\n").flatMap((line, i) => (BUILD_OUTPUT.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

function unitFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return unitFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The unit test files and the helper and fixture modules they import directly. */
function filesToScan(): string[] {
  const tests = unitFiles("tests/unit").filter((file) => path.basename(file) !== "build-free.test.ts");
  const imported = tests.flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(IMPORT)].map((m) =>
      path.join(path.dirname(file), m[1].replace(/\.js$/, ".ts")),
    ),
  );
  return [...new Set([...tests, ...imported])].sort();
}

describe("the unit project needs no build", () => {
  it("no unit test or module it imports runs bin/ or reads dist/", () => {
    const files = filesToScan();
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((file) => buildOutputUses(file, readFileSync(file, "utf8")))).toEqual([]);
  });

  it("the scan finds a spawn of the CLI and a read of dist/", () => {
    expect(buildOutputUses("x.test.ts", 'await run(process.execPath, ["bin/cinema-build.js", "lint"]);')).toHaveLength(
      1,
    );
    expect(buildOutputUses("x.test.ts", 'const { build } = await import("../../dist/index.js");')).toHaveLength(1);
    expect(
      buildOutputUses("x.test.ts", 'spawn(process.execPath, [path.join("bin", "cinema-build.js")]);'),
    ).toHaveLength(1);
    expect(buildOutputUses("x.test.ts", 'execFileSync(process.execPath, ["scripts/compile.mjs"]);')).toHaveLength(1);
    expect(buildOutputUses("x.test.ts", 'import { build } from "../../src/build.js"; // not dist/')).toEqual([]);
  });
});
