/**
 * Shared day pages (docs/spec-decisions.md "Shared day pages"): which listings are the same,
 * which page owns their day pages, and the chips of the others.
 */
import { describe, expect, it } from "vitest";
import type { ResolvedBlock, ResolvedPage, Site } from "../../src/model/index.js";
import { listingWindowOf } from "../../src/render/programme-window.js";
import { menuRank, sharedListingOf } from "../../src/render/shared-day-pages.js";
import { expandRoutes, type SharedListing } from "../../src/routes/index.js";
import { cmsPage as page } from "../helpers/cms-page.js";

function programme(id: string, fields: Record<string, unknown> = {}): ResolvedBlock {
  const events = [{ id: "p1", tickets: [{ id: "t1", date: "2026-11-25T18:00:00+01:00" }] }];
  return {
    id,
    component: "program",
    place: { row: 0, column: 0, order: 0 },
    data: [
      {
        locale: "nb",
        id: `bd-${id}`,
        bindings: { title: { binding: id, source: null } },
        title: id,
        filter: { type: "date" },
        ticketDisplayMode: 10,
        events,
        ...fields,
      },
    ],
  };
}

const resolved = (...blocks: ResolvedBlock[]) =>
  ({ path: "/x", title: "X", meta: { title: "" }, blocks }) as unknown as ResolvedPage;

describe("the same listing", () => {
  it("ignores the frame: heading, subtitle, banners, the entry's id and bindings", () => {
    const a = sharedListingOf(resolved(programme("aaaaaaaa-1")));
    const b = sharedListingOf(resolved(programme("bbbbbbbb-2", { subtitle: "Påske", bannerId: "x" })));
    expect(a!.key).toBe(b!.key);
    expect(b!.blocks).toEqual(["bbbbbbbb-2"]);
  });

  it("differs in anything the day pages show: records, rules, kind, number of listings", () => {
    const key = (...blocks: ResolvedBlock[]) => sharedListingOf(resolved(...blocks))!.key;
    const base = key(programme("a"));
    expect(key(programme("a", { ticketDisplayMode: -1 }))).not.toBe(base);
    expect(key(programme("a", { showTicketCount: false }))).not.toBe(base);
    expect(key(programme("a", { adFlagsFilter: ["senior_cinema"] }))).not.toBe(base);
    expect(key(programme("a", { filter: { type: "date", from: "2026-11-26" } }))).not.toBe(base);
    expect(key(programme("a", { events: [] }))).not.toBe(base);
    expect(key({ ...programme("a"), component: "culture-program" })).not.toBe(base);
    expect(key(programme("a"), programme("b"))).not.toBe(base);
  });

  it("is none for a page without a listing by day", () => {
    expect(sharedListingOf(resolved(programme("a", { filter: { type: "none" } })))).toBeNull();
  });
});

describe("the owner of shared day pages", () => {
  const site = {
    activeLocale: "nb",
    locale: { default: "nb" },
    theme: {
      menu: [
        { id: "m1", path: "", parent: "", label: "Film", place: "header", locale: "nb", order: 0 },
        { id: "m1-2", path: "/kampanje/", parent: "m1", label: "K", place: "header", locale: "nb", order: 2 },
        { id: "m1-1", path: "/program", parent: "m1", label: "P", place: "header", locale: "nb", order: 1 },
        { id: "f1", path: "/annet", parent: "", label: "A", place: "footer", locale: "nb", order: 0 },
      ],
    },
  } as unknown as Site;

  it("is the first in the menu's order (header depth first, then footer), pages outside it last", () => {
    const rank = menuRank(site);
    expect(["/program", "/kampanje", "/annet", "/utenfor"].map(rank)).toEqual([0, 1, 2, 3]);
  });

  it("writes the day pages once; the others lead there, by menu order and then by path", () => {
    const listing: SharedListing = { key: "k", blocks: ["b-owner"], feed: { title: "", showings: [] } };
    const routes = expandRoutes({
      partner: 1,
      pages: [page("/a-utenfor"), page("/kampanje"), page("/program"), page("/b-utenfor")],
      selectRecords: () => [],
      programmeDays: () => ["2026-11-25"],
      listingOf: (route) => ({ ...listing, blocks: [`block${route.path}`] }),
      pageRank: menuRank(site),
    });
    expect(routes.map((route) => route.path)).toEqual([
      "/a-utenfor",
      "/b-utenfor",
      "/kampanje",
      "/program",
      "/program/dag/2026-11-25",
    ]);
    for (const path of ["/a-utenfor", "/b-utenfor", "/kampanje"])
      expect(routes.find((route) => route.path === path)!.dayPagesOf).toEqual({
        path: "/program",
        blocks: ["block/program"],
      });
    expect(routes.find((route) => route.path === "/program")!.dayPagesOf).toBeUndefined();
  });

  it("outside the menu, the first by path owns", () => {
    const routes = expandRoutes({
      partner: 1,
      pages: [page("/b"), page("/a")],
      selectRecords: () => [],
      programmeDays: () => ["2026-11-25"],
      listingOf: () => ({ key: "k", blocks: ["x"], feed: { title: "", showings: [] } }),
      pageRank: () => 0,
    });
    expect(routes.map((route) => route.path)).toEqual(["/a", "/a/dag/2026-11-25", "/b"]);
  });

  it("a chip of a page that shares leads to the owner's day page and names its anchors", () => {
    const window = listingWindowOf({
      base: "/kampanje",
      days: ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23"],
      shown: ["2026-11-20", "2026-11-21", "2026-11-22"],
      day: null,
      dayPages: new Set(["2026-11-23"]),
      dayBase: "/program",
      dayAnchorPrefix: "dag-12345678",
    });
    expect(window).toMatchObject({
      base: "/kampanje",
      dayPaths: { "2026-11-23": "/program/dag/2026-11-23" },
      dayAnchorPrefix: "dag-12345678",
    });
  });
});
