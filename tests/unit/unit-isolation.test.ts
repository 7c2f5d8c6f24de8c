/**
 * The unit files share their worker's imports (vitest.config.ts, `isolate: false`), so a file
 * that replaces a module with vi.mock would leave it replaced, or find it already imported, for
 * the next file in that worker. Such files belong in MOCKING_UNITS, which run a process each;
 * this fails when one is added without it.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MOCKING_UNITS } from "../../vitest.config.js";

const MOCKS_A_MODULE = /\bvi\.(?:mock|doMock|unmock|doUnmock)\(/;

async function unitFiles(dir = path.join("tests", "unit")): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return unitFiles(full);
      return /\.test\.tsx?$/.test(entry.name) ? [full.split(path.sep).join("/")] : [];
    }),
  );
  return nested.flat();
}

describe("the unit files that mock a module", () => {
  it("are exactly the ones that run in a process of their own", async () => {
    const mocking: string[] = [];
    for (const file of await unitFiles())
      if (file !== "tests/unit/unit-isolation.test.ts" && MOCKS_A_MODULE.test(await readFile(file, "utf8")))
        mocking.push(file);
    expect(mocking.sort()).toEqual([...MOCKING_UNITS].sort());
  });

  it("are found by the pattern", () => {
    expect(MOCKS_A_MODULE.test('vi.mock("node:v8", () => ({}));')).toBe(true);
    expect(MOCKS_A_MODULE.test("vi.doMock('../x.js')")).toBe(true);
    expect(MOCKS_A_MODULE.test('vi.stubGlobal("fetch", f)')).toBe(false);
  });
});
