/**
 * Every block kind, the programme rules the templates show (ticketDisplayMode, placeholders,
 * purchase links), CMS HTML sanitising and time-zone independence, on parsed HTML.
 */
import { listingItemOf } from "../../src/isomorphic/analytics-item.js";
import { execFileSync } from "node:child_process";
import { parse, type HTMLElement } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { COMPONENTS } from "../../src/model/index.js";
import { BLOCK_TEMPLATES } from "../../templates/blocks/index.js";
import { MINIMAL, block, page, placeholder, renderer, route, ticket } from "../fixtures/render/fixture.js";
import { islandPropsOf } from "../helpers/island-props.js";

function main(...blocks: ReturnType<typeof block>[]): HTMLElement {
  return parse(renderer().render(page(blocks), route("/test"))).querySelector("main")!;
}

describe("every component kind", () => {
  it("has a template for every kind of the catalogue and minimal data for it here", () => {
    expect(Object.keys(BLOCK_TEMPLATES).sort()).toEqual(Object.keys(COMPONENTS).sort());
    expect(Object.keys(MINIMAL).sort()).toEqual(Object.keys(COMPONENTS).sort());
  });

  for (const kind of Object.keys(COMPONENTS)) {
    it(`renders ${kind} with its data`, () => {
      const one = block(kind, MINIMAL[kind]);
      const root = main(one);
      const wrapper = root.querySelector(`.block--${kind}`);
      expect(wrapper, kind).not.toBeNull();
      expect(wrapper!.classList.contains(`block--${kind}`)).toBe(true);
      expect(wrapper!.innerHTML.trim().length, `${kind} renders something`).toBeGreaterThan(20);
      const island = COMPONENTS[kind].island;
      if (island && kind !== "movie-info") {
        const marker = wrapper!.querySelector("[data-island]");
        expect(marker?.getAttribute("data-island"), kind).toBe(island);
        // Props travel in a JSON script right before the marker (src/isomorphic/island-props.ts).
        expect(marker!.previousElementSibling?.getAttribute("type"), kind).toBe("application/json");
        expect(Object.keys(islandPropsOf(root, marker!)).length, kind).toBeGreaterThan(0);
      }
    });
  }

  it("shows the text of its data (title of a content block, label of a quick link)", () => {
    const html = main(block("content", MINIMAL.content), block("quick-links", MINIMAL["quick-links"]));
    expect(html.querySelector(".content-block .block-title")?.text).toBe("Om oss");
    expect(html.querySelector(".quick-links a")?.getAttribute("href")).toBe("/kinoprogram");
  });

  it("a card's date: a date alone is a premiere, a date with a time is when the event is; another year is named", () => {
    const card = (title: string, date: string) => ({ ...MINIMAL.card, title, link: null, date });
    const html = main(
      block("manual-card-list", {
        ...MINIMAL["manual-card-list"],
        cards: [
          card("Film", "2026-12-11"),
          card("Konsert", "2026-12-13 18:00:00"),
          card("Neste år", "2027-01-06 19:30:00"),
        ],
      }),
    );
    expect(
      html.querySelectorAll(".card__date time").map((time) => [time.text.trim(), time.getAttribute("datetime")]),
    ).toEqual([
      ["Premiere fredag 11. desember", "2026-12-11"],
      // "kl." and its time on one line (a no-break space): "kl. / 19:15" broke at 375 px.
      ["Søndag 13. desember kl.\u00a018:00", "2026-12-13T18:00"],
      ["Onsdag 6. januar 2027 kl.\u00a019:30", "2027-01-06T19:30"],
    ]);
  });

  it("a film summary written as HTML shows as its text", () => {
    const html = main(
      block("movie-cover", { ...MINIMAL["movie-cover"], summary: "Tittel med <b>HTML</b> &amp; ampersand." }),
    );
    expect(html.querySelector(".movie-cover__summary")?.text).toBe("Tittel med HTML & ampersand.");
  });

  it("a ticket block shows its showing's day, not the time alone", () => {
    const html = main(block("ticket", MINIMAL.ticket));
    expect(html.querySelector(".ticket__day")?.text).toBe("Lørdag 5. desember");
    expect(html.querySelector(".showtime time")?.text).toBe("18:30");
  });

  it("renders the ad slot as a placeholder with desktop and mobile placement ids", () => {
    const slot = main(block("adnuntius", MINIMAL.adnuntius)).querySelector(".ad-slot")!;
    expect(slot.getAttribute("data-ad-id")).toBe("forside-1-desktop");
    expect(slot.getAttribute("data-ad-mobile-id")).toBe("forside-1-mobile");
  });

  it("leaves out member UI without the member service", () => {
    const doc = parse(
      renderer({ memberService: null }).render(
        page([block("movie-reviews", MINIMAL["movie-reviews"]), block("my-page", MINIMAL["my-page"])]),
        route("/test"),
      ),
    );
    expect(doc.querySelector('[data-island="reviews"]')).toBeNull();
    expect(doc.querySelector('[data-island="my-page"]')).toBeNull();
  });

  it("tells the islands their props: member paging (spec 7.1, 9) and the real showings to update", () => {
    const props = (html: HTMLElement, island: string) =>
      islandPropsOf(html, html.querySelector(`[data-island="${island}"]`)!) as Record<string, any>;
    const html = main(
      block("movie-reviews", MINIMAL["movie-reviews"]),
      block("my-page", MINIMAL["my-page"]),
      block("ticket-list", {
        title: "Billetter",
        ticketDisplayMode: 10,
        showTicketCount: false,
        tickets: [ticket("1", "2026-12-04 18:30:00"), placeholder("4510", "2027-01-15")],
      }),
    );
    // Member islands get the chosen member-service configuration (spec 1, 7.1); paging is the client's (spec 9).
    // 178 configures the spec's paths, so no endpoint travels (src/isomorphic/member/service.ts SPEC_MEMBER_ENDPOINTS).
    expect(props(html, "reviews")).toMatchObject({
      edi: "DXM00012345",
      service: { partners: [178], baseUrl: expect.stringMatching(/^https:/) },
    });
    expect(props(html, "reviews").service).not.toHaveProperty("endpoints");
    expect(props(html, "my-page")).toMatchObject({ service: { partners: [178] }, eventIds: expect.any(Array) });
    const list = props(html, "ticket-list");
    expect(list.display).toEqual({ displayMode: 10, showTicketCount: false });
    expect(list.tickets.map((t: { id: string }) => t.id)).toEqual(["e-1", "mc-4510"]);
    // Only what the ticket islands read: no image host or brand (templates/islands/live.ts).
    expect(list.live).toEqual({ clock: { mode: "reference", referenceIso: expect.any(String) }, channel: "dxf" });
  });

  it("escapes user text", () => {
    const html = main(block("title", { title: '<img src=x onerror="alert(1)">' }));
    expect(html.querySelector("img[onerror]")).toBeNull();
    expect(html.querySelector("h1")?.text).toBe('<img src=x onerror="alert(1)">');
  });

  it("sets width, height, srcset and lazy loading on images except the hero", () => {
    const poster =
      "https://img.kinoplattform.example/178/a-poster.jpg?w=225&h=340&fit=crop&auto=compress&crop=faces,top";
    const cards = Array.from({ length: 3 }, (_, i) => ({
      title: `F${i}`,
      image: poster,
      link: `/f${i}`,
      text: null,
      linkText: null,
      label: null,
      date: null,
    }));
    const html = main(block("card-list", { title: "Filmer", cards }), block("card-list", { title: "Flere", cards }));
    const images = html.querySelectorAll("img");
    expect(images).toHaveLength(6);
    expect(images[0].getAttribute("loading")).toBeUndefined();
    expect(images.slice(1).every((img) => img.getAttribute("loading") === "lazy")).toBe(true);
    for (const img of images) {
      expect(img.getAttribute("width")).toBe("225");
      expect(img.getAttribute("height")).toBe("340");
      expect(img.getAttribute("alt")).toMatch(/^Plakat: F\d$/);
    }
    expect(images[0].getAttribute("srcset")).toBe(
      "https://img.kinoplattform.example/178/a-poster.jpg?w=225&h=340&fit=crop&auto=compress&crop=faces,top 225w, https://img.kinoplattform.example/178/a-poster.jpg?w=450&h=680&fit=crop&auto=compress&crop=faces,top 450w",
    );
  });
});

describe("ticket display modes (spec 9)", () => {
  const tickets = [
    ticket("1", "2026-12-05 18:00:00", { count: 42 }),
    ticket("2", "2026-12-05 20:00:00", { count: 3 }),
    ticket("3", "2026-12-05 22:00:00", { count: 0 }),
  ];
  const statuses = (mode: number, showTicketCount = true) =>
    main(
      block("ticket-list", {
        title: "Billetter",
        productionTitle: "Dune",
        ticketDisplayMode: mode,
        showTicketCount,
        tickets,
      }),
    )
      .querySelectorAll(".showtime")
      .map((li) => li.querySelector(".showtime__status")?.text ?? null);

  it("-2 hides availability", () => expect(statuses(-2)).toEqual([null, null, null]));
  it("-1 shows the count and 'Utsolgt' at 0", () => expect(statuses(-1)).toEqual(["42 ledige", "3 ledige", "Utsolgt"]));
  it("-1 without showTicketCount hides the counts", () => expect(statuses(-1, false)).toEqual([null, null, "Utsolgt"]));
  it("a threshold shows 'Få billetter' below it and 'Utsolgt' at 0", () =>
    expect(statuses(10)).toEqual([null, "Få billetter", "Utsolgt"]));

  it("a sold-out showing is not a purchase link", () => {
    const soldOut = main(
      block("ticket-list", {
        title: "B",
        productionTitle: "Dune",
        ticketDisplayMode: -1,
        showTicketCount: true,
        tickets: [tickets[2]],
      }),
    ).querySelector(".showtime")!;
    expect(soldOut.querySelector("a")).toBeNull();
    expect(soldOut.classList.contains("showtime--sold-out")).toBe(true);
  });
});

describe("showings", () => {
  const list = main(
    block("ticket-list", {
      title: "Billetter",
      productionTitle: "Dune",
      ticketDisplayMode: -1,
      showTicketCount: true,
      tickets: [
        ticket("1", "2026-12-04 18:30:00", {
          adFlags: ["baby_cinema", "pre_premiere"],
          adFlagsView: [{ flag: "baby_cinema", view: "Babykino" }],
        }),
        ticket("2", "2026-12-04 11:00:00"),
        ticket("3", "2026-12-05 21:00:00", {
          link: "https://billett.kinoplattform.example/solvik/events/3/purchase/setup?kanal=app",
        }),
        placeholder("4510", "2027-01-15"),
      ],
    }),
  );

  it("groups showings by Oslo day with nb headings and drops the ones that began before the build", () => {
    expect(list.querySelectorAll("[data-island] > div > :first-child").map((h) => h.text)).toEqual([
      "Fredag 4. desember",
      "Lørdag 5. desember",
      "Premiere",
    ]);
    expect(list.querySelectorAll(".showtime > * > time").map((t) => t.text)).toEqual(["18:30", "21:00"]);
    // The day is the heading's; the start with its offset is the JSON-LD's (docs/rendering.md).
    expect(list.querySelector(".showtime > * > time")?.getAttribute("datetime")).toBeUndefined();
  });

  it("links to the ticketing provider with kanal ensured and an accessible name with film, day, time and hall", () => {
    const links = list.querySelectorAll(".showtime > a");
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "https://billett.kinoplattform.example/solvik/events/1/purchase/setup?kanal=dxf",
      "https://billett.kinoplattform.example/solvik/events/3/purchase/setup?kanal=app",
    ]);
    // The name is text, never an aria-label, so it contains what is on screen (WCAG 2.5.3): by
    // reference to the list's 'Kjøp billett til <film>', the day's heading and the link's own
    // parts (the stylesheet adds the commas between them; Chromium's name is checked in
    // tests/e2e/site.e2e.test.ts). No visually hidden words repeated per showing.
    expect(links[0].getAttribute("aria-label")).toBeUndefined();
    const refs = links[0].getAttribute("aria-labelledby")!.split(" ");
    expect(refs.at(-1)).toBe(links[0].getAttribute("id"));
    expect(refs.slice(0, -1).map((id) => list.querySelector(`[id="${id}"]`)!.text)).toEqual([
      "Kjøp billett til Dune,",
      "Fredag 4. desember",
    ]);
    expect(list.querySelector(`[id="${refs[0]}"]`)!.hasAttribute("hidden")).toBe(true);
    expect(
      ["time", ".showtime__meta > span", ".showtime__flag"].flatMap((part) =>
        links[0].querySelectorAll(part).map((el) => el.text),
      ),
    ).toEqual(["18:30", "Sal 3", "42 ledige", "Babykino", "Førpremiere"]);
    expect(links[0].querySelectorAll(".visually-hidden")).toHaveLength(0);
    // Ids are unique on the page.
    const ids = list.querySelectorAll("[id]").map((el) => el.getAttribute("id"));
    expect(new Set(ids).size).toBe(ids.length);
    expect(list.querySelectorAll("button")).toHaveLength(0);
  });

  it("labels ad flags in Norwegian", () => {
    expect(
      list
        .querySelectorAll(".showtime")[0]
        .querySelectorAll(".showtime__flag")
        .map((f) => f.text),
    ).toEqual(["Babykino", "Førpremiere"]);
  });

  it("shows a placeholder as 'Premiere <date>' without a purchase link", () => {
    const premiere = list.querySelector(".showtime--premiere")!;
    expect(premiere.text.trim()).toBe("Premiere fredag 15. januar 2027");
    expect(premiere.querySelector("a")).toBeNull();
    expect(premiere.getAttribute("data-ticket-id")).toBe("mc-4510");
  });

  it("does not link a showing before its web sale starts", () => {
    const early = main(
      block("ticket", {
        title: "Dune",
        ticketDisplayMode: -1,
        showTicketCount: true,
        ...ticket("9", "2026-12-20 18:00:00", { ticketSaleWebStartDate: "2026-12-10 10:00:00" }),
      }),
    );
    expect(early.querySelector(".showtime > a")).toBeNull();
    expect(early.querySelector(".showtime__status")?.text).toBe("Salg fra torsdag 10. desember");
  });
});

describe("programme", () => {
  const film = (id: string, title: string, tickets: unknown[]) => ({
    id,
    title,
    image: null,
    description: `${title} handler om noe.`,
    cast: null,
    link: `/${id}`,
    type: "movie",
    category: "Film",
    club: null,
    begin: null,
    features: [
      { name: "12", highlight: false },
      { name: "2D", highlight: false },
    ],
    tickets,
    properties: [],
  });
  const programme = (filterType: string, mode = -1) =>
    main(
      block("program", {
        title: "Kinoprogram",
        subtitle: null,
        filter: { type: filterType, from: null, to: null },
        bannerId: null,
        bannerMobileId: null,
        adFlagsFilter: [],
        ticketDisplayMode: mode,
        showTicketCount: true,
        events: [
          film("a", "Alfa", [ticket("1", "2026-12-05 20:00:00"), ticket("2", "2026-12-06 18:00:00")]),
          film("b", "Beta", [ticket("3", "2026-12-05 17:00:00")]),
          film("c", "Gamma", [placeholder("7", "2027-02-01")]),
        ],
      }),
    );

  it("by date: one section per day with its films in time order, a placeholder-only film under its premiere, and jump links", () => {
    const html = programme("date");
    expect(
      html
        .querySelectorAll(".programme-day")
        .map((day) => [
          day.querySelector(".day-heading")!.text,
          day.querySelectorAll(".film-row__title").map((t) => t.text),
        ]),
    ).toEqual([
      ["Lørdag 5. desember", ["Beta", "Alfa"]],
      ["Søndag 6. desember", ["Alfa"]],
      ["Mandag 1. februar 2027", ["Gamma"]],
    ]);
    // docs/rendering.md, Programmes and showings: a premiere with no hall, link or count.
    const premiere = html.querySelectorAll(".programme-day")[2];
    expect(premiere.querySelector(".showtime__premiere")?.text).toBe("Premiere mandag 1. februar 2027");
    expect(premiere.querySelectorAll(".showtime > a, .showtime__meta")).toHaveLength(0);
    expect(html.querySelectorAll(".day-nav a").map((a) => a.text)).toEqual(["I morgen", "søn 6.12.", "man 1.2.2027"]);
    // A purchase link in a row sends 'select_content' with its film (spec 3.6, client/analytics.ts).
    // The row names the film, its list the brand and list name once (docs/performance.md: ~100 B less per row).
    const row = html.querySelector(".film-row")!;
    expect(html.querySelectorAll("[data-analytics-list]")).toHaveLength(3);
    expect(html.toString().match(/Kinoprogram&quot;/g)?.length ?? 0).toBeLessThanOrEqual(
      html.querySelectorAll("[data-analytics-list]").length + 1,
    );
    const list = html
      .querySelectorAll("[data-analytics-list]")
      .find((ul) => ul.querySelectorAll(".film-row").includes(row))!;
    expect(listingItemOf(row.getAttribute("data-analytics-item"), list.getAttribute("data-analytics-list"))).toEqual({
      id: "b",
      name: "Beta",
      brand: expect.any(String),
      listName: "Kinoprogram",
      category: "Film",
    });
    expect(html.querySelector(".age-badge .visually-hidden")?.text).toBe("Aldersgrense 12 år");
  });

  it("without a date filter: every film with its showings or premiere, availability hidden at -2", () => {
    const html = programme("none", -2);
    expect(html.querySelectorAll(".film-row__title").map((t) => t.text)).toEqual(["Alfa", "Beta", "Gamma"]);
    expect(html.querySelectorAll(".showtime__status")).toHaveLength(0);
    expect(html.querySelectorAll(".showtime__premiere").map((p) => p.text)).toEqual([
      "Premiere mandag 1. februar 2027",
    ]);
  });
});

describe("CMS HTML", () => {
  const dirty =
    '<h1>Tittel</h1><p onclick="x()">Tekst <a href="javascript:alert(1)">lenke</a> <a href="https://filmweb.example" target="_blank">ut</a></p><script>alert("xss")</script><img src="https://img.kinoplattform.example/a.jpg" onerror="alert(1)"><iframe src="https://www.youtube-nocookie.com/embed/x"></iframe><iframe src="https://evil.example/embed"></iframe><table><tr><td>1</td></tr></table><style>body{display:none}</style>';
  const html = main(block("content", { title: "Innhold", body: dirty }));
  const body = html.querySelector(".rich-text")!;

  it("drops scripts, styles, event handlers and javascript: URLs", () => {
    expect(body.querySelectorAll("script, style")).toHaveLength(0);
    expect(body.querySelectorAll("[onclick], [onerror]")).toHaveLength(0);
    // The javascript: link keeps its text as plain text, not a dead link (docs/rendering.md, Sanitiser allowlist).
    expect(body.querySelectorAll("a").map((a) => a.getAttribute("href") ?? null)).toEqual(["https://filmweb.example"]);
    expect(body.text).not.toContain("alert");
  });

  it("keeps the allowlist: headings (h1 demoted), links, images, tables, video iframes only", () => {
    expect(body.querySelector("h2")?.text).toBe("Tittel");
    expect(body.querySelector("h1")).toBeNull();
    expect(body.querySelector("a[target=_blank]")?.getAttribute("rel")).toBe("noopener");
    expect(body.querySelector("img")?.getAttribute("loading")).toBe("lazy");
    expect(body.querySelector("td")?.text).toBe("1");
    expect(body.querySelectorAll("iframe").map((frame) => frame.getAttribute("src"))).toEqual([
      "https://www.youtube-nocookie.com/embed/x",
    ]);
  });
});

describe("time zone", () => {
  it("writes the same HTML with TZ=UTC and TZ=America/New_York", () => {
    const run = (tz: string) =>
      execFileSync(process.execPath, ["--import", "tsx", "tests/fixtures/render/print-page.ts"], {
        env: { ...process.env, TZ: tz },
        encoding: "utf8",
      });
    const utc = run("UTC");
    const newYork = run("America/New_York");
    expect(newYork).toBe(utc);
    const doc = parse(utc);
    // Oslo wall-clock times, also across the switch to summer time (the offsets are the JSON-LD's).
    expect(doc.querySelectorAll(".showtime > * > time").map((t) => t.text)).toEqual(["18:30", "23:15"]);
    expect(doc.querySelector(".byline time")?.text).toBe("29. mars 2026");
  });
});

describe("what a visitor sees (docs/rendering.md)", () => {
  const detail = (kind: "film" | "culture", ...blocks: ReturnType<typeof block>[]) =>
    parse(renderer().render(page(blocks), route("/x-abc123", kind))).querySelector("main")!;

  it("names a culture event's facts as an event's, not a film's", () => {
    const info = { title: null, body: "<p>Konsert</p>", cast: "Eirik Hansen", features: [] };
    const culture = detail("culture", block("movie-info", info));
    expect(culture.querySelector(".movie-info h2, .movie-info h1")?.text).toBe("Om arrangementet");
    expect(culture.querySelector(".fact-list dt")?.text).toBe("Medvirkende");
    const film = detail("film", block("movie-info", info));
    expect(film.querySelector(".movie-info h2, .movie-info h1")?.text).toBe("Om filmen");
    expect(film.querySelector(".fact-list dt")?.text).toBe("Skuespillere");
  });

  it("shows the next showing and the way to the tickets on an event's hero", () => {
    const html = detail(
      "culture",
      block("cover", { title: "Akustisk kveld", image: null, subtitle: null, link: null }),
      block("ticket-list", {
        title: "Billetter",
        ticketDisplayMode: -1,
        showTicketCount: true,
        tickets: [
          ticket("2", "2026-12-06 19:15:00"),
          ticket("1", "2026-12-05 20:00:00"),
          ticket("0", "2026-12-01 20:00:00"),
        ],
      }),
    );
    const next = html.querySelector(".cover__next")!;
    expect(next.querySelector("time")?.getAttribute("datetime")).toBe("2026-12-05T20:00");
    expect(next.querySelector(".cover__when")?.text).toBe("Lørdag 5. desember kl.\u00a020:00 · Sal 3 · 1 visning til");
    expect(next.querySelector("a.button")?.getAttribute("href")).toBe("#tickets");
  });

  it("leaves a static page's cover without showings", () => {
    const html = main(block("cover", { title: "Skolekino", image: null, subtitle: null, link: null }));
    expect(html.querySelector(".cover__next")).toBeNull();
  });

  it("orders dated cards by date and keeps undated cards in the source's order", () => {
    const card = (title: string, date: string | null) => ({
      title,
      image: null,
      link: null,
      text: null,
      linkText: null,
      label: null,
      date,
    });
    const dated = main(
      block("card-list", {
        title: "Kommende filmer",
        cards: [card("C", "2027-01-03"), card("A", "2026-12-06"), card("B", "2026-12-31")],
      }),
    );
    expect(dated.querySelectorAll(".card__title").map((h) => h.text)).toEqual(["A", "B", "C"]);
    const news = main(
      block("card-list", { title: "Nyheter", cards: [card("C", null), card("A", "2026-12-06"), card("B", null)] }),
    );
    expect(news.querySelectorAll(".card__title").map((h) => h.text)).toEqual(["C", "A", "B"]);
  });
});

describe("CMS images (docs/performance.md: no layout shift when they load)", () => {
  it("get the size the build knows: local media from the catalogue, CDN images from their w and h", () => {
    const local = "/assets/media/bilder/bilde-04-1280.56991525.webp";
    const media = { [local]: { width: 1280, height: 720, variants: [{ width: 1280, url: local }] } };
    const body = `<p><img src="${local}" alt="Babykino"><img src="https://img.kinoplattform.example/178/a.jpg?w=800&h=450" alt="CDN"><img src="https://img.kinoplattform.example/178/b.jpg" alt="Ukjent"><img src="${local}" alt="Eget" width="10" height="5"></p>`;
    const html = parse(
      renderer({
        assets: {
          css: "/assets/site.12345678.css",
          js: "/assets/boot.87654321.js",
          islands: {},
          islandImports: {},
          search: null,
          media,
        },
      }).render(page([block("content", { title: "Om", body })]), route("/om")),
    );
    const sizes = html
      .querySelectorAll(".rich-text img")
      .map((img) => [img.getAttribute("alt"), img.getAttribute("width") ?? null, img.getAttribute("height") ?? null]);
    expect(sizes).toEqual([
      ["Babykino", "1280", "720"],
      ["CDN", "800", "450"],
      ["Ukjent", null, null],
      ["Eget", "10", "5"],
    ]);
  });
});
