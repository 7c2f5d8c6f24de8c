/**
 * Global setup of the integration and browser tests (vitest.config.ts, project 'integration'):
 * what several test files need is made once per run instead of once per file (README.md, Tests and measurements).
 *
 * - dist/ is compiled from the sources, once: the CLI tests and the render-worker test run
 *   bin/cinema-build.js and must never run a stale build (two files compiling at once also
 *   raced each other).
 * - Partner 178 is built once from its embedded snapshot into a temporary folder; tests read
 *   it with inject("site178") and never write into it (copy it first). The sentinel
 *   credentials are in the environment during that build, so the "no secret in any file" check
 *   still proves something. The hand-written partner 4242 is built once the same way.
 * - One Chromium runs for the whole run; browser files connect to it (launchChromium).
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { build, type BuildResult } from "../../src/build.js";
import { startBrowserServer } from "../helpers/chromium.js";

export const SENTINELS = {
  CINEMA_PUBLIC_API_USER: "sentinel-user-7f3a9c",
  CINEMA_PUBLIC_API_PASSWORD: "sentinel-password-51e2d8",
  CINEMA_MANAGEMENT_CLIENT_ID: "sentinel-client-0b9e44",
  CINEMA_MANAGEMENT_CLIENT_SECRET: "sentinel-secret-c6a1f0",
};

export interface SharedSite {
  /** The built site (read only). */
  out: string;
  /** The build's result, as JSON. */
  result: BuildResult;
}

declare module "vitest" {
  export interface ProvidedContext {
    site178: SharedSite;
    /** The hand-written partner of tests/fixtures/partners/4242. */
    site4242: SharedSite;
    /** The run's Chromium (launchServer), which browser files connect to; undefined without the browser. */
    chromiumEndpoint: string | undefined;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  execFileSync(process.execPath, ["scripts/compile.mjs"]);
  const root = await mkdtemp(path.join(tmpdir(), "cb-shared-"));
  const out = path.join(root, "site178");
  const saved = Object.fromEntries(Object.keys(SENTINELS).map((key) => [key, process.env[key]]));
  Object.assign(process.env, SENTINELS);
  try {
    const result = await build({ partner: "178", partnersDir: path.resolve("partners"), source: "snapshot", out });
    project.provide("site178", { out, result: JSON.parse(JSON.stringify(result)) });
  } finally {
    for (const [key, value] of Object.entries(saved))
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
  }
  const out4242 = path.join(root, "site4242");
  const result4242 = await build({
    partner: "4242",
    partnersDir: path.resolve("tests/fixtures/partners"),
    source: "snapshot",
    out: out4242,
  });
  project.provide("site4242", { out: out4242, result: JSON.parse(JSON.stringify(result4242)) });
  const browser = await startBrowserServer();
  project.provide("chromiumEndpoint", browser?.wsEndpoint());
  return async () => {
    await browser?.close();
    await rm(root, { recursive: true, force: true });
  };
}
