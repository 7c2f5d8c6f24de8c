/**
 * The live programme (docs/islands.md): the islands' clock at Oslo midnight and across
 * daylight-saving changes, the basic_events answer and its use, the programme window, and the
 * local API server's basic_events with CORS for the preview origin.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type ApiServer } from "../../src/api-server/index.js";
import { basicEventsUrl, parseBasicEvents, withLiveCount } from "../../src/isomorphic/live-counts.js";
import { programmeEntries } from "../../src/isomorphic/programme-entries.js";
import { dayPagePath } from "../../src/model/page-paths.js";
import {
  dayPagesOf,
  PROGRAMME_WINDOW_DAYS,
  programmeDaysOf,
  windowProgrammePage,
} from "../../src/render/programme-window.js";
import { formatShortDay } from "../../src/isomorphic/oslo-date.js";
import { liveNowLocal, liveNowMs, msToNextMinute } from "../../src/isomorphic/time/live-clock.js";
import type { ResolvedPage } from "../../src/model/index.js";

describe("live clock", () => {
  const reference = { mode: "reference" as const, referenceIso: "2026-11-20T23:59:30+01:00" };
  const loadedAt = Date.parse("2030-01-01T00:00:00Z");

  it("reference mode: the build's time plus the time since load, whatever the visitor's clock", () => {
    expect(liveNowLocal(reference, loadedAt, loadedAt)).toBe("2026-11-20 23:59:30");
    expect(liveNowLocal(reference, loadedAt + 20_000, loadedAt)).toBe("2026-11-20 23:59:50");
    // A clock set back does not run the programme backwards.
    expect(liveNowMs(reference, loadedAt - 60_000, loadedAt)).toBe(Date.parse(reference.referenceIso));
  });

  it("passes Oslo midnight at Oslo midnight, not UTC's: 'I dag' moves to the next day", () => {
    const after = liveNowLocal(reference, loadedAt + 40_000, loadedAt);
    expect(after).toBe("2026-11-21 00:00:10");
    expect(formatShortDay("2026-11-21", liveNowLocal(reference, loadedAt, loadedAt).slice(0, 10))).toBe("I morgen");
    expect(formatShortDay("2026-11-21", after.slice(0, 10))).toBe("I dag");
    // 23:30 UTC is already the next day in Oslo (UTC+1).
    expect(
      liveNowLocal({ mode: "visitor", referenceIso: reference.referenceIso }, Date.parse("2026-11-20T23:30:00Z"), 0),
    ).toBe("2026-11-21 00:30:00");
  });

  it("follows daylight saving: spring forward skips 02:00-03:00, autumn repeats it", () => {
    const visitor = (iso: string) =>
      liveNowLocal({ mode: "visitor", referenceIso: "2026-01-01T00:00:00Z" }, Date.parse(iso), 0);
    expect(visitor("2026-03-29T00:59:59Z")).toBe("2026-03-29 01:59:59");
    expect(visitor("2026-03-29T01:00:00Z")).toBe("2026-03-29 03:00:00");
    expect(visitor("2026-10-25T00:30:00Z")).toBe("2026-10-25 02:30:00");
    expect(visitor("2026-10-25T01:30:00Z")).toBe("2026-10-25 02:30:00");
    expect(visitor("2026-10-25T23:00:00Z")).toBe("2026-10-26 00:00:00");
    // Reference mode over the spring change: one real hour after 01:30 is 03:30 on the wall.
    const spring = { mode: "reference" as const, referenceIso: "2026-03-29T01:30:00+01:00" };
    expect(liveNowLocal(spring, 3_600_000, 0)).toBe("2026-03-29 03:30:00");
  });

  it("wakes on the next whole minute", () => {
    expect(msToNextMinute(Date.parse("2026-11-20T10:00:59.500Z"))).toBe(500);
    expect(msToNextMinute(Date.parse("2026-11-20T10:01:00.000Z"))).toBe(60_000);
  });
});

describe("basic_events", () => {
  const answer = [
    {
      id: "1780000104501",
      key: "e-1780000104501",
      begin: "2026-11-20 18:45:00",
      ticketSales: [{ available: 0, beginWeb: "2026-10-20 10:00:00" }],
    },
    { id: "x", key: "e-2", ticketSales: [] },
    { id: "no key" },
  ];

  it("reads the first ticketSales entry per event key; anything else is no answer", () => {
    const counts = parseBasicEvents(answer)!;
    expect([...counts.entries()]).toEqual([
      ["e-1780000104501", { count: 0, saleStart: "2026-10-20 10:00:00" }],
      ["e-2", { count: null, saleStart: null }],
    ]);
    expect(parseBasicEvents({ data: answer })?.size).toBe(2);
    expect(parseBasicEvents("<html>")).toBeNull();
    expect(parseBasicEvents({ error: "x" })).toBeNull();
  });

  it("live counts replace the build's: a showing sold out since the build reads 'Utsolgt'", () => {
    const data = {
      filter: { type: "date" },
      events: [
        {
          id: "p",
          title: "Film",
          tickets: [
            {
              id: "e-1780000104501",
              date: "2026-11-20 18:45:00",
              location: "Sal 3",
              link: "https://b.example/p",
              count: 42,
            },
          ],
        },
      ],
    };
    const before = programmeEntries(data, "2026-11-20 09:00:00")[0].showings[0];
    const after = programmeEntries(data, "2026-11-20 09:00:00", parseBasicEvents(answer))[0].showings[0];
    expect([before.count, after.count]).toEqual([42, 0]);
    expect(withLiveCount({ id: "e-9", count: 5 }, parseBasicEvents(answer))).toEqual({ id: "e-9", count: 5 });
  });

  it("a showing that has started disappears; a premiere stays through its day", () => {
    const data = {
      events: [
        {
          id: "a",
          title: "A",
          tickets: [
            { id: "e-1", date: "2026-11-20 18:45:00" },
            { id: "e-2", date: "2026-11-20 21:00:00" },
          ],
        },
        { id: "b", title: "B", tickets: [{ id: "mc-3", date: "2026-11-20" }] },
      ],
    };
    const ids = (now: string) =>
      programmeEntries(data, now).flatMap((entry) => entry.showings.map((showing) => showing.id));
    expect(ids("2026-11-20 18:44:59")).toEqual(["e-1", "e-2", "mc-3"]);
    expect(ids("2026-11-20 18:45:00")).toEqual(["e-1", "e-2", "mc-3"]);
    expect(ids("2026-11-20 18:46:00")).toEqual(["e-2", "mc-3"]);
    expect(ids("2026-11-21 00:00:00")).toEqual([]);
  });

  it("lives under the public API base URL", () => {
    expect(basicEventsUrl("http://127.0.0.1:4331", 178)).toBe("http://127.0.0.1:4331/sites/178/basic_events");
    expect(basicEventsUrl("https://data.example/api/v1/", 178)).toBe(
      "https://data.example/api/v1/sites/178/basic_events",
    );
  });
});

describe("programme window", () => {
  const days = ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24"];
  const page = (count: number): ResolvedPage => ({
    pageId: "p",
    path: "/kinoprogram",
    params: {},
    title: "Kinoprogram",
    layout: "page-header-footer",
    pageType: "ordinary",
    template: { rows: [] },
    meta: {
      locale: "nb",
      title: "Kinoprogram",
      description: "",
      keywords: "",
      image: null,
      facebookVerificationCode: null,
    },
    blocks: [
      {
        id: "b",
        component: "program",
        place: { column: 0, row: 0, order: 0 },
        data: [
          {
            locale: "nb",
            id: "d",
            bindings: {},
            filter: { type: "date" },
            events: Array.from({ length: count }, (_, i) => ({
              id: `f${i}`,
              title: `F${i}`,
              tickets: days.map((date, d) => ({ id: `e-${i}-${d}`, date: `${date} 18:00:00` })),
            })),
          },
        ],
      },
    ],
  });

  it("renders the first days and leaves every later day to its own page", () => {
    const full = page(3);
    expect(programmeDaysOf(full)).toEqual(days);
    expect(dayPagesOf(days)).toEqual(days.slice(PROGRAMME_WINDOW_DAYS));
    const main = windowProgrammePage(full, null);
    const data = main.blocks[0].data[0];
    expect(
      (data.events as { tickets: { date: string }[] }[]).flatMap((e) => e.tickets.map((t) => t.date.slice(0, 10))),
    ).not.toContain("2026-11-23");
    expect(data.programmeWindow).toEqual({
      base: "/kinoprogram",
      days,
      shown: days.slice(0, 3),
      dayPaths: { "2026-11-23": "/kinoprogram/dag/2026-11-23", "2026-11-24": "/kinoprogram/dag/2026-11-24" },
    });
    const day = windowProgrammePage(full, "2026-11-24", dayPagePath("/kinoprogram", "2026-11-24"));
    expect(day.path).toBe("/kinoprogram/dag/2026-11-24");
    expect(day.meta.title).toBe("Kinoprogram – tirsdag 24. november");
    expect((day.blocks[0].data[0].events as unknown[]).length).toBe(3);
    // The resolution shared with the day pages is not changed.
    expect((full.blocks[0].data[0].events as { tickets: unknown[] }[])[0].tickets).toHaveLength(5);
  });

  it("a page does not grow with the days or films beyond its window and chips", () => {
    const month = Array.from({ length: 30 }, (_, d) => new Date(Date.UTC(2026, 10, 20 + d)).toISOString().slice(0, 10));
    const withEvents = (events: unknown[]): ResolvedPage => ({
      ...page(0),
      blocks: [{ ...page(0).blocks[0], data: [{ ...page(0).blocks[0].data[0], events }] }],
    });
    const films = Array.from({ length: 4 }, (_, i) => ({
      id: `f${i}`,
      title: `F${i}`,
      tickets: month.map((date, d) => ({ id: `e-${i}-${d}`, date: `${date} 18:00:00` })),
    }));
    const later = [
      ...films,
      ...Array.from({ length: 50 }, (_, i) => ({
        id: `late${i}`,
        title: `Sen ${i}`,
        tickets: [{ id: `e-late-${i}`, date: "2027-03-01 18:00:00" }],
      })),
    ];
    const shown = (p: ResolvedPage) => JSON.stringify(windowProgrammePage(p, null).blocks[0].data[0]);
    expect(shown(withEvents(later))).toBe(shown(withEvents(films)));
    const window = windowProgrammePage(withEvents(films), null).blocks[0].data[0].programmeWindow as { days: string[] };
    expect(window.days).toEqual(month.slice(0, 14));
    // A day page's chips: the same fourteen, and a day after them its own (docs/spec-decisions.md "Programme window").
    const day = windowProgrammePage(withEvents(films), month[20]).blocks[0].data[0].programmeWindow as {
      days: string[];
    };
    expect(day.days).toEqual([...month.slice(0, 14), month[20]]);
  });
});

describe("programme window: day pages from the shared resolution (docs/spec-decisions.md, Bounded listings)", () => {
  // Films with showings on a few days each, some with two a day, one with a date-only placeholder; a schedule beside.
  const dates = ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25"];
  const films = Array.from({ length: 7 }, (_, i) => ({
    id: `f${i}`,
    title: `F${i}`,
    tickets: dates.flatMap((date, d) =>
      (i + d) % 3 === 0
        ? []
        : [
            { id: `e-${i}-${d}-a`, date: `${date} 17:00:00` },
            ...(i % 2 ? [{ id: `e-${i}-${d}-b`, date: `${date} 21:00:00` }] : []),
          ],
    ),
  }));
  films.push({ id: "mc", title: "Premiere", tickets: [{ id: "mc-1", date: "2026-11-24" }] });
  const showings = films.flatMap((film) => film.tickets.map((ticket) => ({ ...ticket, title: film.title })));
  const shared: ResolvedPage = {
    pageId: "p",
    path: "/kinoprogram",
    params: {},
    title: "Kinoprogram",
    layout: "page-header-footer",
    pageType: "ordinary",
    template: { rows: [] },
    meta: {
      locale: "nb",
      title: "Kinoprogram",
      description: "",
      keywords: "",
      image: null,
      facebookVerificationCode: null,
    },
    blocks: [
      {
        id: "b",
        component: "program",
        place: { column: 0, row: 0, order: 0 },
        data: [{ locale: "nb", id: "d", bindings: {}, filter: { type: "date" }, events: films }],
      },
      {
        id: "s",
        component: "schedule",
        place: { column: 0, row: 1, order: 0 },
        data: [{ locale: "nb", id: "e", bindings: {}, events: showings }],
      },
    ],
  };

  it("gives every day page exactly the programme filtered to its day, in the programme's order", () => {
    for (const day of dates) {
      const page = windowProgrammePage(shared, day, dayPagePath("/kinoprogram", day));
      const expected = films
        .map((film) => ({ ...film, tickets: film.tickets.filter((t) => t.date.startsWith(day)) }))
        .filter((film) => film.tickets.length > 0);
      expect(page.blocks[0].data[0].events).toEqual(expected);
      expect(page.blocks[1].data[0].events).toEqual(showings.filter((t) => t.date.startsWith(day)));
    }
    // Asked again (the next route of the same page), the same answer; the shared resolution is untouched.
    expect(windowProgrammePage(shared, "2026-11-24").blocks[0].data[0].events).toEqual(
      windowProgrammePage(shared, "2026-11-24").blocks[0].data[0].events,
    );
    expect(shared.blocks[0].data[0].events).toBe(films);
    expect(programmeDaysOf(shared)).toEqual(dates);
  });
});

describe("api-server basic_events", () => {
  let server: ApiServer;
  beforeAll(async () => {
    server = await startApiServer({
      partnersDir: path.resolve("partners"),
      partner: 178,
      faults: [{ endpoint: "basicEvents", kind: "status", status: 503, times: 1 }],
    });
  });
  afterAll(() => server?.close());

  it("answers without credentials, with CORS for a localhost origin only, after an injected fault", async () => {
    const url = `${server.url}/sites/178/basic_events`;
    expect((await fetch(url, { headers: { origin: "http://127.0.0.1:4331" } })).status).toBe(503);
    const ok = await fetch(url, { headers: { origin: "http://127.0.0.1:4331" } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:4331");
    const body = (await ok.json()) as { key: string; ticketSales: { available: number }[] }[];
    expect(body.length).toBeGreaterThan(100);
    expect(body[0]).toEqual({
      id: expect.any(String),
      key: expect.stringMatching(/^e-178\d{10}$/),
      begin: expect.any(String),
      ticketSaleType: "normal",
      ticketSales: [{ available: expect.any(Number), beginWeb: expect.any(String) }],
    });
    const foreign = await fetch(url, { headers: { origin: "https://evil.example" } });
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
    expect(server.stats.count("basicEvents")).toBe(3);
  });
});

describe("live settings of a build", () => {
  it("snapshot builds follow the reference clock unless --live-clock; --api-url is the live URL and joins the CSP's connect-src", async () => {
    const { loadDataset } = await import("../../src/load.js");
    const { StageTimer } = await import("../../src/log/index.js");
    const { sitePolicyOf } = await import("../../src/render/stage/site-policy.js");
    const load = (options: Record<string, unknown>) =>
      loadDataset(
        { partner: "178", partnersDir: path.resolve("partners"), source: "snapshot", ...options },
        new StageTimer(),
      ).then((r) => r.dataset);
    const plain = await load({});
    expect(plain.live).toEqual({ clock: "reference", apiUrl: null });
    const live = await load({ apiUrl: "http://127.0.0.1:4331", liveClock: true });
    expect(live.live).toEqual({ clock: "visitor", apiUrl: "http://127.0.0.1:4331" });
    expect(sitePolicyOf(live)).toMatch(/connect-src [^;]*http:\/\/127\.0\.0\.1:4331/);
    expect(sitePolicyOf(plain)).not.toContain("127.0.0.1");
  });

  it("refuses a liveData URL with credentials: the page is public", async () => {
    const { PartnerConfigSchema } = await import("../../src/model/partner-schema.js");
    const { readFile } = await import("node:fs/promises");
    const partner = JSON.parse(await readFile(path.resolve("partners/178/partner.json"), "utf8"));
    expect(PartnerConfigSchema.safeParse({ ...partner, liveData: { url: "https://data.example/live/" } }).success).toBe(
      true,
    );
    expect(
      PartnerConfigSchema.safeParse({ ...partner, liveData: { url: "https://user:secret@data.example/api/" } }).success,
    ).toBe(false);
  });
});
