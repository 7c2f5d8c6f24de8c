/**
 * The order files start in (vitest.config.ts, `sequence.sequencer`). Vitest starts the files
 * whose times it has recorded longest first, but a fresh clone (CI) has no record, and then
 * the longest file, the host runtimes', could start halfway through and leave one worker alone
 * at the end. These files, the longest in the run of 2026-11-27 (docs/performance.md "What the
 * test suite spends"), start first in this order; Vitest's own order holds for the rest and
 * between projects.
 */
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

export const LONGEST = [
  "tests/e2e/hosts.e2e.test.ts",
  "tests/e2e/client.e2e.test.ts",
  "tests/e2e/site.e2e.test.ts",
  "tests/e2e/live-programme.e2e.test.ts",
  "tests/integration/output-safety.test.ts",
  "tests/e2e/member.e2e.test.ts",
  "tests/integration/build-session.test.ts",
  "tests/e2e/widths.e2e.test.ts",
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONGEST.indexOf(path.relative(file.project.config.root, file.moduleId).split(path.sep).join("/"));
      return index === -1 ? LONGEST.length : index;
    };
    // Projects keep Vitest's order (each starts where its first file stood); within one, the
    // listed files come first, and the rest keep Vitest's order.
    const position = new Map(sorted.map((file, index) => [file, index]));
    const projectStart = new Map<string, number>();
    sorted.forEach((file, index) => projectStart.has(file.project.name) || projectStart.set(file.project.name, index));
    const key = (file: TestSpecification) => [projectStart.get(file.project.name)!, rank(file), position.get(file)!];
    return sorted.sort((a, b) => {
      const [ka, kb] = [key(a), key(b)];
      return ka[0] - kb[0] || ka[1] - kb[1] || ka[2] - kb[2];
    });
  }
}
