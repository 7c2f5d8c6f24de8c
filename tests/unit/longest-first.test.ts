import { describe, expect, it } from "vitest";
import type { TestSpecification, Vitest } from "vitest/node";
import LongestFirst, { LONGEST } from "../setup/longest-first.js";

const ROOT = "/repo";

function spec(project: string, groupOrder: number, file: string): TestSpecification {
  return {
    project: { name: project, config: { root: ROOT, sequence: { groupOrder }, isolate: project === "unit" } },
    moduleId: `${ROOT}/${file}`,
  } as unknown as TestSpecification;
}

/** A run with no record of earlier runs, as on a fresh clone: Vitest keeps the given order. */
const freshRun = {
  config: { root: ROOT },
  cache: { getFileTestResults: () => undefined, getFileStats: () => undefined },
} as unknown as Vitest;

describe("the order test files start in", () => {
  it("starts the longest integration files first on a fresh clone, and keeps the projects' order", async () => {
    const files = [
      spec("integration", 1, "tests/integration/api-lint.test.ts"),
      spec("integration", 1, LONGEST[1]),
      spec("unit", 0, "tests/unit/lint.test.ts"),
      spec("own-process", 2, "tests/integration/sw-temp-files.test.ts"),
      spec("integration", 1, "tests/integration/cli.test.ts"),
      spec("integration", 1, LONGEST[0]),
    ];
    const order = (await new LongestFirst(freshRun).sort(files)).map((file) => file.moduleId.slice(ROOT.length + 1));
    expect(order).toEqual([
      "tests/unit/lint.test.ts",
      LONGEST[0],
      LONGEST[1],
      "tests/integration/api-lint.test.ts",
      "tests/integration/cli.test.ts",
      "tests/integration/sw-temp-files.test.ts",
    ]);
  });
});
