/**
 * The incremental build (docs/performance.md, src/render/stage/route-cache.ts): a rebuild after one film
 * changed renders only the pages whose inputs changed, reuses the rest from the cache beside
 * the output, and writes exactly the bytes a clean build writes.
 */
import { execFile, execFileSync } from "node:child_process";
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, type BuildResult } from "../../src/build.js";
import { CACHE_MARKER, locateRouteCache } from "../../src/render/stage/route-cache.js";
import { hashTree } from "../helpers/files.js";

let root: string;
let partnersDir: string;
let out: string;
let first: BuildResult;
const total = (result: BuildResult) => Object.values(result.routes).reduce((sum, n) => sum + (n ?? 0), 0);
const eventsFile = () => path.join(partnersDir, "178", "snapshot", "events.json");

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "cb-incremental-"));
  partnersDir = path.join(root, "partners");
  await cp(path.resolve("partners/178"), path.join(partnersDir, "178"), { recursive: true });
  out = path.join(root, "site");
  first = await build({ partner: "178", partnersDir, source: "snapshot", out });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("incremental builds", () => {
  it("a clean build renders every route and fills the cache beside the output, one entry per route", async () => {
    expect(first.reused).toBe(0);
    expect((await readdir(locateRouteCache(out))).filter((name) => name !== CACHE_MARKER)).toHaveLength(total(first));
  });

  it("a rebuild without changes reuses every route and writes the same bytes", async () => {
    const before = await hashTree(out);
    const again = await build({ partner: "178", partnersDir, source: "snapshot", out });
    expect(again.reused).toBe(total(again));
    expect(await hashTree(out)).toEqual(before);
  });

  it("after one film changed, renders only the pages that show it, and equals a clean build byte for byte", async () => {
    const events = JSON.parse(await readFile(eventsFile(), "utf8"));
    const film = events.productions.find((p: { object: string }) => p.object === "movie");
    film.contents[0].summary = "En helt ny omtale av filmen, skrevet for testen.";
    await writeFile(eventsFile(), JSON.stringify(events));

    const incremental = await build({ partner: "178", partnersDir, source: "snapshot", out });
    const rendered = total(incremental) - incremental.reused;
    // Its own page, and the listings that show its summary; never the whole site.
    expect(rendered).toBeGreaterThanOrEqual(1);
    expect(incremental.reused).toBeGreaterThan(total(incremental) * 0.7);
    const page = await readFile(path.join(out, film.parentSlug, "index.html"), "utf8");
    expect(page).toContain("En helt ny omtale av filmen");

    const clean = path.join(root, "clean");
    const fresh = await build({ partner: "178", partnersDir, source: "snapshot", out: clean, cache: false });
    expect(fresh.reused).toBe(0);
    expect(await hashTree(out)).toEqual(await hashTree(clean));
    // The cache holds this build's entries only (the film's old page was pruned).
    expect((await readdir(locateRouteCache(out))).filter((name) => name !== CACHE_MARKER)).toHaveLength(
      total(incremental),
    );
  });

  it("render workers (the compiled CLI) fill and reuse the cache, writing the same bytes", async () => {
    execFileSync(process.execPath, ["scripts/compile.mjs"]);
    const before = await hashTree(out);
    const cli = () =>
      promisify(execFile)(process.execPath, [
        "bin/cinema-build.js",
        "--partner",
        "178",
        "--partners-dir",
        partnersDir,
        "--out",
        out,
        "--workers",
        "2",
      ]);
    // The compiled code hashes differently from the sources this file runs: the first CLI
    // build renders every route again (the site key names the code), the second reuses them.
    expect((await cli()).stdout).not.toMatch(/reused/);
    expect(await hashTree(out)).toEqual(before);
    expect((await cli()).stdout).toMatch(new RegExp(`${total(first)} reused from the build cache, 0 rendered`));
    expect(await hashTree(out)).toEqual(before);
  }, 180_000);

  it("a changed site setting (the site title) renders every page again", async () => {
    const siteFile = path.join(partnersDir, "178", "snapshot", "site.json");
    const site = JSON.parse(await readFile(siteFile, "utf8"));
    site.title = `${site.title} `;
    await writeFile(siteFile, JSON.stringify(site));
    const rebuilt = await build({ partner: "178", partnersDir, source: "snapshot", out });
    expect(rebuilt.reused).toBe(0);
  });
});
