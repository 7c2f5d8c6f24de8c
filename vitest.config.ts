import { configDefaults, defineConfig } from "vitest/config";

/** Unit files that run a bundler (workbox's rollup and terser, with its memo off): about 30 s under load, so not 'fast'. */
const SLOW_UNITS = ["tests/unit/service-worker.test.ts"];

/**
 * Two projects (README.md, Tests and measurements): 'unit' needs no build, no browser and no bundler (`npm run test:fast`);
 * 'integration' (integration and browser tests) shares one compile of dist/ and one build of
 * partner 178 through tests/setup/shared-builds.ts, which runs only when such a test runs.
 */
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // One test file at a time (Vitest's default on 2 cores). Two at a time were measured on
    // 2026-11-27: 19 min 41 s instead of about 20 min 30 s, because the browser suites are
    // CPU-bound, and a placeholder-timing check failed under the doubled load (README "Tests
    // and measurements").
    env: { TZ: "UTC" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"],
          exclude: [...configDefaults.exclude, ...SLOW_UNITS],
          // Unit files only compute (no browser, no timing), so two at a time use both cores:
          // 688 tests in 68 s instead of 104 s on 2026-11-27, load average 1.8. They run before
          // the integration project, so they never share the machine with a browser suite.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", "tests/e2e/**/*.test.ts", ...SLOW_UNITS],
          globalSetup: ["tests/setup/shared-builds.ts"],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
