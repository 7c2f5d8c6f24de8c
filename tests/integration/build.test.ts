/**
 * Builds partner 178 from the embedded snapshot like `cinema-build --partner 178` does and
 * checks the site as a whole: every route written, deterministic bytes, atomic output, no
 * credentials in any file (issues 4 and 5).
 */
import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, readdir, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { build, type BuildResult } from "../../src/build.js";
import { BuildErrors } from "../../src/errors/index.js";
import { parse } from "node-html-parser";
import { hashTree, listFiles } from "../helpers/files.js";

const partnersDir = path.resolve("partners");
const NOW = "2026-11-20T09:00:00+01:00";
import { SENTINELS } from "../setup/shared-builds.js";

let root: string;
let out: string;
let result: BuildResult;
let snapshot: { site: any; events: any; articles: any[] };

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "cb-build-"));
  // The run's shared build of 178 (tests/setup/shared-builds.ts), made with SENTINELS set.
  ({ out, result } = inject("site178"));
  Object.assign(process.env, SENTINELS);
  const read = async (file: string) =>
    JSON.parse(await readFile(path.join(partnersDir, "178", "snapshot", file), "utf8"));
  snapshot = {
    site: await read("site.json"),
    events: await read("events.json"),
    articles: await read("articles.json"),
  };
});

afterAll(async () => {
  for (const key of Object.keys(SENTINELS)) delete process.env[key];
  await rm(root, { recursive: true, force: true });
});

describe("building partner 178 from the snapshot", () => {
  it("writes one page and one data file for every route of the snapshot", async () => {
    const staticPages = snapshot.site.pages.filter((p: { path: string }) => !p.path.includes(":"));
    const films = snapshot.events.productions.filter((p: { object: string }) => p.object === "movie");
    const culture = snapshot.events.productions.filter((p: { object: string }) => p.object === "culture");
    // Programme day pages (src/render/programme-window.ts): '<page>/dag/<date>', listed in the manifest.
    const manifest = JSON.parse(await readFile(path.join(out, "page-manifest.json"), "utf8")) as { path: string }[];
    const dayPages = manifest.filter((entry) => /\/dag\/\d{4}-\d{2}-\d{2}$/.test(entry.path)).length;
    expect(dayPages).toBeGreaterThan(40);
    // Later pages of listings longer than 60 (src/render/listing-pages.ts): '<page>/side/<n>'.
    const listingPages = manifest.filter((entry) => /\/side\/\d+$/.test(entry.path)).map((entry) => entry.path);
    expect(listingPages).toEqual(["/filmer/side/2"]);
    const expected =
      staticPages.length + films.length + culture.length + snapshot.articles.length + dayPages + listingPages.length;
    expect(Object.values(result.routes).reduce((a, b) => a + (b ?? 0), 0)).toBe(expected);
    expect(result.routes).toMatchObject({
      film: films.length,
      culture: culture.length,
      article: snapshot.articles.length,
      "not-found": 1,
    });

    const files = new Set(await listFiles(out));
    const expectPage = (file: string, json: string) => {
      expect(files, file).toContain(file);
      expect(files, json).toContain(`page-data/${json}.json`);
    };
    expectPage("index.html", "index");
    expectPage("404.html", "404.html");
    expectPage("kinoprogram/index.html", "kinoprogram");
    expectPage("filmer/side/2/index.html", "filmer/side/2");
    for (const film of films) expectPage(`${film.parentSlug}/index.html`, film.parentSlug);
    for (const p of culture) expectPage(`${p.pageReference}/index.html`, p.pageReference);
    for (const a of snapshot.articles) expectPage(`article/${a.slug}/index.html`, `article/${a.slug}`);
    for (const name of [
      "sitemap.xml",
      "robots.txt",
      "kalender.ics",
      "_redirects",
      "_headers",
      "redirects.json",
      "manifest.webmanifest",
      "page-manifest.json",
      "sw.js",
      "offline.html",
    ]) {
      expect(files, name).toContain(name);
    }
    expect([...files].some((f) => /^assets\/boot\.[0-9A-Z]{8}\.js$/.test(f))).toBe(true);
    expect([...files].some((f) => /^assets\/site\.[0-9a-f]{8}\.css$/.test(f))).toBe(true);
    expect(result.files).toBe(files.size);
  });

  it("writes the programme page's calendar feed, which its programme links and the deploy manifest types", async () => {
    const feed = await readFile(path.join(out, "kinoprogram-kalender.ics"), "utf8");
    expect(feed).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(feed).toContain("BEGIN:VEVENT\r\n");
    const html = parse(await readFile(path.join(out, "kinoprogram", "index.html"), "utf8"));
    expect(html.querySelector('.programme a[type="text/calendar"]')?.getAttribute("href")).toBe(
      "/kinoprogram-kalender.ics",
    );
    const manifest = JSON.parse(await readFile(result.manifest, "utf8")) as {
      files: { path: string; contentType: string; cacheControl: string }[];
    };
    expect(manifest.files.find((file) => file.path === "/kinoprogram-kalender.ics")).toMatchObject({
      contentType: "text/calendar; charset=utf-8",
      cacheControl: "no-cache",
    });
    expect(await readFile(path.join(out, "_headers"), "utf8")).toContain(
      "/*.ics\n  Content-Type: text/calendar; charset=utf-8\n",
    );
  });

  it("notes the trailing-slash twins of pages in the redirect table once, without warnings", () => {
    expect(result.warnings).toEqual([]);
    expect(result.notes).toEqual([
      "4 redirects of the redirect table were left out because each differs from a page's address only by a trailing slash, and the page answers with and without it: /priser-og-rabatter/, /gavekort-pa-kino/, /om-kinoen/, /film-i-kveldslys/. Nothing to do.",
    ]);
  });

  it("lists every route in the page manifest with its jsonName and layout", async () => {
    const manifest = JSON.parse(await readFile(path.join(out, "page-manifest.json"), "utf8"));
    const total = Object.values(result.routes).reduce((a, b) => a + (b ?? 0), 0);
    expect(manifest).toHaveLength(total);
    expect(manifest).toContainEqual({
      path: "/kommende",
      jsonName: "kommende",
      layout: "page-header-footer",
      pageType: "ordinary",
    });
    expect(manifest).toContainEqual({
      path: "/article/personvernerklaering",
      jsonName: "article/personvernerklaering",
      layout: "page-header-footer",
      pageType: "standard",
    });
  });

  it("is deterministic: a second build of the same snapshot is byte-identical", async () => {
    const again = path.join(root, "again");
    await build({ partner: "178", partnersDir, source: "snapshot", out: again, now: NOW });
    expect(await hashTree(again)).toEqual(await hashTree(out));
  });

  it("writes the same bytes from render workers (the compiled CLI) as in one thread", async () => {
    const pooled = path.join(root, "pooled");
    const { stdout } = await promisify(execFile)(process.execPath, [
      "bin/cinema-build.js",
      "--partner",
      "178",
      "--workers",
      "2",
      "--out",
      pooled,
    ]);
    expect(stdout).toMatch(new RegExp(`routes: ${Object.values(result.routes).reduce((a, b) => a + (b ?? 0), 0)} `));
    expect(await hashTree(pooled)).toEqual(await hashTree(out));
  }, 180_000);

  it("serves its own media (docs/data-format.md, Local media): every image of every page is a hashed file of the build, with a srcset", async () => {
    const files = new Set(await listFiles(out));
    const pages = [...files].filter((file) => file.endsWith(".html"));
    let images = 0;
    for (const file of pages) {
      const html = await readFile(path.join(out, file), "utf8");
      expect(html.includes("media:"), `${file} still names media:`).toBe(false);
      for (const img of parse(html).querySelectorAll("img")) {
        const src = img.getAttribute("src")!;
        if (src.startsWith("data:")) continue;
        images += 1;
        const urls = [
          src,
          ...(img.getAttribute("srcset") ?? "")
            .split(",")
            .map((part) => part.trim().split(" ")[0])
            .filter(Boolean),
        ];
        for (const url of urls) expect(files.has(url.replace(/^\//, "")), `${file}: ${url}`).toBe(true);
        expect(src, `${file}`).toMatch(/^\/assets\/media\/.+\.[0-9a-f]{8}\.(webp|svg|png)$/);
      }
    }
    expect(images).toBeGreaterThan(500);
    const posters = [...files].filter((file) => file.startsWith("assets/media/plakater/"));
    expect(posters.length).toBeGreaterThan(0);
  });

  it("never writes a credential from the environment into any file", async () => {
    for (const file of await listFiles(out)) {
      const text = await readFile(path.join(out, file), "utf8");
      for (const value of Object.values(SENTINELS)) expect(text.includes(value), `${value} in ${file}`).toBe(false);
    }
  });
});

describe("a build that fails half-way", () => {
  it("reports every failing route and leaves the previous output exactly as it was", async () => {
    const previous = path.join(root, "previous");
    // The output is a symlink to its build's published folder: copy what it points to, with the
    // marker beside it put inside (the earlier layout, still taken as cinema-build's own).
    await cp(out, previous, { recursive: true, dereference: true });
    await cp(
      path.join(path.dirname(await realpath(out)), ".cinema-build.json"),
      path.join(previous, ".cinema-build.json"),
    );
    const before = await hashTree(previous);

    // A partner whose film template has a block of an unknown kind: every film route fails
    // while rendering, after the static pages have already been written to the temp folder.
    const broken = path.join(root, "broken-partners");
    await cp(partnersDir, broken, { recursive: true });
    const sitePath = path.join(broken, "178", "snapshot", "site.json");
    const site = JSON.parse(await readFile(sitePath, "utf8"));
    const filmPage = site.pages.find((p: { path: string }) => p.path === "/:production");
    filmPage.blocks.find((b: { component: string }) => b.component === "movie-info").component = "movie-infos";
    await writeFile(sitePath, JSON.stringify(site));

    const error = await build({ partner: "178", partnersDir: broken, source: "snapshot", out: previous }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(BuildErrors);
    const films = snapshot.events.productions.filter((p: { object: string }) => p.object === "movie").length;
    expect((error as BuildErrors).errors).toHaveLength(films);
    expect((error as BuildErrors).format()).toMatch(/page \/[a-z0-9-]+-dxm-\d{8}, block [0-9a-f-]+ \(movie-infos\)/);
    expect((error as BuildErrors).format()).toContain("movie-info");

    expect(await hashTree(previous)).toEqual(before);

    // The same through render workers (the compiled CLI): exit 1; the failures, equal but for
    // their page, are printed once with the first page in path order and the others counted.
    const pooled = await promisify(execFile)(process.execPath, [
      "bin/cinema-build.js",
      "--partner",
      "178",
      "--partners-dir",
      broken,
      "--out",
      previous,
      "--workers",
      "2",
    ]).catch((e) => e);
    expect(pooled.code).toBe(1);
    const lines = (pooled.stderr as string)
      .trim()
      .split("\n")
      .filter((line) => line.startsWith("  - "));
    expect(lines).toHaveLength(1);
    const paths = (error as BuildErrors).errors.map((e) => e.location.pagePath!).sort();
    expect(lines[0]).toContain(`page ${paths[0]}, block`);
    expect(lines[0]).toContain(`(the same on ${films - 1} more pages: ${paths.slice(1, 4).join(", ")}, …)`);
    expect(await hashTree(previous)).toEqual(before);
    const leftovers = (await readdir(root)).filter((name) => name.includes(".tmp-") || name.includes(".old-"));
    expect(leftovers).toEqual([]);
  }, 180_000);
});
