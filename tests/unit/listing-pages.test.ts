/**
 * Bounded listings (docs/spec-decisions.md, Bounded listings, src/render/listing-pages.ts): carousels capped, listings
 * cut into pages of LISTING_PAGE_SIZE with the pager on the longest, later pages titled and
 * routed at '<path>/side/<n>'.
 */
import { describe, expect, it } from "vitest";
import type { ResolvedBlock, ResolvedPage } from "../../src/model/index.js";
import { CAROUSEL_MAX_SLIDES, LISTING_PAGE_SIZE } from "../../src/render/display-rules.js";
import { listingPagePath } from "../../src/model/page-paths.js";
import { listingPageCount, pageListings, type ListingPager, type ListingView } from "../../src/render/listing-pages.js";
import type { ProgrammeWindow } from "../../src/model/programme-window.js";
import { expandRoutes } from "../../src/routes/index.js";
import { cmsPage } from "../helpers/cms-page.js";

const NOW = "2026-11-20T09:00:00";

function block(id: string, component: string, fields: Record<string, unknown>): ResolvedBlock {
  return {
    id,
    component,
    place: { column: 0, row: 0, order: 0 },
    data: [{ locale: "nb", id: `${id}-data`, bindings: {}, ...fields }],
  };
}

function page(blocks: ResolvedBlock[]): ResolvedPage {
  return {
    pageId: "p",
    path: "/filmer",
    params: {},
    title: "Filmer",
    layout: "page-header-footer",
    pageType: "ordinary",
    template: { rows: [] },
    meta: { locale: "nb", title: "", description: "", keywords: "", image: null, facebookVerificationCode: null },
    blocks,
  };
}

/** A film with one showing on `day` at 18:00 (after NOW). */
function film(n: number, day = "2026-11-21"): Record<string, unknown> {
  return {
    id: `f${n}`,
    title: `Film ${n}`,
    link: `/film-${n}`,
    tickets: [{ id: `t${n}`, date: `${day}T18:00:00`, placeholder: false }],
  };
}

const view = (n: number, paged = true): ListingView => ({ page: n, base: "/filmer", paged, nowLocal: NOW });
const itemsOf = (p: ResolvedPage, index: number, field = "events") =>
  p.blocks[index].data[0][field] as Record<string, unknown>[];
const pagerOf = (p: ResolvedPage, index: number) => p.blocks[index].data[0].listingPager as ListingPager | undefined;

describe("listing pages", () => {
  const films = Array.from({ length: 130 }, (_, i) => film(i + 1));
  const grid = page([block("a", "card-list", { cards: films.slice(0, 5) }), block("b", "events", { events: films })]);

  it("counts the pages of the longest listing", () => {
    expect(listingPageCount(grid, NOW)).toBe(Math.ceil(130 / LISTING_PAGE_SIZE));
    expect(listingPageCount(page([block("b", "events", { events: films.slice(0, LISTING_PAGE_SIZE) })]), NOW)).toBe(1);
  });

  it("shows each page's slice, every film exactly once over the pages", () => {
    const seen: unknown[] = [];
    for (let n = 1; n <= 3; n++) {
      const shown = itemsOf(pageListings(grid, view(n)), 1);
      expect(shown.length).toBeLessThanOrEqual(LISTING_PAGE_SIZE);
      seen.push(...shown.map((f) => f.id));
    }
    expect(seen).toEqual(films.map((f) => f.id));
    // The short listing is on the first page only.
    expect(itemsOf(pageListings(grid, view(2)), 0, "cards")).toEqual([]);
  });

  it("puts the pager on the longest listing, with prev/next paths", () => {
    expect(pagerOf(pageListings(grid, view(1)), 0)).toBeUndefined();
    expect(pagerOf(pageListings(grid, view(1)), 1)).toEqual({ page: 1, pages: 3, prev: null, next: "/filmer/side/2" });
    expect(pagerOf(pageListings(grid, view(2)), 1)).toEqual({
      page: 2,
      pages: 3,
      prev: "/filmer",
      next: "/filmer/side/3",
    });
    expect(pagerOf(pageListings(grid, view(3)), 1)).toEqual({ page: 3, pages: 3, prev: "/filmer/side/2", next: null });
  });

  it("names a later page by its number and path", () => {
    const second = pageListings(grid, view(2));
    expect(second.path).toBe("/filmer/side/2");
    expect(second.meta.title).toBe("Filmer – side 2");
    expect(pageListings(grid, view(1)).meta.title).toBe("");
  });

  it("leaves a page without pages of its own at its first page, without a pager", () => {
    const front = pageListings(grid, view(1, false));
    expect(itemsOf(front, 1)).toHaveLength(LISTING_PAGE_SIZE);
    expect(pagerOf(front, 1)).toBeUndefined();
  });

  it("lists only films with something left to show (the rule the grid renders)", () => {
    const past = { ...film(999), tickets: [{ id: "old", date: "2026-11-19T18:00:00", placeholder: false }] };
    const mixed = page([block("b", "events", { events: [past, ...films] })]);
    expect(itemsOf(pageListings(mixed, view(1)), 0).map((f) => f.id)).not.toContain("f999");
    expect(itemsOf(pageListings(mixed, view(3)), 0).at(-1)?.id).toBe("f130");
  });

  it("caps carousels at CAROUSEL_MAX_SLIDES and leaves short pages untouched", () => {
    const slides = Array.from({ length: 70 }, (_, i) => ({ title: `Slide ${i}` }));
    const front = pageListings(
      page([block("s", "slideshow", { slides }), block("c", "cover-flow", { items: slides })]),
      view(1, false),
    );
    expect(itemsOf(front, 0, "slides")).toEqual(slides.slice(0, CAROUSEL_MAX_SLIDES));
    expect(itemsOf(front, 1, "items")).toHaveLength(CAROUSEL_MAX_SLIDES);
    const short = page([block("b", "events", { events: films.slice(0, 3) })]);
    expect(pageListings(short, view(1)).blocks[0]).toBe(short.blocks[0]);
  });

  it("orders and limits a card list before paging it", () => {
    const cards = Array.from({ length: 100 }, (_, i) => ({
      title: `Kort ${i}`,
      date: `2026-12-${String(31 - (i % 30)).padStart(2, "0")}T12:00:00`,
    }));
    const list = page([block("a", "card-list", { cards, limit: 70 })]);
    expect(listingPageCount(list, NOW)).toBe(2);
    const first = itemsOf(pageListings(list, view(1)), 0, "cards");
    expect(first.map((c) => c.date)).toEqual([...first.map((c) => c.date)].sort());
    expect(itemsOf(pageListings(list, view(2)), 0, "cards")).toHaveLength(10);
  });

  it("on a later page, shows the window days its films play and leads a chip of another page's day there", () => {
    const window: ProgrammeWindow = {
      base: "/kinoprogram",
      days: ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-25"],
      shown: ["2026-11-20", "2026-11-21", "2026-11-22"],
      dayPaths: { "2026-11-25": "/kinoprogram/dag/2026-11-25" },
    };
    const programme = [
      ...Array.from({ length: 60 }, (_, i) => film(i, "2026-11-21")),
      ...Array.from({ length: 10 }, (_, i) => film(100 + i, "2026-11-22")),
    ];
    const p = page([block("p", "program", { events: programme, programmeWindow: window })]);
    const second = pageListings(
      { ...p, path: "/kinoprogram" },
      { page: 2, base: "/kinoprogram", paged: true, nowLocal: NOW },
    );
    const shown = second.blocks[0].data[0].programmeWindow as ProgrammeWindow;
    expect(shown.shown).toEqual(["2026-11-22"]);
    // 21 November's films are all on the first page: its chip leads there; the 20th has none.
    expect(shown.days).toEqual(["2026-11-21", "2026-11-22", "2026-11-25"]);
    expect(shown.heldOn).toEqual({ "2026-11-21": "/kinoprogram" });
    expect(shown.dayPaths).toEqual(window.dayPaths);
  });
});

describe("listing routes", () => {
  const cms = (path: string) => cmsPage(path);

  it("adds '<path>/side/<n>' for a listing's later pages and its day pages' later pages", () => {
    const routes = expandRoutes({
      partner: 178,
      pages: [cms("/filmer"), cms("/kinoprogram"), cms("/om-oss")],
      selectRecords: () => [],
      programmeDays: (route) => (route.path === "/kinoprogram" ? ["2026-11-25"] : []),
      listingPages: (route) => ({ "/filmer": 3, "/kinoprogram": 2, "/kinoprogram/dag/2026-11-25": 2 })[route.path] ?? 1,
    });
    expect(routes.map((r) => [r.path, r.listingPage ?? null, r.programmeDay ?? null, r.file])).toEqual([
      ["/filmer", null, null, "filmer/index.html"],
      ["/filmer/side/2", 2, null, "filmer/side/2/index.html"],
      ["/filmer/side/3", 3, null, "filmer/side/3/index.html"],
      ["/kinoprogram", null, null, "kinoprogram/index.html"],
      ["/kinoprogram/dag/2026-11-25", null, "2026-11-25", "kinoprogram/dag/2026-11-25/index.html"],
      ["/kinoprogram/dag/2026-11-25/side/2", 2, "2026-11-25", "kinoprogram/dag/2026-11-25/side/2/index.html"],
      ["/kinoprogram/side/2", 2, null, "kinoprogram/side/2/index.html"],
      ["/om-oss", null, null, "om-oss/index.html"],
    ]);
    expect(routes.find((r) => r.path === "/filmer/side/2")?.jsonName).toBe("filmer/side/2");
  });

  it("reports a CMS page that takes a listing page's path as a route conflict", () => {
    expect(() =>
      expandRoutes({
        partner: 178,
        pages: [cms("/filmer"), cms("/filmer/side/2")],
        selectRecords: () => [],
        listingPages: (route) => (route.path === "/filmer" ? 2 : 1),
      }),
    ).toThrow(/same path '\/filmer\/side\/2'/);
    expect(listingPagePath("/", 2)).toBe("/side/2");
  });
});
