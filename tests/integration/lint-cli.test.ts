/**
 * `cinema-build lint` run like a user does (moved from tests/unit/lint.test.ts so that the unit
 * project needs no dist/): exit 0 and "no problems found" on the clean snapshot, exit 1 with
 * stable JSON on a seeded mistake. tests/setup/shared-builds.ts compiled dist/ for this run.
 */
import { rm } from "node:fs/promises";
import { afterAll, describe, expect, it } from "vitest";
import { blockOf, seedPartner } from "../fixtures/lint/seed-partner.js";
import { runCli as cli } from "../helpers/cli.js";

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("cinema-build lint", () => {
  it("exits 1 with stable JSON on a seeded mistake, 0 on the clean snapshot", async () => {
    const dir = await seedPartner((f) => {
      blockOf(f, "/kinoprogram", "program").component = "programme";
    });
    dirs.push(dir);
    const clean = await cli(["lint", "--partner", "178"]);
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stdout).toContain("no problems found");
    const failed = await cli(["lint", "--partner", "178", "--partners-dir", dir, "--format", "json"]);
    expect(failed.code).toBe(1);
    const json = JSON.parse(failed.stdout);
    expect(json.errors).toBe(1);
    expect(json.findings[0]).toMatchObject({
      severity: "error",
      partner: 178,
      pagePath: "/kinoprogram",
      component: "programme",
      field: "component",
      hint: "did you mean 'program'?",
    });
  });
});
