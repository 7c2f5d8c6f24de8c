/**
 * Partner 118 (Elvbyen kino) ships a small hand-made embedded snapshot (scripts/partner-118.ts;
 * README.md, Partners in this repository): the README's second member-service partner builds offline like 178, lints
 * clean, and is a different cinema (its own films, halls, culture pages and redirect).
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse, type HTMLElement } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, type BuildResult } from "../../src/build.js";
import { lintPartner } from "../../src/lint/index.js";

let root: string;
let out: string;
let result: BuildResult;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "cb-118-"));
  out = path.join(root, "site");
  result = await build({ partner: "118", partnersDir: "partners", source: "snapshot", out });
});
afterAll(() => rm(root, { recursive: true, force: true }));

const page = async (routePath: string): Promise<HTMLElement> =>
  parse(await readFile(path.join(out, routePath === "/" ? "index.html" : `${routePath.slice(1)}/index.html`), "utf8"));

describe("partner 118 from its embedded snapshot", () => {
  it("builds every route with no broken link, and lints clean", async () => {
    // 8 CMS pages without parameters, plus the programme's day pages.
    expect(result.routes).toMatchObject({ film: 5, culture: 2, article: 3, "not-found": 1 });
    expect(result.routes.static).toBeGreaterThanOrEqual(8);
    expect(result.links.broken).toEqual([]);
    expect((await lintPartner({ partner: "118", partnersDir: "partners" })).findings).toEqual([]);
  });

  it("has the member service's pages and islands (spec 6: 118 and 178)", async () => {
    expect((await page("/min-side")).querySelector('[data-island="my-page"]')).toBeTruthy();
    const film = await page("/isbryteren-dxm-18000101");
    for (const island of ["movie-info", "reviews"])
      expect(film.querySelector(`[data-island="${island}"]`), island).toBeTruthy();
  });

  it("links culture events to their pageReference pages and serves the '/article-{slug}' reading as a redirect", async () => {
    const hrefs = (await page("/kulturprogram"))
      .querySelectorAll("main a[href^='/']")
      .map((a) => a.getAttribute("href"));
    expect(hrefs).toContain("/julekonsert-med-elvbyen-kor-e1k2b7");
    // The editors' entry, and the other reading of every other article (spec 2.6, src/routes/article-aliases.ts).
    expect(JSON.parse(await readFile(path.join(out, "redirects.json"), "utf8"))).toEqual([
      { fromPath: "/article-filmprek:-isbryteren", toPath: "/article/filmprek:-isbryteren" },
      { fromPath: "/article-ny-lyd-i-sal-1", toPath: "/article/ny-lyd-i-sal-1" },
      { fromPath: "/article-personvernerklaering", toPath: "/article/personvernerklaering" },
    ]);
  });
});
