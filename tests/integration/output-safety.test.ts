/**
 * Output safety (docs/security.md): --out only replaces what cinema-build wrote, a build that would
 * shrink the site drastically fails before writing, and kill -9 anywhere in the writing
 * leaves a complete previous or new output and no junk after the next run.
 * Runs the compiled CLI (dist/) like an operator does.
 */
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, readFile, realpath, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer } from "../../src/api-server/index.js";
import { build } from "../../src/build.js";
import { BuildError } from "../../src/errors/index.js";
import { hashTree } from "../helpers/files.js";

const FIXTURES = path.resolve("tests/fixtures/partners");
const NOW_A = "2027-03-28T10:00:00+02:00";
const NOW_B = "2027-03-30T20:00:00+02:00";
let root: string;

interface Run {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
}

/** The compiled CLI in `cwd`; resolves with the exit code (or signal) instead of throwing. */
async function cli(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [path.resolve("bin/cinema-build.js"), ...args],
      { cwd: options.cwd ?? process.cwd(), env: { ...process.env, ...options.env } },
    );
    return { code: 0, signal: null, stdout, stderr };
  } catch (error) {
    const e = error as { code: number | null; signal: string | null; stdout: string; stderr: string };
    return { code: e.code, signal: e.signal, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "cb-output-safety-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("--out only replaces an output cinema-build wrote", () => {
  it("refuses --out . and --out partners, deleting nothing", async () => {
    // A copy of the project layout: partners/ beside the folder the command runs in.
    const project = path.join(root, "project");
    await cp(FIXTURES, path.join(project, "partners"), { recursive: true });
    await mkdir(path.join(project, "src"));
    await writeFile(path.join(project, "src", "keep.ts"), "export {};\n");
    const before = await hashTree(project);

    const dot = await cli(["--partner", "4242", "--out", "."], { cwd: project });
    expect(dot.code).toBe(1);
    expect(dot.stderr).toContain("--out . is the working directory; refusing to replace it");
    const partners = await cli(["--partner", "4242", "--out", "partners"], { cwd: project });
    expect(partners.code).toBe(1);
    expect(partners.stderr).toContain("--out partners is or contains the partners folder partners");
    const inside = await cli(["--partner", "4242", "--out", "partners/4242", "--force"], { cwd: project });
    expect(inside.code).toBe(1);
    const parent = await cli(["--partner", "4242", "--out", "..", "--force"], { cwd: path.join(project, "src") });
    expect(parent.code).toBe(1);
    expect(parent.stderr).toContain("contains the working directory");
    expect(await hashTree(project)).toEqual(before);
    expect(
      `${dot.stderr}${partners.stderr}`.split("\n").filter((line) => line.startsWith("cinema-build:")),
    ).toHaveLength(2);
  });

  it("refuses a file and a foreign folder unless --force, and replaces its own output", async () => {
    const file = path.join(root, "notes.txt");
    await writeFile(file, "important");
    const onFile = await cli(["--partner", "4242", "--partners-dir", FIXTURES, "--out", file]);
    expect(onFile.code).toBe(1);
    expect(onFile.stderr).toMatch(/is a file, not an output folder \(name a folder, or pass --force/);
    expect(await readFile(file, "utf8")).toBe("important");

    const foreign = path.join(root, "foreign");
    await mkdir(foreign);
    await writeFile(path.join(foreign, "thesis.tex"), "years of work");
    const refused = await cli(["--partner", "4242", "--partners-dir", FIXTURES, "--out", foreign]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("is a folder cinema-build did not write (no .cinema-build.json; 1 entry)");
    expect(await readFile(path.join(foreign, "thesis.tex"), "utf8")).toBe("years of work");

    const forced = await cli(["--partner", "4242", "--partners-dir", FIXTURES, "--out", foreign, "--force"]);
    expect(forced.code).toBe(0);
    await expect(stat(path.join(foreign, "thesis.tex"))).rejects.toThrow();
    const again = await cli(["--partner", "4242", "--partners-dir", FIXTURES, "--out", foreign]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/routes: (\d+) \(.*\); previous build: \1(;|\n)/);
    // The marker sits beside the published folder, in its build folder (src/emit/write-output.ts).
    expect(
      JSON.parse(await readFile(path.join(path.dirname(await realpath(foreign)), ".cinema-build.json"), "utf8")),
    ).toMatchObject({ generator: "cinema-build", partner: 4242, routes: { film: 4 } });
  });

  it("refuses an output of another partner", async () => {
    const out = path.join(root, "other-partner");
    await build({ partner: "4242", partnersDir: FIXTURES, source: "snapshot", out });
    const error = await build({ partner: "178", partnersDir: "partners", source: "snapshot", out }).catch((e) => e);
    expect(error).toBeInstanceOf(BuildError);
    expect(error.format()).toContain("holds partner 4242's site, not partner 178's");
  });
});

describe("guards against publishing a broken site", () => {
  it("fails a pages: [] API answer before writing and leaves the previous output byte-identical", async () => {
    const out = path.join(root, "shrink-api");
    await build({ partner: "4242", partnersDir: FIXTURES, source: "snapshot", now: NOW_A, out });
    const before = await hashTree(out);
    const server = await startApiServer({
      partnersDir: FIXTURES,
      partner: 4242,
      env: {},
      faults: [{ endpoint: "site", kind: "wrong-type", path: ["pages"], value: [] }],
    });
    try {
      const error = await build({
        partner: "4242",
        partnersDir: FIXTURES,
        source: "api",
        apiUrl: server.url,
        env: {},
        now: NOW_A,
        out,
      }).catch((e) => e);
      expect(error).toBeInstanceOf(BuildError);
      expect(error.format()).toMatch(
        /^partner 4242: the data has no pages \(site\.pages is empty\); the previous build had \d+ routes \(check the data source; pass --allow-shrink if the site really is meant to shrink\)$/,
      );
    } finally {
      await server.close();
    }
    expect(await hashTree(out)).toEqual(before);
  }, 60_000);

  it("fails when the films vanish or the routes fall below --min-share, unless --allow-shrink", async () => {
    const partners = path.join(root, "shrink-partners");
    await cp(FIXTURES, partners, { recursive: true });
    const out = path.join(root, "shrink-snapshot");
    expect((await cli(["--partner", "4242", "--partners-dir", partners, "--out", out, "--now", NOW_A])).code).toBe(0);
    const before = await hashTree(out);
    const eventsFile = path.join(partners, "4242", "snapshot", "events.json");
    const events = JSON.parse(await readFile(eventsFile, "utf8"));
    await writeFile(eventsFile, JSON.stringify({ ...events, productions: [], events: [] }));

    const refused = await cli([
      "--partner",
      "4242",
      "--partners-dir",
      partners,
      "--out",
      out,
      "--now",
      NOW_A,
      "--min-share",
      "0.9",
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /the new build has \d+ routes, fewer than 90% of the previous build's \d+ \((.*, )?film pages 4 → 0/,
    );
    expect(await hashTree(out)).toEqual(before);

    const allowed = await cli([
      "--partner",
      "4242",
      "--partners-dir",
      partners,
      "--out",
      out,
      "--now",
      NOW_A,
      "--min-share",
      "0.9",
      "--allow-shrink",
    ]);
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toMatch(/routes: \d+ \(.*\); previous build: \d+/);
    const badShare = await cli(["--partner", "4242", "--partners-dir", partners, "--out", out, "--min-share", "50%"]);
    expect(badShare.code).toBe(1);
    expect(badShare.stderr).toContain("expected a share between 0 and 1");
  });
});

describe("kill -9 while writing", () => {
  /**
   * Entries beside the output: only the link, its builds folder, which holds one build, the
   * build cache (src/render/stage/route-cache.ts) and the deploy manifest (src/emit/deploy-manifest.ts).
   */
  async function expectNoJunk(parent: string): Promise<void> {
    expect((await readdir(parent)).sort()).toEqual([
      ".site.cinema-build",
      "site",
      "site.cache",
      "site.deploy-manifest.json",
    ]);
    const builds = await readdir(path.join(parent, ".site.cinema-build"));
    expect(builds).toHaveLength(1);
    expect(await realpath(path.join(parent, "site"))).toBe(
      await realpath(path.join(parent, ".site.cinema-build", builds[0], "site")),
    );
  }

  it("always leaves a complete previous or new output, at every boundary of the writing, and no junk after the next run", async () => {
    const parent = path.join(root, "kill");
    const out = path.join(parent, "site");
    const args = (now: string) => ["--partner", "4242", "--partners-dir", FIXTURES, "--out", out, "--now", now];
    const reference = path.join(root, "kill-reference");
    const referenceRun = await cli([
      "--partner",
      "4242",
      "--partners-dir",
      FIXTURES,
      "--out",
      reference,
      "--now",
      NOW_B,
    ]);
    expect(referenceRun.code).toBe(0);
    const newHashes = await hashTree(reference);
    const first = await cli(args(NOW_A));
    expect(first.code).toBe(0);
    const oldHashes = await hashTree(out);
    expect(oldHashes).not.toEqual(newHashes);
    // Checkpoints of the killed (NOW_B) build: one per file written (the reported count is the
    // published files), the marker and manifest beside them, the new link, the rename over the output.
    const files = Number(/wrote (\d+) files/.exec(referenceRun.stdout)?.[1]);
    // Every checkpoint between the first and the last file leaves the same state (a build folder
    // the link does not point at yet), so the points are the boundaries, not a spread across it:
    // the first files, the middle, the last files, then each step after the writing.
    const points = [1, 2, Math.round(files / 2), files - 1, files, files + 1, files + 2, files + 3];
    expect(new Set(points).size).toBe(8);

    // The killed builds run one after another, as after repeated crashes: each starts by
    // collecting what the one before it left, and the full run after the last collects the rest.
    const outcomes: string[] = [];
    for (const point of points) {
      const killed = await cli(args(NOW_B), { env: { CINEMA_BUILD_KILL_AT: String(point) } });
      expect(killed.signal, `checkpoint ${point}`).toBe("SIGKILL");
      const now = await hashTree(out);
      const outcome =
        JSON.stringify(now) === JSON.stringify(oldHashes)
          ? "previous"
          : JSON.stringify(now) === JSON.stringify(newHashes)
            ? "new"
            : "broken";
      expect(outcome, `checkpoint ${point}`).not.toBe("broken");
      outcomes.push(outcome);
    }
    // The last checkpoint is after the rename: the new output is complete and in place.
    expect(outcomes.at(-1)).toBe("new");
    expect(outcomes.slice(0, -1).every((outcome) => outcome === "previous")).toBe(true);
    // The next run leaves exactly one build: nothing of the killed ones.
    expect((await cli(args(NOW_A))).code).toBe(0);
    expect(await hashTree(out)).toEqual(oldHashes);
    await expectNoJunk(parent);
  }, 600_000);
});
