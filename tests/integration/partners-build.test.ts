/**
 * Several partners built in one process (`build --partner a,b`, `build --all`) and the partner
 * list for a CI matrix (`partners --json`): docs/spec-decisions.md "Several partners in one
 * process". Runs the compiled CLI like a user does (tests/helpers/cli.ts).
 */
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { hashTree } from "../helpers/files.js";

const FIXTURES = path.resolve("tests/fixtures/partners");

let root: string;
/** 178 and the hand-written 4242 and 5150 in one partners folder (links to the real ones). */
let partnersDir: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "cb-partners-"));
  partnersDir = path.join(root, "partners");
  await cp(path.join(FIXTURES, "5150"), path.join(partnersDir, "5150"), { recursive: true });
  await symlink(path.resolve("partners/178"), path.join(partnersDir, "178"));
  await symlink(path.join(FIXTURES, "4242"), path.join(partnersDir, "4242"));
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe("a build of several partners in one process", () => {
  it("writes each partner's site byte for byte as its single build, one report line each", async () => {
    const out = path.join(root, "out");
    // Two workers force the shared worker pool on every partner, small ones too: each worker
    // renders 178's pages, then 4242's and 5150's from the same threads.
    const run = await runCli(["build", "--all", "--partners-dir", partnersDir, "--out", out, "--workers", "2"]);
    expect(run.stderr).not.toContain("cinema-build:");
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^partner 178: built into .*out\/178: (\d+) routes \(\1 rendered, 0 reused\), \d+ files/);
    expect(lines[1]).toMatch(/^partner 4242: built into .*out\/4242: /);
    expect(lines[2]).toMatch(/^partner 5150: built into .*out\/5150: /);
    expect(lines[3]).toMatch(/^Built 3 of 3 partners in /);

    const single5150 = path.join(root, "single-5150");
    const single = await runCli(["build", "--partner", "5150", "--partners-dir", partnersDir, "--out", single5150]);
    expect(single.code).toBe(0);
    const singles: Record<string, string> = {
      "178": inject("site178").out,
      "4242": inject("site4242").out,
      "5150": single5150,
    };
    for (const [partner, dir] of Object.entries(singles)) {
      const [many, one] = [await hashTree(path.join(out, partner)), await hashTree(dir)];
      expect(Object.keys(many).length, partner).toBeGreaterThan(10);
      expect(many, partner).toEqual(one);
    }
  });

  it("builds the others when one fails, then exits 1 naming it", async () => {
    const broken = path.join(root, "broken");
    await cp(path.join(FIXTURES, "5150"), path.join(broken, "5150"), { recursive: true });
    await symlink(path.join(FIXTURES, "4242"), path.join(broken, "4242"));
    const events = path.join(broken, "5150/snapshot/events.json");
    await writeFile(events, (await readFile(events, "utf8")).replace('"title": "Havets hjerte"', '"title": 42'));
    const out = path.join(root, "out-broken");
    // The broken partner first: the one after it still builds.
    const run = await runCli(["build", "--partner", "5150,4242", "--partners-dir", broken, "--out", out]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("partner 5150: failed (the error is printed on stderr)\n");
    expect(run.stdout).toMatch(/partner 4242: built into .*out-broken\/4242: 17 routes/);
    expect(run.stdout).toMatch(/Built 1 of 2 partners in .*; failed: 5150\n$/);
    expect(run.stderr).toContain("cinema-build: partner 5150: the snapshot in");
    expect(run.stderr).toContain("field title: Invalid input: expected string, received number");
    expect(run.stderr.trim().split("\n").pop()).toBe(
      "cinema-build: 1 of 2 partners failed: 5150 (each one's error is printed above; the other partners were built)",
    );
    expect(Object.keys(await hashTree(path.join(out, "4242")))).toContain("index.html");
  });

  it("refuses --partner with --all, and a build without either, as usage errors", async () => {
    const [both, neither, list] = await Promise.all([
      runCli(["build", "--partner", "178", "--all"]),
      runCli(["build"]),
      runCli(["build", "--partner", "178,abc"]),
    ]);
    expect(both.code).toBe(1);
    expect(both.stderr).toContain("cannot be used with option '--all'");
    expect(neither.code).toBe(1);
    expect(neither.stderr).toMatch(/^error: required option '--partner <id>' or '--all' not specified\n/);
    expect(list.code).toBe(1);
    expect(list.stderr).toContain("expected numeric partner ids separated by commas, e.g. 178,118");
  });
});

describe("cinema-build partners", () => {
  it("prints the partners as a JSON array for a CI matrix, and as lines", async () => {
    const [json, text, missing] = await Promise.all([
      runCli(["partners", "--json"]),
      runCli(["partners", "--partners-dir", partnersDir]),
      runCli(["partners", "--partners-dir", path.join(root, "nowhere")]),
    ]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual([
      { partner: "118", name: "Elvbyen kino", siteUrl: "https://www.elvbyenkino.no" },
      { partner: "178", name: "Solvik kino", siteUrl: "https://www.solvikkino.no" },
    ]);
    expect(text.stdout).toBe("178\tSolvik kino\n4242\tØvre Årdal kino\n5150\tFjordby kino\n");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("partners folder");
  });
});
