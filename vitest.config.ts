import { configDefaults, defineConfig } from "vitest/config";
import HostsFirstSequencer from "./tests/setup/sequencer.js";

/**
 * The tests render with the React the product renders with: bin/cinema-build.js sets NODE_ENV to
 * "production", and dist/ is compiled with the production JSX runtime. Vitest's default, "test",
 * loads React's development builds (react-dom/server and jsxDEV, which records a stack for every
 * element): on 2026-11-27 they were 142 of the 633 CPU-s the test workers spent. Set here, before
 * Vite reads it, for the main process (the global setup's builds) and the workers alike.
 */
process.env.NODE_ENV = "production";

/** Unit files that run a bundler (workbox's rollup and terser, with its memo off): about 30 s under load, so not 'fast'. */
const SLOW_UNITS = ["tests/unit/service-worker.test.ts"];
/**
 * Files that set the environment before they import the sources (the temp folder, the disk memo
 * off): each runs in a fresh process of its own.
 */
const OWN_PROCESS = [...SLOW_UNITS, "tests/integration/sw-temp-files.test.ts"];
/**
 * Unit files that replace a Node module (vi.mock): a module another file imported first would
 * keep the real one in a shared worker, so each of these runs in a fresh process.
 */
export const MOCKING_UNITS = [
  "tests/unit/v8-flags.test.ts",
  "tests/unit/write-snapshot-disk-full.test.ts",
  "tests/unit/search-before-render.test.ts",
];
const UNIT_FILES = ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"];

/**
 * Four projects (README.md, Tests and measurements): 'unit' and 'unit-mocking' need no build,
 * no browser and no bundler (`npm run test:fast`); 'integration' (integration and browser
 * tests) shares one compile of dist/ and one build of partner 178 through
 * tests/setup/shared-builds.ts, which runs only when such a test runs; 'own-process' holds the
 * files that must start from a fresh process. The unit projects and 'own-process' run first,
 * side by side; the integration project after them.
 */
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    env: { TZ: "UTC" },
    sequence: { sequencer: HostsFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: UNIT_FILES,
          exclude: [...configDefaults.exclude, ...SLOW_UNITS, ...MOCKING_UNITS],
          // Unit files only compute (no browser, no timing), so two at a time use both cores:
          // 688 tests in 68 s instead of 104 s on 2026-11-27, load average 1.8. They run before
          // the integration project, so they never share the machine with a browser suite.
          maxWorkers: 2,
          // Each worker imports the sources once, not once per file, as in 'integration' below
          // (src/ keeps no state in modules; a file that changes the environment restores it).
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: "unit-mocking", include: MOCKING_UNITS, maxWorkers: 2, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", "tests/e2e/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...OWN_PROCESS],
          globalSetup: ["tests/setup/shared-builds.ts"],
          // Two files at a time, each worker importing the sources once (isolate: false below)
          // and both connecting to the run's one Chromium. Measured on 2026-11-27 on a quiet
          // machine: the integration and own-process files in 927 s instead of about 1,085 s
          // one at a time. The gain is small because the suite is CPU-bound: one file alone
          // keeps 1.7 of the 2 cores busy (docs/performance.md "What the test suite spends").
          maxWorkers: 2,
          // Each worker process runs its files one after another, so the sources are imported
          // once per worker, not once per file:
          // on 2026-11-27, 8 files took 10 s of import instead of 26 s (load average 15). It is
          // safe because src/ keeps no state in modules (docs/architecture.md "State",
          // tests/unit/build-memos.test.ts); a file that changes the environment restores it.
          isolate: false,
          // A visitor waits for an island to hydrate; so do the browser tests. expect.poll's 1 s
          // default failed the slideshow and search tests at load average 13 on 2026-11-27, on
          // main as on this change: 15 s is the explicit wait the browser tests already use.
          expect: { poll: { timeout: 15_000 } },
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: "own-process",
          include: OWN_PROCESS,
          // Beside the unit files, which leave a core free now and then; not after the
          // integration files, where they added ~12 s to the end of the run.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
    ],
  },
});
