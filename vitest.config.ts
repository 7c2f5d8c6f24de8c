import { defineConfig } from "vitest/config";

/**
 * Two projects (issue 13 item 8): 'unit' needs no build and no browser (`npm run test:fast`);
 * 'integration' (integration and browser tests) shares one compile of dist/ and one build of
 * partner 178 through tests/setup/shared-builds.ts, which runs only when such a test runs.
 */
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    env: { TZ: "UTC" },
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"] } },
      {
        extends: true,
        test: { name: "integration", include: ["tests/integration/**/*.test.ts", "tests/e2e/**/*.test.ts"], globalSetup: ["tests/setup/shared-builds.ts"] },
      },
    ],
  },
});
