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
    // Vitest's default on a 2-core machine is one worker (cores - 1), so every file waited for the
    // one before; most of the suite waits on Chromium, servers and the disk, so two files at a
    // time use the second core (README "Tests and measurements").
    maxWorkers: 2,
    env: { TZ: "UTC" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"],
          exclude: [...configDefaults.exclude, ...SLOW_UNITS],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", "tests/e2e/**/*.test.ts", ...SLOW_UNITS],
          globalSetup: ["tests/setup/shared-builds.ts"],
        },
      },
    ],
  },
});
