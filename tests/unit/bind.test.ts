import { describe, expect, it } from "vitest";
import { createOsloClock, createPageResolver, parseBinding, parseExpression } from "../../src/bind/index.js";
import { evaluateExpression } from "../../src/bind/evaluate-expression.js";
import { BuildError, BuildErrors } from "../../src/errors/index.js";
import type { BindingMap, ProgrammeEvent, Source } from "../../src/model/index.js";
import { programmeBindings, scheduleBindings, ticketItem } from "../../scripts/partner-generator/bindings.js";
import { FILM, block, miniDataset, page } from "../fixtures/query-bind/mini-dataset.js";

const lit = (binding: string | null) => ({ binding, source: null });
const bind = (binding: string, source: string) => ({ binding, source });
const movies: Source = {
  name: "productions",
  model: "production",
  collection: true,
  filter: [{ property: "object", operator: "eq", value: "movie" }],
};
const allEvents: Source = { name: "events", model: "event", collection: true, filter: [] };
const filmSource: Source = {
  name: "production",
  model: "production",
  collection: false,
  filter: [{ property: "parentSlug", operator: "eq", value: "@production" }],
};

/** Resolves one block on one page and returns its first data entry. */
function resolveBlock(
  component: string,
  bindings: BindingMap,
  sources: Source[] = [movies, allEvents],
  params: Record<string, string> = {},
  path = "/test",
) {
  const b = block(component, bindings);
  const p = page(path, sources, [b]);
  const resolved = createPageResolver(miniDataset([p], [b])).resolvePage({
    page: p,
    path: params.production ?? path,
    params,
  });
  return resolved.blocks[0].data[0] as Record<string, unknown>;
}

describe("binding forms", () => {
  const card = (bindings: BindingMap) =>
    resolveBlock("card", bindings, [filmSource], { production: FILM.parentSlug }, "/:production");

  it("literal text, converted to the field's type", () => {
    expect(resolveBlock("card-list", { title: lit("Nyheter"), limit: lit("-2") })).toMatchObject({
      title: "Nyheter",
      limit: -2,
    });
    expect(resolveBlock("slideshow", { interval: lit("") })).toMatchObject({ interval: 6000 });
  });
  it("@field, @contents[0].body/summary, dotted paths and [key=value]", () => {
    expect(
      card({
        title: bind("@title", "production"),
        text: bind("@contents[0].summary", "production"),
        label: bind("@properties[property=actor].value", "production"),
      }),
    ).toMatchObject({ title: "Dune", text: "Ørkenen kaller.", label: "Timothée Chalamet, Zendaya" });
    expect(card({ text: bind("@contents[0].body | text | truncate:30", "production") }).text).toBe(
      "Paul & Chani reiser langt…",
    );
    expect(card({ label: bind("@location.name", "production") }).label).toBe("Solvik kino");
  });
  it("@assets[type=first_image].url with image parameters and the asset's focal point", () => {
    expect(
      card({ image: bind("@assets[type=first_image].url | image:w=1920&h=1080&auto=compress", "production") }).image,
    ).toBe("https://img.example/178/dune-bilde.jpg?w=1920&h=1080&auto=compress&fp-x=0.4&fp-y=0.3");
    expect(card({ image: bind("@assets[type=missing].url | image:w=225", "production") }).image).toBeNull();
  });
  it("an image given as a bare file name is the image CDN's file (spec 7.6); URLs, site paths and media: stay", () => {
    const images = [
      "strikkekino.jpg",
      "plakat.webp?w=225&h=340",
      "https://img.example/178/a.jpg",
      "/bilder/b.png",
      "media:plakater/p.jpg",
    ];
    const cards = resolveBlock("manual-card-list", {
      cards: { binding: null, source: null, items: images.map((image) => ({ title: lit("Kort"), image: lit(image) })) },
    }).cards as { image: string }[];
    const cdn = miniDataset([], []).partner.imageCdn;
    const base = `${cdn.host.replace(/\/+$/, "")}/${cdn.cinemaId}`;
    expect(cards.map((card) => card.image)).toEqual([
      `${base}/strikkekino.jpg`,
      `${base}/plakat.webp?w=225&h=340`,
      "https://img.example/178/a.jpg",
      "/bilder/b.png",
      "media:plakater/p.jpg",
    ]);
  });
  it("a poster keeps exactly the poster parameters of spec 7.6: an explicit crop mode takes no focal point", () => {
    expect(
      card({
        image: bind(
          "@assets[type=first_poster].url | image:w=225&h=340&fit=crop&auto=compress&crop=faces,top",
          "production",
        ),
      }).image,
    ).toBe("https://img.example/178/dune-poster.jpg?w=225&h=340&fit=crop&auto=compress&crop=faces,top");
    expect(
      card({ image: bind("@assets[type=first_poster].url | image:w=225&h=340&fit=crop&crop=focalpoint", "production") })
        .image,
    ).toBe("https://img.example/178/dune-poster.jpg?w=225&h=340&fit=crop&crop=focalpoint&fp-x=0.5&fp-y=0.2");
  });
  it("templates interpolate, and a missing part makes the whole value null", () => {
    expect(
      card({ link: bind("/{@parentSlug}", "production"), title: bind("{@title} | Solvik", "production") }),
    ).toMatchObject({ link: `/${FILM.parentSlug}`, title: "Dune | Solvik" });
    expect(card({ link: bind("/{@pageReference}", "production") }).link).toBeNull();
  });
  it("a list joins, maps over a dotted step, and splits comma text for a list field", () => {
    expect(card({ title: bind("@features | join: / ", "production") }).title).toBe("2D / 12");
    expect(card({ title: bind("@features", "production") }).title).toBe("2D, 12");
    expect(resolveBlock("program", { adFlagsFilter: lit("baby_cinema, senior_cinema") }).adFlagsFilter).toEqual([
      "baby_cinema",
      "senior_cinema",
    ]);
  });
  it("parses every form of the language", () => {
    expect(parseBinding("@", true)).toEqual({
      kind: "expression",
      expression: { text: "@", path: [], fallbacks: [], filters: [] },
    });
    expect(parseBinding("@ticketSales[0].available", true)).toMatchObject({
      expression: {
        path: [
          { kind: "key", name: "ticketSales" },
          { kind: "index", index: 0 },
          { kind: "key", name: "available" },
        ],
      },
    });
    expect(parseBinding("@x | join:, ", true)).toMatchObject({
      expression: { filters: [{ name: "join", arg: ", " }] },
    });
    expect(parseBinding("/{@parentSlug}", true)).toMatchObject({
      kind: "template",
      parts: ["/", { text: "@parentSlug" }],
    });
    expect(parseBinding("@title", false)).toEqual({ kind: "literal", text: "@title" });
    expect(() => parseBinding("@a | image:w=abc", true)).toThrow(/image parameters/);
    expect(() => parseBinding("@a | upper", true)).toThrow(/unknown filter 'upper'/);
    expect(() => parseBinding("@a[0", true)).toThrow(/not closed/);
    expect(parseBinding("/{@pageReference ?? @parentSlug}", true)).toMatchObject({
      kind: "template",
      parts: [
        "/",
        { path: [{ kind: "key", name: "pageReference" }], fallbacks: [[{ kind: "key", name: "parentSlug" }]] },
      ],
    });
    expect(() => parseBinding("@a ?? b", true)).toThrow(/starts with '@'/);
  });
  it("falls back with '??' while the value is missing or empty text", () => {
    const fallback = (record: unknown) =>
      evaluateExpression(parseExpression("@pageReference ?? @reference ?? @parentSlug"), record);
    expect(fallback({ pageReference: "konsert-abc123", parentSlug: "konsert" })).toBe("konsert-abc123");
    expect(fallback({ pageReference: null, reference: "", parentSlug: "dune-dxm-12345678" })).toBe("dune-dxm-12345678");
    expect(fallback({ pageReference: null })).toBeNull();
  });
  it("errors carry partner, page, block, component, field and expression", () => {
    try {
      resolveBlock("card", { title: bind("@title", "prodcutions"), limit: lit("x") });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(BuildError);
      const e = error as BuildError;
      expect(e.location).toMatchObject({
        partner: 178,
        pagePath: "/test",
        component: "card",
        field: "bindings.title",
        expression: "@title",
      });
      expect(e.location.blockId).toMatch(/^blk-card/);
      expect(e.hint).toBe("did you mean 'productions'?");
    }
    expect(() => resolveBlock("card-list", { limit: lit("many"), title: bind("@x | nope", "productions") })).toThrow(
      BuildErrors,
    );
  });
});

describe("programme (spec 3.5)", () => {
  const programme = (extra: Partial<Parameters<typeof programmeBindings>[0]> = {}) =>
    resolveBlock("program", programmeBindings({ title: "Program", ...extra })) as unknown as {
      events: ProgrammeEvent[];
      ticketDisplayMode: number;
      showTicketCount: boolean;
      filter: unknown;
    };

  it("resolves every programme event field", () => {
    const [film] = programme().events;
    expect({ ...film, tickets: undefined }).toEqual({
      id: "1_movie_movie",
      title: "Dune: Del to",
      image: "https://img.example/178/dune-poster.jpg?w=225&h=340&fit=crop&auto=compress&crop=faces,top",
      description: "Ørkenen kaller.",
      cast: "Timothée Chalamet, Zendaya",
      link: "/dune-dxm-00000001",
      type: "movie",
      category: "Film",
      club: true,
      begin: "2026-11-01",
      features: [
        { name: "2D", highlight: false },
        { name: "12", highlight: false },
      ],
      tickets: undefined,
      properties: [
        { property: "actor", value: "Timothée Chalamet, Zendaya" },
        { property: "kinoklubb", value: "true" },
        { property: "length", value: "166" },
      ],
    });
  });
  it("an 'e-' ticket has hall, link, count, 'normal' and the web sale start", () => {
    const ticket = programme().events[0].tickets[0];
    expect(ticket).toEqual({
      id: "e-1780000000002",
      date: "2026-11-20 09:30:00",
      location: "Sal 3",
      link: "https://billett.example/solvik/events/2/purchase/setup?kanal=dxf",
      count: 42,
      ticketSaleType: "normal",
      ticketSaleWebStartDate: "2026-10-30 10:00:00",
      highlightHeading: "",
      highlightBody: "",
      adFlags: ["baby_cinema"],
      adFlagsView: [{ flag: "baby_cinema", view: "Babykino" }],
    });
  });
  it("drops past showings and sorts tickets by date then hall", () => {
    expect(programme().events[0].tickets.map((t) => `${t.date} ${t.location}`)).toEqual([
      "2026-11-20 09:30:00 Sal 3",
      "2026-11-21 18:00:00 Sal 1",
      "2026-11-21 18:00:00 Sal 2",
      "2026-12-24 12:00:00 Sal 4",
    ]);
  });
  it("filter 'date' with from/to narrows the window and drops productions left without showings", () => {
    const events = resolveBlock("program", {
      ...programmeBindings({ title: "P" }),
      filter: { type: lit("date"), from: lit("2026-11-21"), to: lit("2026-11-21") },
    }).events as ProgrammeEvent[];
    expect(events.map((e) => e.id)).toEqual(["1_movie_movie"]);
    expect(events[0].tickets.map((t) => t.id)).toEqual(["e-1780000000004", "e-1780000000003"]);
  });
  it("filter 'none' keeps the placeholder 'mc-' ticket with only its date set", () => {
    const { events, ticketDisplayMode, showTicketCount } = programme({
      filterType: "none",
      displayMode: -2,
      showCount: false,
    });
    expect(ticketDisplayMode).toBe(-2);
    expect(showTicketCount).toBe(false);
    const coming = events.find((e) => e.type === "movie_coming")!;
    expect(coming.tickets).toEqual([
      {
        id: "mc-2",
        date: "2026-12-10",
        location: null,
        link: null,
        count: null,
        ticketSaleType: null,
        ticketSaleWebStartDate: null,
        highlightHeading: "",
        highlightBody: "",
        adFlags: [],
        adFlagsView: [],
      },
    ]);
    expect(coming.image).toBeNull();
    expect(coming.description).toBeNull();
    expect(coming.cast).toBeNull();
    expect(coming.club).toBeNull();
    expect(events.map((e) => e.id)).toEqual(["1_movie_movie", "2_movie_movie_coming"]);
  });
  it("filter 'date' lists a placeholder-only upcoming film under its premiere date (docs/rendering.md, Programmes and showings)", () => {
    const events = programme().events;
    expect(events.map((e) => e.id)).toEqual(["1_movie_movie", "2_movie_movie_coming"]);
    expect(events[1].tickets.map((t) => [t.id, t.date, t.location, t.link, t.count])).toEqual([
      ["mc-2", "2026-12-10", null, null, null],
    ]);
  });
  it("adFlagsFilter keeps only showings with one of the flags", () => {
    expect(programme({ adFlags: "baby_cinema" }).events[0].tickets.map((t) => t.id)).toEqual(["e-1780000000002"]);
  });
  it("ticketDisplayMode: -2, -1 (default when empty), a threshold, 10 for the few-available choice", () => {
    const mode = (binding: string | null) =>
      resolveBlock("program", { ticketDisplayMode: lit(binding) }).ticketDisplayMode;
    expect(mode("-2")).toBe(-2);
    expect(mode("")).toBe(-1);
    expect(mode(null)).toBe(-1);
    expect(mode("5")).toBe(5);
    expect(mode("showFewAvailableDisplayMode")).toBe(10);
    expect(mode("lots")).toBe(10);
  });
  it("schedules list future showings with their production", () => {
    const data = resolveBlock("schedule", scheduleBindings("Visninger"));
    const items = data.events as Record<string, unknown>[];
    expect(items.map((i) => i.id)).toEqual([
      "e-1780000000002",
      "e-1780000000004",
      "e-1780000000003",
      "e-1780000000006",
      "mc-2",
      "e-1780000000005",
    ]);
    expect(items[0]).toMatchObject({
      title: "Dune: Del to",
      productionLink: "/dune-dxm-00000001",
      features: [
        { name: "2D", highlight: false },
        { name: "12", highlight: false },
      ],
    });
  });
  it("a ticket list on a detail page narrows to the route's production", () => {
    const events: Source = {
      name: "events",
      model: "event",
      collection: true,
      filter: [{ property: "production.parentSlug", operator: "eq", value: "@production" }],
    };
    const data = resolveBlock(
      "ticket-list",
      {
        productionTitle: bind("@parentTitle", "production"),
        tickets: { binding: "@", source: "events", item: ticketItem("events") },
      },
      [filmSource, events],
      { production: FILM.parentSlug },
      "/:production",
    );
    expect(data.productionTitle).toBe("Dune: Del to");
    expect((data.tickets as { id: string }[]).map((t) => t.id)).toEqual([
      "e-1780000000002",
      "e-1780000000004",
      "e-1780000000003",
      "e-1780000000005",
    ]);
  });
  it("the reference time is Oslo time whatever the machine's time zone", () => {
    const before = process.env.TZ;
    try {
      const results = ["UTC", "America/New_York", "Asia/Tokyo"].map((tz) => {
        process.env.TZ = tz;
        return [createOsloClock("2026-11-20T08:00:00Z"), programme().events[0].tickets[0].id];
      });
      expect(results).toEqual(Array(3).fill([{ now: "2026-11-20 09:00:00", today: "2026-11-20" }, "e-1780000000002"]));
      expect(createOsloClock("2026-07-01T22:30:00Z")).toEqual({ now: "2026-07-02 00:30:00", today: "2026-07-02" });
    } finally {
      process.env.TZ = before;
    }
  });
});

describe("page resolution", () => {
  it("resolves meta: stripped, shortened description, keywords joined, absolute image with focal point", () => {
    const b = block("title", { title: lit("x") });
    const p = page("/:production", [filmSource], [b], {
      title: bind("@title", "production"),
      description: bind("@contents[0].body", "production"),
      keywords: bind("@features", "production"),
      image: bind("@assets[type=first_image].url | image:w=1920&h=1080&auto=compress", "production"),
    });
    const resolved = createPageResolver(miniDataset([p], [b])).resolvePage({
      page: p,
      path: `/${FILM.parentSlug}`,
      params: { production: FILM.parentSlug },
    });
    expect(resolved.meta.title).toBe("Dune");
    expect(resolved.meta.description.startsWith("Paul & Chani reiser langt")).toBe(true);
    expect(resolved.meta.description.length).toBeLessThanOrEqual(160);
    expect(resolved.meta.description.endsWith("…")).toBe(true);
    expect(resolved.meta).toMatchObject({
      locale: "nb",
      keywords: "2D, 12",
      image: "https://img.example/178/dune-bilde.jpg?w=1920&h=1080&auto=compress&fp-x=0.4&fp-y=0.3",
      facebookVerificationCode: null,
    });
  });
  it("article meta title is '<title> | <city>', and meta falls back to the page title", () => {
    const article: Source = {
      name: "article",
      model: "article",
      collection: false,
      filter: [{ property: "slug", operator: "eq", value: "@slug" }],
    };
    const p = page("/article/:slug", [article], [], {
      title: bind("{@title} | Solvik", "article"),
      image: bind("@image", "article"),
    });
    const plain = page("/plain", [], []);
    const resolver = createPageResolver(miniDataset([p, plain], []));
    expect(
      resolver.resolvePage({ page: p, path: "/article/filmprek:-dune", params: { slug: "filmprek:-dune" } }).meta,
    ).toMatchObject({ title: "Filmprek: Dune | Solvik", image: "https://img.example/178/artikkel.jpg" });
    expect(resolver.resolvePage({ page: plain, path: "/plain", params: {} }).meta).toEqual({
      locale: "nb",
      title: "Side /plain",
      description: "",
      keywords: "",
      image: null,
      facebookVerificationCode: null,
    });
  });
  it("resolves a shared page once while it is kept, and equal to its own resolution", () => {
    const b = block("program", programmeBindings({ title: "Program" }));
    const p = page("/kinoprogram", [movies, allEvents], [b]);
    const resolver = createPageResolver(miniDataset([p], [b]));
    const route = { page: p, path: "/kinoprogram", params: {} };
    const first = resolver.resolveShared(route);
    expect(resolver.resolveShared({ ...route, path: "/kinoprogram/dag/2026-11-21" })).toBe(first);
    expect(createPageResolver(miniDataset([p], [b])).resolvePage(route)).toEqual(first);
  });
  it("drops hidden blocks, orders by row/column/order and writes plain JSON", () => {
    const shown = block("title", { title: lit("B") }, { place: { row: 0, column: 0, order: 2 } });
    const first = block(
      "content",
      { title: lit("A"), body: lit("<p>x</p>") },
      { place: { row: 0, column: 0, order: 1 } },
    );
    const hidden = block("poster", { title: lit("H") }, { hide: true });
    const p = page("/p", [], [shown, first, hidden]);
    const resolved = createPageResolver(miniDataset([p], [shown, first, hidden])).resolvePage({
      page: p,
      path: "/p",
      params: {},
    });
    expect(resolved.blocks.map((b) => b.component)).toEqual(["content", "title"]);
    expect(resolved.blocks[1].data[0]).toEqual({
      locale: "nb",
      id: shown.data.id,
      bindings: shown.data.bindings,
      title: "B",
      subtitle: null,
    });
    expect(JSON.parse(JSON.stringify(resolved))).toStrictEqual(resolved);
  });
  it("a detail route whose record does not exist is an error naming the parameter", () => {
    const p = page("/:production", [filmSource], []);
    expect(() =>
      createPageResolver(miniDataset([p], [])).resolvePage({ page: p, path: "/nope", params: { production: "nope" } }),
    ).toThrow(/finds no production for @production='nope'/);
  });
});
