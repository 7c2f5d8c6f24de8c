/**
 * The output folder's lifecycle, run through the compiled CLI (dist/) as an operator runs it:
 * nothing but the site in the published folder and a deploy manifest beside it; a tampered
 * build-cache entry is never published; the cache folder is used only when cinema-build made
 * it and its clean-up never touches the operator's files; SIGINT/SIGTERM during a build (and
 * dev's first build) remove what the run made and exit 130 / 143, the previous output intact.
 */
import { execFile } from "node:child_process";
import { rewriteCacheEntry } from "../helpers/cache-entry.js";
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashTree, listFiles } from "../helpers/files.js";

const FIXTURES = path.resolve("tests/fixtures/partners");
const NOW = "2027-03-28T10:00:00+02:00";
let root: string;

interface Run {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
}

async function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [path.resolve("bin/cinema-build.js"), ...args],
      { env: { ...process.env, ...env } },
    );
    return { code: 0, signal: null, stdout, stderr };
  } catch (error) {
    const e = error as { code: number | null; signal: string | null; stdout: string; stderr: string };
    return { code: e.code, signal: e.signal, stdout: e.stdout, stderr: e.stderr };
  }
}

const buildArgs = (out: string, ...more: string[]) => [
  "--partner",
  "4242",
  "--partners-dir",
  FIXTURES,
  "--out",
  out,
  "--now",
  NOW,
  ...more,
];

/** Beside the output only its link, the one build it points into, the cache and the manifest; no temporary file in the cache. */
async function expectOnlyCurrentBuild(parent: string): Promise<void> {
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
  expect((await readdir(path.join(parent, "site.cache"))).filter((name) => name.endsWith(".tmp"))).toEqual([]);
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "cb-output-lifecycle-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("nothing private published, and the deploy manifest", () => {
  it("publishes the site alone; the manifest beside it lists exactly the published files; an unchanged rebuild changes none", async () => {
    const parent = path.join(root, "manifest");
    const out = path.join(parent, "site");
    const first = await cli(buildArgs(out));
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("changed since the last build: unknown (no deploy manifest from it)");
    const published = await listFiles(out);
    expect(published.filter((file) => file.includes(".cinema-build") || file.includes("deploy-manifest"))).toEqual([]);
    const manifest = JSON.parse(await readFile(`${out}.deploy-manifest.json`, "utf8")) as {
      files: { path: string; cacheControl: string }[];
    };
    expect(manifest.files.map((file) => file.path.slice(1))).toEqual(published);
    expect(
      manifest.files
        .filter((file) => file.path.startsWith("/assets/"))
        .every((file) => file.cacheControl.includes("immutable")),
    ).toBe(true);
    expect(manifest.files.find((file) => file.path === "/index.html")?.cacheControl).toBe("no-cache");

    const again = await cli(buildArgs(out));
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/changed since the last build: 0 files, 0\.0 KiB \(0 added, 0 changed, 0 removed\)/);
    await expectOnlyCurrentBuild(parent);
  }, 240_000);
});

describe("the build cache", () => {
  it("never publishes a tampered entry: edited text, an added script with its length fixed, an added file", async () => {
    const parent = path.join(root, "tamper");
    const out = path.join(parent, "site");
    expect((await cli(buildArgs(out))).code).toBe(0);
    const clean = await hashTree(out);
    const cache = `${out}.cache`;
    const entries = (await readdir(cache)).filter((name) => /^[0-9a-f]{40}\.[0-9a-f]{32}$/.test(name)).sort();
    const htmlOf = (list: { path: string }[]) => list.findIndex((entry) => entry.path.endsWith(".html"));
    await rewriteCacheEntry(
      path.join(cache, entries[0]),
      (list) =>
        void (list[htmlOf(list)].contents = list[htmlOf(list)].contents.replace("<body", '<body data-x="Om kinoen"')),
    );
    await rewriteCacheEntry(
      path.join(cache, entries[1]),
      (list) => void (list[htmlOf(list)].contents += "<script>alert(1)</script>"),
    );
    await rewriteCacheEntry(
      path.join(cache, entries[2]),
      (list) => void list.push({ path: "evil.html", contents: "<script>alert(1)</script>" }),
    );

    const rebuilt = await cli(buildArgs(out));
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.stdout).toMatch(/reused from the build cache, 3 rendered/);
    expect(await hashTree(out)).toEqual(clean);
    await expectOnlyCurrentBuild(parent);
  }, 240_000);

  it("refuses a cache folder of the operator's, or a symlink, touching nothing; prunes only its own names in its own", async () => {
    const parent = path.join(root, "foreign-cache");
    const out = path.join(parent, "site");
    await mkdir(path.join(`${out}.cache`, "photos"), { recursive: true });
    await writeFile(path.join(`${out}.cache`, "notes.txt"), "mine");
    await writeFile(path.join(`${out}.cache`, "photos", "a.jpg"), "jpeg");
    const refused = await cli(buildArgs(out));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /the build cache .*site\.cache is a folder cinema-build did not make \(no \.cinema-build-cache; notes\.txt, photos\); refusing to use it \(move it away .*--no-cache\)/,
    );
    expect(await listFiles(`${out}.cache`)).toEqual(["notes.txt", "photos/a.jpg"]);
    expect((await cli(buildArgs(out, "--no-cache"))).code).toBe(0);

    const linked = path.join(root, "linked-cache");
    const elsewhere = path.join(root, "elsewhere");
    await mkdir(elsewhere);
    await writeFile(path.join(elsewhere, "notes.txt"), "mine");
    await mkdir(linked);
    await symlink(elsewhere, path.join(linked, "site.cache"));
    const viaLink = await cli(buildArgs(path.join(linked, "site")));
    expect(viaLink.code).toBe(1);
    expect(viaLink.stderr).toContain("is a symlink cinema-build did not make; refusing to use it");
    expect(await readdir(elsewhere)).toEqual(["notes.txt"]);

    // In a cache folder of its own, the operator's files stay through builds and pruning.
    const owned = path.join(root, "owned-cache", "site");
    expect((await cli(buildArgs(owned))).code).toBe(0);
    await writeFile(path.join(`${owned}.cache`, "notes.txt"), "mine");
    await mkdir(path.join(`${owned}.cache`, "photos"));
    await writeFile(path.join(`${owned}.cache`, "photos", "a.jpg"), "jpeg");
    const next = await cli(buildArgs(owned, "--now", "2027-03-30T20:00:00+02:00"));
    expect(next.code).toBe(0);
    expect(await readFile(path.join(`${owned}.cache`, "notes.txt"), "utf8")).toBe("mine");
    expect(await readFile(path.join(`${owned}.cache`, "photos", "a.jpg"), "utf8")).toBe("jpeg");
  }, 300_000);
});

describe("SIGINT and SIGTERM", () => {
  for (const [signal, code, at] of [
    ["SIGTERM", 143, 40],
    ["SIGINT", 130, 70],
  ] as const) {
    it(`${signal} while writing removes this run's build and exits ${code}; the previous output stays byte-identical`, async () => {
      const parent = path.join(root, `signal-${signal}`);
      const out = path.join(parent, "site");
      expect((await cli(buildArgs(out))).code).toBe(0);
      const before = await hashTree(out);
      // Another reference time: every page is rendered again, so the cache is being written too.
      const stopped = await cli(buildArgs(out, "--now", "2027-03-30T20:00:00+02:00"), {
        CINEMA_BUILD_SIGNAL_AT: `${at}:${signal}`,
      });
      expect(stopped.code).toBe(code);
      expect(await hashTree(out)).toEqual(before);
      await expectOnlyCurrentBuild(parent);
    }, 240_000);
  }

  it("SIGTERM in dev's first build removes its unfinished build and exits 143", async () => {
    const parent = path.join(root, "signal-dev");
    const out = path.join(parent, "site");
    await mkdir(parent);
    const port = String(20000 + (process.pid % 20000));
    const stopped = await cli(
      ["dev", "--partner", "4242", "--partners-dir", FIXTURES, "--out", out, "--now", NOW, "--port", port],
      { CINEMA_BUILD_SIGNAL_AT: "40:SIGTERM" },
    );
    expect(stopped.code).toBe(143);
    const left = await readdir(parent);
    expect(left.filter((name) => name !== ".site.cinema-build" && name !== "site.cache")).toEqual([]);
    expect(await readdir(path.join(parent, ".site.cinema-build")).catch(() => [])).toEqual([]);
    expect((await readdir(`${out}.cache`).catch(() => [] as string[])).filter((name) => name.endsWith(".tmp"))).toEqual(
      [],
    );
  }, 240_000);
});
