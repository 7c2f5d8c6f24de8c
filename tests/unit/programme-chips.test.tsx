/**
 * The day chips of a programme (src/render/programme-window.ts, templates/islands/day-pages.tsx).
 * Regression for the probe of partner 6161 (capture 2027-03-24): the front page's programme
 * blocks offered "I dag / I morgen / fre 26.3." whatever days each block had, to anchors that
 * did not exist; day pages skipped the days between the window and their own; and the
 * programme page's chips stopped where its day pages' went on. Every chip must lead to a day
 * of its own listing that has showings; a programme page and its day pages offer one row.
 */
import { parse, type HTMLElement } from "node-html-parser";
import { describe, expect, it } from "vitest";
import type { ResolvedPage } from "../../src/model/index.js";
import { dayPagePath } from "../../src/model/page-paths.js";
import { DAY_CHIPS, dayPagesOf, programmeDaysOf, windowProgrammePage } from "../../src/render/programme-window.js";
import { LISTING_PAGE_SIZE } from "../../src/render/display-rules.js";
import { listingPageCount, pageListings } from "../../src/render/listing-pages.js";
import { dayNavOf } from "../../templates/islands/day-pages.js";
import { block, page, renderer, route, ticket } from "../fixtures/render/fixture.js";
import { islandPropsOf } from "../helpers/island-props.js";
import { dayAnchorPrefix } from "../../templates/ui/day-anchor.js";

// The fixture's build time is 2026-12-04 12:00 Oslo (a Friday).
const TODAY = "2026-12-04";

const film = (n: number, dates: string[]) => ({
  id: `${n}_movie_movie`,
  title: `Film ${n}`,
  image: null,
  description: null,
  cast: null,
  link: `/film-${n}`,
  type: "movie",
  category: "Film",
  club: null,
  begin: null,
  features: [],
  tickets: dates.map((date, i) => ticket(`${n}${i}`, `${date} 18:00:00`)),
  properties: [],
});
const programme = (kind: string, dates: string[][], filter: Record<string, unknown> = {}) =>
  block(kind, {
    title: kind,
    subtitle: null,
    filter: { type: "date", from: null, to: null, ...filter },
    bannerId: null,
    bannerMobileId: null,
    adFlagsFilter: [],
    ticketDisplayMode: -1,
    showTicketCount: true,
    events: dates.map((list, n) => film(n, list)),
  });

interface Chip {
  text: string;
  href: string;
  current: boolean;
}

/** The rendered page of a route of `shared` (null: the programme page) and its programme islands' chips. */
function view(shared: ResolvedPage, day: string | null) {
  const path = day === null ? shared.path : dayPagePath(shared.path, day);
  const doc = parse(renderer().render(windowProgrammePage(shared, day, path), route(path)));
  const listings = doc.querySelectorAll('[data-island="programme"]').map((marker) => ({
    marker,
    chips: marker.querySelectorAll(".day-nav a").map((a): Chip => ({
      text: a.text,
      href: a.getAttribute("href")!,
      current: a.getAttribute("aria-current") === "true",
    })),
    sections: marker.querySelectorAll(".programme-day").map((section) => section.id),
    more: marker.querySelector(".day-more a")?.getAttribute("href") ?? null,
  }));
  return { path, doc, listings };
}

/** The page and day a chip leads to: its own page's anchor, another page's anchor, or a day page. */
function targetOf(href: string, from: string): { path: string; anchor: string | null } {
  const [path, anchor] = href.split("#");
  return { path: path || from, anchor: anchor ?? null };
}

describe("front page (probe 6161 (a)): chips per block, only to its own days", () => {
  // "I dag og i morgen" ends tomorrow (bind has kept only those days); culture plays only on Sunday.
  const front = page(
    [
      programme("program", [[TODAY, "2026-12-05"], ["2026-12-05"]], { to: "2026-12-05" }),
      programme("culture-program", [["2026-12-06"]]),
    ],
    { path: "/" },
  );

  it("offers each block the days it has, each chip to a section on the page", () => {
    const { listings } = view(front, null);
    expect(listings.map((listing) => listing.chips.map((chip) => chip.text))).toEqual([["I dag", "I morgen"], []]);
    expect(listings.map((listing) => listing.sections.map((id) => id.slice(-10)))).toEqual([
      [TODAY, "2026-12-05"],
      ["2026-12-06"],
    ]);
    for (const listing of listings)
      for (const chip of listing.chips) expect(listing.sections).toContain(chip.href.slice(1));
    expect(listings[0].chips[0].current).toBe(true);
  });

  it("gives no block a chip for a day outside its from/to even if its data has one", () => {
    const loose = page([programme("program", [[TODAY, "2026-12-05", "2026-12-06"]], { to: "2026-12-05" })], {
      path: "/",
    });
    const { listings } = view(loose, null);
    expect(listings[0].chips.map((chip) => chip.href.slice(-10))).toEqual([TODAY, "2026-12-05"]);
  });
});

describe("a programme page and its day pages (probe 6161 (b), (c))", () => {
  // Eleven days in a row, then days further apart: 18 days, more than DAY_CHIPS.
  const days = [
    ...Array.from({ length: 11 }, (_, i) => `2026-12-${String(4 + i).padStart(2, "0")}`),
    "2026-12-21",
    "2026-12-22",
    "2027-01-15",
    "2027-03-01",
    "2027-05-05",
    "2027-07-01",
    "2027-08-01",
  ];
  const shared = page([programme("program", [days, days.filter((_, i) => i % 2 === 0)])], { path: "/kinoprogram" });
  const dayPages = dayPagesOf(programmeDaysOf(shared));
  const capped = days.slice(0, DAY_CHIPS);

  it("has a day page for every day after the window", () => {
    expect(DAY_CHIPS).toBeLessThan(days.length);
    expect(dayPages).toEqual(days.slice(3));
  });

  it("offers the same chips, in order and without gaps, on the programme page and on each day page within them", () => {
    const main = view(shared, null).listings[0];
    expect(main.chips.map((chip) => chip.href.slice(-10))).toEqual(capped);
    expect(main.chips.filter((chip) => chip.current).map((chip) => chip.href.slice(-10))).toEqual([TODAY]);
    for (const day of capped.slice(3)) {
      const listing = view(shared, day).listings[0];
      expect(
        listing.chips.map((chip) => chip.text),
        day,
      ).toEqual(main.chips.map((chip) => chip.text));
      expect(
        listing.chips.filter((chip) => chip.current).map((chip) => chip.text),
        day,
      ).toEqual(main.chips.filter((chip) => chip.href.endsWith(day)).map((chip) => chip.text));
    }
  });

  it("a day page after the chips adds its own day, marked current, and links the next day", () => {
    for (const [index, day] of days.entries()) {
      if (index < DAY_CHIPS) continue;
      const listing = view(shared, day).listings[0];
      expect(
        listing.chips.map((chip) => chip.href.slice(-10)),
        day,
      ).toEqual([...capped, day]);
      expect(listing.chips.at(-1)!.current).toBe(true);
      expect(listing.more, day).toBe(index + 1 < days.length ? dayPagePath("/kinoprogram", days[index + 1]) : null);
    }
  });

  it("every chip and 'Vis …' link leads to a page that has that day's section", () => {
    const pages = new Map(
      [null, ...dayPages].map((day) => {
        const v = view(shared, day);
        return [v.path, v] as const;
      }),
    );
    for (const [path, v] of pages) {
      const listing = v.listings[0];
      for (const href of [...listing.chips.map((chip) => chip.href), ...(listing.more ? [listing.more] : [])]) {
        const target = targetOf(href, path);
        const page = pages.get(target.path);
        expect(page, `${href} on ${path}`).toBeDefined();
        const day = target.anchor ? target.anchor.slice(-10) : target.path.slice(-10);
        expect(
          page!.listings[0].sections.map((id) => id.slice(-10)),
          `${href} on ${path}`,
        ).toContain(day);
        if (target.anchor) expect(page!.doc.getElementById(target.anchor), `${href} on ${path}`).not.toBeNull();
        // A chip's day on a day page is linked as that page, not as an anchor on another.
        if (dayPages.includes(day) && target.path !== path) expect(target.path).toBe(dayPagePath("/kinoprogram", day));
      }
    }
  });

  it("a day page's island renders the same HTML from its props", async () => {
    const { renderToString } = await import("react-dom/server");
    const { ProgrammeIsland } = await import("../../templates/islands/programme.js");
    for (const day of ["2026-12-08", "2027-03-01"]) {
      const { doc, listings } = view(shared, day);
      const marker = listings[0].marker;
      const props = islandPropsOf(doc, marker) as Record<string, any>;
      expect(
        renderToString(<ProgrammeIsland {...(props as any)} />, {
          identifierPrefix: marker.getAttribute("data-island-id")!,
        }),
      ).toBe(marker.innerHTML);
    }
  });
});

describe("two programmes on one programme page", () => {
  const shared = page(
    [
      programme("program", [[TODAY, "2026-12-05", "2026-12-06"]]),
      programme("culture-program", [["2026-12-06", "2026-12-08", "2026-12-10", "2026-12-12"]]),
    ],
    { path: "/kinoprogram" },
  );

  it("each offers its own days; a day after its own window is its day page", () => {
    const { listings } = view(shared, null);
    expect(listings.map((listing) => listing.chips.map((chip) => [chip.text, chip.href]))).toEqual([
      [
        ["I dag", `#${listings[0].sections[0]}`],
        ["I morgen", `#${listings[0].sections[1]}`],
        ["søn 6.12.", `#${listings[0].sections[2]}`],
      ],
      [
        ["søn 6.12.", `#${listings[1].sections[0]}`],
        ["tir 8.12.", `#${listings[1].sections[1]}`],
        ["tor 10.12.", `#${listings[1].sections[2]}`],
        ["lør 12.12.", "/kinoprogram/dag/2026-12-12"],
      ],
    ]);
    expect(listings[1].chips[0].current).toBe(true);
  });
});

/**
 * Regression for the probe of partner 6161: the days shown in place were the page's first
 * three across all its programmes, so a programme whose showings all came later showed
 * "Ingen visninger" on a page full of its chips, and one with few days was cut to the page's.
 * Each listing shows its own first PROGRAMME_WINDOW_DAYS days; the day pages stay the page's.
 */
describe("each listing shows its own first days (probe 6161)", () => {
  // Distinct uuid-like ids: the day sections' anchors are named after a uuid's first 8 characters.
  const withId = (prefix: string, programmeBlock: ReturnType<typeof programme>) => ({
    ...programmeBlock,
    id: `${prefix}-0000-4000-8000-000000000000`,
  });
  // Films play today and the next two days (then once more); culture only from Tuesday on.
  const films = withId("aaaaaaaa", programme("program", [[TODAY, "2026-12-05", "2026-12-06", "2026-12-09"]]));
  // The front page's "I dag og i morgen" (made before `culture`: blocks render in the order made).
  const teaser = withId("cccccccc", programme("program", [[TODAY, "2026-12-05"]], { to: "2026-12-05" }));
  const culture = withId(
    "bbbbbbbb",
    programme("culture-program", [
      ["2026-12-08", "2026-12-10"],
      ["2026-12-11", "2026-12-15"],
    ]),
  );
  const days = (listing: { sections: string[] }) => listing.sections.map((id) => id.slice(-10));

  it("front page: a programme whose days all come after the other's shows its own, with a chip to each", () => {
    const front = page([teaser, culture], { path: "/" });
    const { doc, listings } = view(front, null);
    expect(listings.map(days)).toEqual([
      [TODAY, "2026-12-05"],
      ["2026-12-08", "2026-12-10", "2026-12-11"],
    ]);
    expect(listings[1].marker.querySelector(".empty")).toBeNull();
    expect(listings[1].chips.map((chip) => chip.href)).toEqual(listings[1].sections.map((id) => `#${id}`));
    for (const listing of listings)
      for (const chip of listing.chips) expect(doc.getElementById(chip.href.slice(1)), chip.href).not.toBeNull();
    expect(listings[1].more).toBeNull();
  });

  it("programme page: each listing shows its first three days, its later ones are day pages of the page", () => {
    const shared = page([films, culture], { path: "/kinoprogram" });
    const { listings } = view(shared, null);
    expect(listings.map(days)).toEqual([
      [TODAY, "2026-12-05", "2026-12-06"],
      ["2026-12-08", "2026-12-10", "2026-12-11"],
    ]);
    expect(listings[1].chips.map((chip) => chip.href)).toEqual([
      ...listings[1].sections.map((id) => `#${id}`),
      "/kinoprogram/dag/2026-12-15",
    ]);
    expect(listings[1].chips[0].current).toBe(true);
    expect(listings[1].more).toBe("/kinoprogram/dag/2026-12-15");
    // The day pages are those of the page (every day after its first three), as the routes plan them.
    expect(dayPagesOf(programmeDaysOf(shared))).toEqual([
      "2026-12-08",
      "2026-12-09",
      "2026-12-10",
      "2026-12-11",
      "2026-12-15",
    ]);
  });

  it("every chip and 'Vis …' link of either listing leads to a page with that day's section of that listing", () => {
    const shared = page([films, culture], { path: "/kinoprogram" });
    const pages = new Map(
      [null, ...dayPagesOf(programmeDaysOf(shared))].map((day) => {
        const v = view(shared, day);
        return [v.path, v] as const;
      }),
    );
    for (const [path, v] of pages) {
      v.listings.forEach((listing, index) => {
        for (const href of [...listing.chips.map((chip) => chip.href), ...(listing.more ? [listing.more] : [])]) {
          const target = targetOf(href, path);
          const other = pages.get(target.path);
          expect(other, `${href} on ${path}`).toBeDefined();
          const day = target.anchor ? target.anchor.slice(-10) : target.path.slice(-10);
          expect(days(other!.listings[index]), `${href} on ${path}`).toContain(day);
          if (target.anchor)
            expect(
              other!.listings[index].marker.querySelector(`#${target.anchor}`),
              `${href} on ${path}`,
            ).not.toBeNull();
        }
      });
    }
  });

  it("a day page shows that day in each listing; one with nothing that day says so by the day and links its next", () => {
    const shared = page([films, culture], { path: "/kinoprogram" });
    const { listings } = view(shared, "2026-12-09");
    expect(listings.map(days)).toEqual([["2026-12-09"], []]);
    expect(listings[1].marker.querySelector(".empty")?.text).toBe("Ingen visninger onsdag 9. desember.");
    expect(listings[1].chips.map((chip) => chip.href)).toEqual(
      ["2026-12-08", "2026-12-10", "2026-12-11", "2026-12-15"].map((day) => dayPagePath("/kinoprogram", day)),
    );
    expect(listings[1].chips.some((chip) => chip.current)).toBe(false);
    expect(listings[1].more).toBe(dayPagePath("/kinoprogram", "2026-12-10"));
  });

  it("a schedule beside a programme has its own window too, and the same empty day text", async () => {
    const { renderToString } = await import("react-dom/server");
    const { ScheduleIsland } = await import("../../templates/islands/schedule.js");
    const showing = (n: number, date: string) => ({
      ...ticket(`9${n}`, `${date} 21:00:00`),
      title: `Nattfilm ${n}`,
      productionLink: `/nattfilm-${n}`,
      image: null,
      features: [],
    });
    const schedule = withId(
      "dddddddd",
      block("schedule", {
        title: "Visninger",
        subtitle: null,
        ticketDisplayMode: -1,
        showTicketCount: true,
        events: ["2026-12-08", "2026-12-10", "2026-12-11", "2026-12-15"].map((date, n) => showing(n, date)),
      }),
    );
    const shared = page([films, schedule], { path: "/nattkino" });
    const render = (day: string | null) => {
      const path = day === null ? "/nattkino" : dayPagePath("/nattkino", day);
      const doc = parse(renderer().render(windowProgrammePage(shared, day, path), route(path)));
      return { doc, marker: doc.querySelector('[data-island="schedule"]')! };
    };
    const main = render(null).marker;
    expect(main.querySelectorAll(".schedule-day").map((section) => section.id.slice(-10))).toEqual([
      "2026-12-08",
      "2026-12-10",
      "2026-12-11",
    ]);
    expect(main.querySelectorAll(".day-nav a").map((a) => a.getAttribute("href")!.slice(-10))).toEqual([
      "2026-12-08",
      "2026-12-10",
      "2026-12-11",
      "2026-12-15",
    ]);
    const { doc, marker } = render("2026-12-09");
    expect(marker.querySelector(".empty")?.text).toBe("Ingen visninger onsdag 9. desember.");
    for (const { doc: d, marker: m } of [render(null), { doc, marker }]) {
      const props = islandPropsOf(d, m) as Record<string, any>;
      expect(
        renderToString(<ScheduleIsland {...(props as any)} />, { identifierPrefix: m.getAttribute("data-island-id")! }),
      ).toBe(m.innerHTML);
    }
  });

  it("the islands render the same HTML from their props, on the programme page and a day page", async () => {
    const { renderToString } = await import("react-dom/server");
    const { ProgrammeIsland } = await import("../../templates/islands/programme.js");
    const shared = page([films, culture], { path: "/kinoprogram" });
    for (const day of [null, "2026-12-09", "2026-12-10"]) {
      const { doc, listings } = view(shared, day);
      for (const { marker } of listings) {
        const props = islandPropsOf(doc, marker) as Record<string, any>;
        expect(
          renderToString(<ProgrammeIsland {...(props as any)} />, {
            identifierPrefix: marker.getAttribute("data-island-id")!,
          }),
          String(day),
        ).toBe(marker.innerHTML);
      }
    }
  });
});

describe("the island's chips after it loads days in place", () => {
  const base = "/kinoprogram";
  const window = (days: string[], shown: string[], paths: string[]) => ({
    base,
    days,
    shown,
    dayPaths: Object.fromEntries(paths.map((day) => [day, dayPagePath(base, day)])),
  });
  const page = window(
    ["2026-12-04", "2026-12-05", "2026-12-06", "2026-12-08"],
    ["2026-12-04", "2026-12-05", "2026-12-06"],
    ["2026-12-08", "2027-01-01"],
  );

  it("keeps the page's chips, marks the day picked, and offers the day after the last one shown", () => {
    const live = ["2026-12-04", "2026-12-05", "2026-12-06"];
    expect(dayNavOf({ window: page, loaded: [], live, today: TODAY, picked: null })).toEqual({
      days: page.days,
      current: "2026-12-04",
      next: "2026-12-08",
    });
    const loaded = dayNavOf({
      window: page,
      loaded: ["2026-12-08"],
      live: [...live, "2026-12-08"],
      today: TODAY,
      picked: "2026-12-08",
    });
    expect(loaded).toEqual({ days: page.days, current: "2026-12-08", next: "2027-01-01" });
  });

  it("drops a chip of a day on the page whose showings have all begun (the live clock), and days before today", () => {
    const nav = dayNavOf({ window: page, loaded: [], live: ["2026-12-05", "2026-12-06"], today: TODAY, picked: null });
    expect(nav).toEqual({
      days: ["2026-12-05", "2026-12-06", "2026-12-08"],
      current: "2026-12-05",
      next: "2026-12-08",
    });
    expect(
      dayNavOf({ window: page, loaded: [], live: ["2026-12-06"], today: "2026-12-06", picked: null }).days,
    ).toEqual(["2026-12-06", "2026-12-08"]);
  });
});

describe("day section anchors of hand-written block ids", () => {
  it("a uuid keeps its first 8 hex digits; other ids are hashed whole, so 'program-1' and 'program-2' differ", () => {
    expect(dayAnchorPrefix("74672e17-4b1c-4a8e-9c55-2f1f0a6e1d10")).toBe("dag-74672e17");
    const [one, two] = [dayAnchorPrefix("program-1"), dayAnchorPrefix("program-2")];
    expect(one).toMatch(/^dag-[0-9a-f]{8}$/);
    expect(two).toMatch(/^dag-[0-9a-f]{8}$/);
    expect(one).not.toBe(two);
    expect(dayAnchorPrefix("blokk med mellomrom#1")).toMatch(/^dag-[0-9a-f]{8}$/);
  });
});

describe("a programme page whose window continues on later listing pages (/side/<n>)", () => {
  // A page of films plays only today, so tomorrow's and Sunday's films are all on /kinoprogram/side/2;
  // the chips to them on the first page and on the day pages led to '#dag-…' anchors there.
  const nowLocal = "2026-12-04 12:00:00";
  const later = ["2026-12-05", "2026-12-06", "2026-12-07", "2026-12-08"];
  const dates = [
    ...Array.from({ length: LISTING_PAGE_SIZE }, () => [TODAY]),
    [later[0], later[1]],
    [later[1], later[2]],
    [later[3]],
  ];
  const shared = page([programme("program", dates)], { path: "/kinoprogram" });

  /** Every route of the page (its listing pages, its day pages and theirs), by path. */
  function site() {
    const routes = new Map<string, ReturnType<typeof listingView>>();
    for (const day of [null, ...dayPagesOf(programmeDaysOf(shared))]) {
      const base = day === null ? shared.path : dayPagePath(shared.path, day);
      const windowed = windowProgrammePage(shared, day, base, nowLocal);
      const pages = listingPageCount(windowed, nowLocal);
      for (let number = 1; number <= pages; number++) {
        const v = listingView(pageListings(windowed, { page: number, base, paged: true, nowLocal }));
        routes.set(v.path, v);
      }
    }
    return routes;
  }

  function listingView(resolved: ResolvedPage) {
    const doc = parse(renderer().render(resolved, route(resolved.path)));
    const marker = doc.querySelector('[data-island="programme"]')!;
    const links = [...marker.querySelectorAll(".day-nav a"), ...marker.querySelectorAll(".day-more a")].map((a) =>
      a.getAttribute("href")!,
    );
    return { path: resolved.path, doc, marker, links };
  }

  it("has a second listing page holding tomorrow and Sunday", () => {
    const routes = site();
    expect([...routes.keys()]).toEqual([
      "/kinoprogram",
      "/kinoprogram/side/2",
      dayPagePath("/kinoprogram", later[2]),
      dayPagePath("/kinoprogram", later[3]),
    ]);
    const second = routes.get("/kinoprogram/side/2")!;
    expect(second.marker.querySelectorAll(".programme-day").map((section) => section.id.slice(-10))).toEqual([
      later[0],
      later[1],
    ]);
  });

  it("every chip and 'Vis …' link of every page leads to a page with that day's section", () => {
    const routes = site();
    const chipsOfFirst = routes
      .get("/kinoprogram")!
      .marker.querySelectorAll(".day-nav a")
      .map((a) => a.text);
    expect(chipsOfFirst).toEqual(["I dag", "I morgen", "søn 6.12.", "man 7.12.", "tir 8.12."]);
    let checked = 0;
    for (const [path, v] of routes) {
      for (const href of v.links) {
        const target = targetOf(href, path);
        const page = routes.get(target.path);
        expect(page, `${href} on ${path}`).toBeDefined();
        if (target.anchor) expect(page!.doc.getElementById(target.anchor), `${href} on ${path}`).not.toBeNull();
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(15);
    const dayPage = routes.get(dayPagePath("/kinoprogram", later[2]))!;
    expect(dayPage.links.find((href) => href.endsWith(later[0]))).toMatch(/^\/kinoprogram\/side\/2#/);
  });

  it("the first page's island renders the same HTML from its props (chips to the second page)", async () => {
    const { renderToString } = await import("react-dom/server");
    const { ProgrammeIsland } = await import("../../templates/islands/programme.js");
    const { doc, marker } = site().get("/kinoprogram")!;
    const props = islandPropsOf(doc, marker) as Record<string, any>;
    expect(
      renderToString(<ProgrammeIsland {...(props as any)} />, {
        identifierPrefix: marker.getAttribute("data-island-id")!,
      }),
    ).toBe(marker.innerHTML);
  });
});
