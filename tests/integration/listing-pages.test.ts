/**
 * Bounded listings on a generated partner (docs/spec-decisions.md, Bounded listings; src/render/listing-pages.ts): at
 * 450 films the film grid, the programme windows and some programme days list more than
 * LISTING_PAGE_SIZE films. Every page stays within the bound, later pages are routes of their
 * own (sitemap, page data, canonical, title), every film of a listing is reached by following
 * "Neste side" from its first page, and the build's link checker finds nothing broken.
 */
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse, type HTMLElement } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageResolver } from "../../src/bind/index.js";
import { build, type BuildResult } from "../../src/build.js";
import { loadDataset } from "../../src/load.js";
import { StageTimer } from "../../src/log/index.js";
import { CAROUSEL_MAX_SLIDES, LISTING_PAGE_SIZE } from "../../src/render/display-rules.js";
import { listedItems } from "../../src/render/listing-pages.js";
import { toOsloLocal } from "../../src/isomorphic/time/oslo.js";
import { DEFAULT_OPTIONS, generateSnapshot } from "../../scripts/partner-generator/generate.js";

const PARTNER = 9450;
let root: string;
let site: string;
let result: BuildResult;
/** Film page paths ('/<parentSlug>'), from the dataset, not from the generator's spelling. */
let filmPaths: Set<string>;
/** Links of every film /filmer's grid lists, from its unpaged resolution. */
let filmerListing: string[];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "cb-listing-"));
  const partners = path.join(root, "partners");
  await generateSnapshot({
    ...DEFAULT_OPTIONS,
    partner: PARTNER,
    seed: PARTNER,
    films: 450,
    culture: 10,
    articles: 5,
    out: partners,
  });
  const { dataset } = await loadDataset(
    { partner: String(PARTNER), partnersDir: partners, source: "snapshot" },
    new StageTimer(),
  );
  filmPaths = new Set(
    dataset.productions.filter((p) => typeof p.parentSlug === "string").map((p) => `/${p.parentSlug}`),
  );
  const filmer = dataset.site.pages.find((p) => p.path === "/filmer")!;
  const resolved = createPageResolver(dataset).resolvePage({ page: filmer, path: filmer.path, params: {} });
  const grid = resolved.blocks.find((block) => block.component === "events")!;
  filmerListing = listedItems(grid, grid.data[0], toOsloLocal(dataset.now)).map((event) => String(event.link));
  site = path.join(root, "site");
  result = await build({
    partner: String(PARTNER),
    partnersDir: partners,
    source: "snapshot",
    out: site,
    cache: false,
  });
}, 300_000);

afterAll(() => rm(root, { recursive: true, force: true }));

async function page(routePath: string): Promise<HTMLElement> {
  const file = routePath === "/" ? "index.html" : `${routePath.replace(/^\//, "")}/index.html`;
  return parse(await readFile(path.join(site, file), "utf8"));
}

/** Distinct film pages a page's main content links to, in order. */
function filmsOf(doc: HTMLElement): string[] {
  const links = doc.querySelectorAll("main a[href]").map((a) => a.getAttribute("href")!.replace(/[?#].*$/, ""));
  return [...new Set(links.filter((href) => filmPaths.has(href)))];
}

/** Follows "Neste side" from a listing's first page: every page's path and films. */
async function followPages(first: string): Promise<{ path: string; films: string[] }[]> {
  const pages: { path: string; films: string[] }[] = [];
  for (let at: string | null = first; at !== null;) {
    const doc = await page(at);
    pages.push({ path: at, films: filmsOf(doc) });
    const next: HTMLElement | null = doc.querySelector('nav[aria-label="Sider"] a[rel="next"]');
    expect(next === null || next.text.trim() === "Neste side").toBe(true);
    at = next ? next.getAttribute("href")! : null;
    expect(pages.length).toBeLessThan(100);
  }
  return pages;
}

async function routePaths(): Promise<string[]> {
  const files = await readdir(site, { recursive: true });
  return files.filter((file) => file.endsWith("index.html")).map((file) => `/${file.replace(/\/?index\.html$/, "")}`);
}

describe("bounded listings at 450 films", () => {
  it("splits the film grid, the programme windows and the fullest days into pages", async () => {
    const paths = await routePaths();
    const later = paths.filter((p) => /\/side\/\d+$/.test(p));
    expect(later).toContain("/filmer/side/2");
    expect(later).toContain("/kinoprogram/side/2");
    expect(later.some((p) => /\/dag\/\d{4}-\d{2}-\d{2}\/side\/2$/.test(p))).toBe(true);
    expect(result.links.broken).toEqual([]);
  });

  it("lists at most LISTING_PAGE_SIZE films on any page but the front page", async () => {
    const over: [string, number][] = [];
    for (const routePath of await routePaths()) {
      if (routePath === "/" || filmPaths.has(routePath)) continue;
      const count = filmsOf(await page(routePath)).length;
      if (count > LISTING_PAGE_SIZE) over.push([routePath, count]);
    }
    expect(over).toEqual([]);
  });

  it("caps the front page's carousels at CAROUSEL_MAX_SLIDES", async () => {
    const front = await page("/");
    expect(front.querySelectorAll(".slideshow .slide").length).toBe(CAROUSEL_MAX_SLIDES);
    for (const track of front.querySelectorAll(".cover-flow .scroller"))
      expect(track.querySelectorAll(".scroller__item").length).toBeLessThanOrEqual(CAROUSEL_MAX_SLIDES);
  });

  it("reaches every film of /filmer once by following Neste side, with Forrige side back", async () => {
    const pages = await followPages("/filmer");
    expect(pages.map((p) => p.path)).toEqual(["/filmer", ...pages.slice(1).map((_, i) => `/filmer/side/${i + 2}`)]);
    const films = pages.flatMap((p) => p.films);
    expect(new Set(films).size).toBe(films.length);
    expect(pages.slice(0, -1).every((p) => p.films.length === LISTING_PAGE_SIZE)).toBe(true);
    // Every film the grid lists (its whole resolution, unpaged) is on exactly one of its pages.
    expect(films.length).toBeGreaterThan(LISTING_PAGE_SIZE * 2);
    expect(new Set(films)).toEqual(new Set(filmerListing));
    const second = await page("/filmer/side/2");
    expect(second.querySelector('nav[aria-label="Sider"] a[rel="prev"]')?.getAttribute("href")).toBe("/filmer");
    expect(second.querySelector('nav[aria-label="Sider"] a[rel="prev"]')?.text.trim()).toBe("Forrige side");
  });

  it("reaches a full day's films over its day page's pages", async () => {
    const day = (await routePaths())
      .find((p) => /\/kinoprogram\/dag\/[\d-]+\/side\/2$/.test(p))
      ?.replace(/\/side\/2$/, "");
    expect(day).toBeDefined();
    const pages = await followPages(day!);
    expect(pages.length).toBeGreaterThan(1);
    const films = pages.flatMap((p) => p.films);
    expect(films.length).toBeGreaterThan(LISTING_PAGE_SIZE);
    expect(new Set(films).size).toBe(films.length);
  });

  it("makes each later page a real route: title, canonical, page data, sitemap, not in search", async () => {
    const second = await page("/filmer/side/2");
    expect(second.querySelector("title")!.text).toMatch(/ – side 2$/);
    expect(second.querySelector('link[rel="canonical"]')!.getAttribute("href")).toMatch(/\/filmer\/side\/2$/);
    expect(second.querySelector("body")!.getAttribute("data-page-data")).toBe("/page-data/filmer/side/2.json");
    const data = JSON.parse(await readFile(path.join(site, "page-data/filmer/side/2.json"), "utf8"));
    expect(data).toBeTypeOf("object");
    const sitemap = await readFile(path.join(site, "sitemap.xml"), "utf8");
    const later = (await routePaths()).filter((p) => /\/side\/\d+$/.test(p));
    for (const routePath of later) expect(sitemap).toContain(`${routePath}</loc>`);
    expect(result.rendered).toEqual(expect.arrayContaining(later));
  });
});
