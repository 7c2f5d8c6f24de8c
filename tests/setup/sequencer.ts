/**
 * The order files start in (vitest.config.ts): Vitest's own, with the host runtimes' file first.
 * Vitest starts the files that failed last time, then the longest by its record of earlier runs,
 * and on a run without that record (a fresh clone, as in CI) the largest. The host runtimes'
 * file is the longest and a small one, so a fresh clone started it among the last, and the run
 * ended with it alone. Much of its time is waiting (runtimes starting, the offline checks),
 * which the other worker's files fill when it starts first (docs/performance.md "What the test
 * suite spends").
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

const FIRST = ["tests/e2e/hosts.e2e.test.ts"];

export default class HostsFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (file: TestSpecification) => FIRST.some((name) => file.moduleId.endsWith(name));
    return [...sorted.filter(first), ...sorted.filter((file) => !first(file))];
  }
}
