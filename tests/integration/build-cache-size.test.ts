/**
 * The build cache does not copy the site (docs/architecture.md, "Build cache"): its entries name
 * each route's files in the published output by path, length and SHA-256, so the cache stays a
 * small fraction of the output at 178 and at a larger generated partner. A published file the
 * cache names that no longer has those bytes is rendered again, never published as it is.
 */
import { lstat, mkdtemp, readdir, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_OPTIONS, generateSnapshot } from "../../scripts/partner-generator/generate.js";
import { build } from "../../src/build.js";
import { hashTree } from "../helpers/files.js";

/** The cache may hold at most this share of the output's bytes (178: ~1.5 %). */
const MAX_SHARE = 0.05;
const LARGE = 9460;

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "cb-cache-size-"));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Bytes of every file under `dir` (following the output's symlink to its build folder). */
async function treeBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await lstat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

const buildOf = (partner: string, partnersDir: string, out: string, cache = true) =>
  build({ partner, partnersDir, source: "snapshot", out, cache });

describe("the build cache refers to the output", () => {
  it("178: a small fraction of the output, every route reused, a changed output file rendered again", async () => {
    const partners = path.resolve("partners");
    const out = path.join(root, "178", "site");
    await buildOf("178", partners, out);
    const site = await realpath(out);
    const [siteBytes, cacheBytes] = [await treeBytes(site), await treeBytes(`${out}.cache`)];
    expect(cacheBytes / siteBytes).toBeLessThan(MAX_SHARE);
    const clean = await hashTree(out);

    const again = await buildOf("178", partners, out);
    expect(again.rendered).toEqual([]);
    expect(await hashTree(out)).toEqual(clean);

    // The published file a cache entry names is edited: its route renders again.
    const html = path.join(await realpath(out), "kinoprogram", "index.html");
    await writeFile(html, (await readFile(html, "utf8")).replace("<body", '<body data-x="1"'));
    const rebuilt = await buildOf("178", partners, out);
    expect(rebuilt.rendered).toEqual(["/kinoprogram"]);
    expect(await hashTree(out)).toEqual(clean);
  }, 240_000);

  it("a larger generated partner: the cache does not grow with the site's bytes", async () => {
    const partners = path.join(root, "partners");
    await generateSnapshot({
      ...DEFAULT_OPTIONS,
      partner: LARGE,
      seed: LARGE,
      films: 400,
      culture: 10,
      articles: 5,
      out: partners,
    });
    const out = path.join(root, "large", "site");
    await buildOf(String(LARGE), partners, out);
    const [siteBytes, cacheBytes] = [await treeBytes(await realpath(out)), await treeBytes(`${out}.cache`)];
    expect(siteBytes).toBeGreaterThan(20 * 1024 * 1024);
    expect(cacheBytes / siteBytes).toBeLessThan(MAX_SHARE);
  }, 480_000);
});
