/**
 * Island props transport (src/isomorphic/island-props.ts, templates/ui/island.tsx) and the compact
 * ticket props (templates/ui/live-props.ts), docs/performance.md: props as JSON scripts that no text can
 * break out of, page-level values written once, tickets without what can be derived, and the
 * island's view of its tickets unchanged.
 */
import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { serializeIslandJson } from "../../src/isomorphic/island-props.js";
import {
  compactTicketLists,
  compactTickets,
  expandProgrammeTickets,
  expandTickets,
  pickFields,
  programmeTickets,
  TICKET_FIELDS,
} from "../../templates/ui/live-props.js";
import { MINIMAL, block, page, placeholder, renderer, route, ticket } from "../fixtures/render/fixture.js";
import { islandPropsOf } from "../helpers/island-props.js";

describe("island props transport", () => {
  it("writes JSON that cannot close its script, and reads back the same value", () => {
    const hostile = { text: "</script><script>alert(1)</script><!-- x", line: "a\u2028b" };
    const json = serializeIslandJson(hostile);
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual(hostile);
  });

  it("puts props in a script before the marker, writes shared values once per page, and the reader restores them", () => {
    const tickets = (id: string) => ({ title: "Billetter", tickets: [ticket(id, "2026-12-04 18:30:00")] });
    const html = renderer().render(
      page([
        block("movie-reviews", MINIMAL["movie-reviews"]),
        block("ticket-list", tickets("1")),
        block("ticket-list", tickets("2")),
      ]),
      route("/film"),
    );
    const doc = parse(html);
    // No props attribute: every quote would be &quot;.
    expect(html).not.toMatch(/data-island-props="\{/);
    expect(doc.querySelectorAll('script[data-island-shared="live"]')).toHaveLength(1);
    const lists = doc.querySelectorAll('[data-island="ticket-list"]');
    expect(lists).toHaveLength(2);
    for (const [index, marker] of lists.entries()) {
      const script = marker.previousElementSibling!;
      expect(script.tagName).toBe("SCRIPT");
      expect(script.getAttribute("data-island-props")).toBe("live");
      expect(JSON.parse(script.text)).not.toHaveProperty("live");
      const props = islandPropsOf(doc, marker) as { live: { channel: string }; tickets: { id: string }[] };
      expect(props.live.channel).toBe("dxf");
      expect(props.tickets.map((t) => t.id)).toEqual([`e-${index + 1}`]);
    }
    const reviews = doc.querySelector('[data-island="reviews"]')!;
    expect(islandPropsOf(doc, reviews)).toMatchObject({ service: { partners: [178] } });
  });

  it("reads only the shared values an island names, and its own value wins", () => {
    const doc = parse(
      '<main><script type="application/json" data-island-shared="live">{"channel":"dxf"}</script><script type="application/json" data-island-shared="service">{"baseUrl":"/"}</script>' +
        '<script type="application/json" data-island-props="live">{"n":1}</script><div data-island="a"></div>' +
        '<script type="application/json" data-island-props="">{"live":{"channel":"own"}}</script><div data-island="b"></div><div data-island="c"></div></main>',
    );
    expect(islandPropsOf(doc, doc.querySelector('[data-island="a"]')!)).toEqual({ n: 1, live: { channel: "dxf" } });
    expect(islandPropsOf(doc, doc.querySelector('[data-island="b"]')!)).toEqual({ live: { channel: "own" } });
    // A marker without its script (not written by this server) hydrates with no props rather than another island's.
    expect(islandPropsOf(doc, doc.querySelector('[data-island="c"]')!)).toEqual({});
  });
});

describe("compact ticket props", () => {
  const link = (n: number) => `https://billett.example/solvik/events/${n}/purchase/setup?kanal=dxf`;
  const full = [
    {
      id: "e-1780000104705",
      date: "2026-11-27 20:15:00",
      location: "Sal 2",
      link: link(104705),
      count: 272,
      ticketSaleWebStartDate: "2026-11-06 10:00:00",
      highlightHeading: "",
      highlightBody: "",
      adFlags: ["baby_cinema"],
      adFlagsView: [{ flag: "baby_cinema", view: "Babykino" }],
    },
    {
      id: "e-1780000104721",
      date: "2026-12-28 21:45:00",
      location: "Sal 5",
      link: "https://other.example/kjop/104721",
      count: 0,
      ticketSaleWebStartDate: "2026-12-01 10:00:00",
      adFlags: ["odd_flag"],
      adFlagsView: [{ flag: "odd_flag", view: "Spesial" }],
    },
    { id: "e-1780000104730", date: "2026-12-29 18:00:00", location: "Sal 1", link: null, count: 10 },
    { id: "mc-4510", date: "2027-01-15", location: null, link: null, count: null },
  ];
  const nowLocal = "2026-11-20 09:00:00";

  it("drops empty fields, known flag views, passed sale starts and links the pattern gives back", () => {
    const { tickets = [], purchaseLink } = compactTickets(full, 178, nowLocal);
    expect(purchaseLink).toEqual({
      template: "https://billett.example/solvik/events/{n}/purchase/setup?kanal=dxf",
      idPrefix: "e-178",
    });
    expect(tickets[0]).toEqual({
      id: "e-1780000104705",
      date: "2026-11-27 20:15:00",
      location: "Sal 2",
      count: 272,
      adFlags: ["baby_cinema"],
    });
    // A link off the pattern, a flag without a label and a sale start still ahead stay.
    expect(tickets[1]).toMatchObject({
      link: "https://other.example/kjop/104721",
      adFlagsView: [{ flag: "odd_flag", view: "Spesial" }],
      ticketSaleWebStartDate: "2026-12-01 10:00:00",
    });
    // No link must not become the derived one.
    expect(tickets[2].link).toBeNull();
    expect(tickets[3]).toEqual({ id: "mc-4510", date: "2027-01-15", link: null });
  });

  it("gives the island the same tickets, as far as the showtimes read them", () => {
    const expanded = expandTickets(compactTickets(full, 178, nowLocal));
    const expected = full.map((t) => pickFields(t, TICKET_FIELDS));
    expect(expanded.map((t) => t.link ?? null)).toEqual(expected.map((t) => t.link ?? null));
    expect(expanded.map((t) => [t.id, t.date, t.location, t.count, t.adFlags])).toEqual(
      expected.map((t) => [t.id, t.date, t.location, t.count, t.adFlags]),
    );
  });

  it("writes a film page's showings as rows when each fits one, and expands them to the same tickets", () => {
    const link = (n: number) => `https://billett.example/solvik/events/${n}/purchase/setup?kanal=dxf`;
    const plain = [
      { id: "e-1780000104705", date: "2026-11-27 20:15:00", location: "Sal 2", link: link(104705), count: 272 },
      { id: "e-1780000000007", date: "2026-11-28 18:00:00", location: "Sal 1", link: link(7), count: null },
      {
        id: "e-1780000104706",
        date: "2026-12-28 21:45:00",
        location: "Sal 5",
        link: link(104706),
        count: 3,
        ticketSaleWebStartDate: "2026-12-01 10:00:00",
      },
    ];
    const compact = compactTickets(plain, 178, nowLocal);
    expect(compact.tickets).toBeUndefined();
    expect(compact.rows).toEqual([
      [104705, "2026-11-27 20:15:00", "Sal 2", 272],
      [7, "2026-11-28 18:00:00", "Sal 1"],
      [104706, "2026-12-28 21:45:00", "Sal 5", 3, "2026-12-01 10:00:00"],
    ]);
    expect(expandTickets(compact)).toEqual(plain.map((t) => pickFields(t, TICKET_FIELDS)));
    // A ticket a row cannot hold (a placeholder, a link off the pattern, ad flags, a count
    // without a hall) keeps the named fields.
    expect(compactTickets(full, 178, nowLocal).rows).toBeUndefined();
    expect(compactTickets([{ ...plain[0], location: null }], 178, nowLocal).rows).toBeUndefined();
  });

  it("writes ad flags every showing has once beside the rows, and keeps named fields when they differ", () => {
    const link = (n: number) => `https://billett.example/solvik/events/${n}/purchase/setup?kanal=dxf`;
    const flags = ["baby_cinema", "senior_cinema"];
    const flagged = [
      { id: "e-1780000104705", date: "2026-11-27 20:15:00", location: "Sal 2", link: link(104705), count: 272 },
      { id: "e-1780000104706", date: "2026-12-28 21:45:00", location: "Sal 5", link: link(104706), count: 3 },
    ].map((ticket) => ({ ...ticket, adFlags: [...flags] }));
    const compact = compactTickets(flagged, 178, nowLocal);
    expect(compact).toMatchObject({
      rows: [
        [104705, "2026-11-27 20:15:00", "Sal 2", 272],
        [104706, "2026-12-28 21:45:00", "Sal 5", 3],
      ],
      adFlags: flags,
    });
    expect(compact.tickets).toBeUndefined();
    expect(expandTickets(compact)).toEqual(flagged.map((t) => pickFields(t, TICKET_FIELDS)));
    // One showing without the flags, or with others: each ticket names its own.
    for (const odd of [
      { ...flagged[1], adFlags: [] },
      { ...flagged[1], adFlags: ["baby_cinema"] },
    ]) {
      const named = compactTickets([flagged[0], odd], 178, nowLocal);
      expect(named.rows).toBeUndefined();
      expect(named.adFlags).toBeUndefined();
      expect(expandTickets(named).map((t) => t.adFlags)).toEqual([flags, odd.adFlags.length ? odd.adFlags : undefined]);
    }
    // Flags that are not a list reach the island as they are.
    const odd = flagged.map((ticket) => ({ ...ticket, adFlags: "baby_cinema" }));
    expect(expandTickets(compactTickets(odd, 178, nowLocal)).map((t) => t.adFlags)).toEqual([
      "baby_cinema",
      "baby_cinema",
    ]);
  });

  it("writes a programme's films' showings as rows where they fit, and gives the island the same tickets", () => {
    const link = (n: number) => `https://billett.example/solvik/events/${n}/purchase/setup?kanal=dxf`;
    const baby = ["baby_cinema"];
    const films = [
      [
        { id: "e-1780000104705", date: "2026-11-27 20:15:00", location: "Sal 2", link: link(104705), count: 272 },
        { id: "e-1780000104706", date: "2026-12-28 21:45:00", location: "Sal 5", link: link(104706), count: 3 },
      ],
      [{ id: "e-1780000104707", date: "2026-11-29 11:00:00", location: "Sal 1", link: link(104707), adFlags: baby }],
      full, // a placeholder, a link off the pattern, flag views: named
    ];
    const { lists, purchaseLink } = compactTicketLists(films, 178, nowLocal);
    const props = lists.map((tickets) => programmeTickets(tickets, purchaseLink));
    expect(props[0]).toEqual({
      ticketRows: [
        [104705, "2026-11-27 20:15:00", "Sal 2", 272],
        [104706, "2026-12-28 21:45:00", "Sal 5", 3],
      ],
    });
    expect(props[1]).toEqual({ ticketRows: [[104707, "2026-11-29 11:00:00", "Sal 1"]], ticketAdFlags: baby });
    expect(props[2]).toEqual({ tickets: lists[2] });
    // The island's view: the event's own fields, and the tickets as the named props gave them.
    props.forEach((prop, index) => {
      const event = expandProgrammeTickets({ id: `film-${index}`, title: "Film", ...prop }, purchaseLink!);
      expect(event).toEqual({
        id: `film-${index}`,
        title: "Film",
        tickets: expandTickets({ tickets: lists[index], purchaseLink }),
      });
    });
    // Without a link pattern every film keeps its named tickets.
    expect(programmeTickets(lists[0], undefined)).toEqual({ tickets: lists[0] });
  });

  it("keeps every link when no ticket's link contains its event number", () => {
    const { tickets = [], purchaseLink } = compactTickets(
      [{ id: "e-1780000000001", date: "2026-12-01 18:00:00", link: "https://x.example/buy" }],
      178,
      nowLocal,
    );
    expect(purchaseLink).toBeUndefined();
    expect(tickets[0].link).toBe("https://x.example/buy");
  });
});

describe("compact programme props", () => {
  const link = (n: number) => `https://billett.kinoplattform.example/solvik/events/${n}/purchase/setup?kanal=dxf`;
  const film = (n: number, extra: Record<string, unknown>, tickets: Record<string, unknown>[]) => ({
    ...(MINIMAL.program.events as Record<string, unknown>[])[0],
    id: `${n}_movie_movie`,
    title: `Film ${n}`,
    link: `/film-${n}`,
    ...extra,
    tickets,
  });
  const data = {
    ...MINIMAL.program,
    events: [
      film(
        1,
        {
          club: false,
          features: [
            { name: "2D", highlight: false },
            { name: "Premiere", highlight: true },
          ],
        },
        [
          ticket("1780000000011", "2026-12-04 18:00:00", { link: link(11) }),
          ticket("1780000000012", "2026-12-05 20:00:00", {
            link: "https://annen.example/kjop/12",
            ticketSaleWebStartDate: "2026-12-05 10:00:00",
          }),
        ],
      ),
      film(2, { club: true }, [
        ticket("1780000000021", "2026-12-04 21:00:00", { link: null }),
        placeholder("4510", "2026-12-06"),
      ]),
    ],
  };

  it("writes one purchase-link pattern per listing and leaves out what the island can restore; the island renders the same HTML from them", async () => {
    const { renderToString } = await import("react-dom/server");
    const { ProgrammeIsland } = await import("../../templates/islands/programme.js");
    const doc = parse(renderer().render(page([block("program", data)]), route("/kinoprogram")));
    const marker = doc.querySelector('[data-island="programme"]')!;
    const props = islandPropsOf(doc, marker) as Record<string, any>;
    expect(props.purchaseLink).toEqual({ template: link(0).replace("/0/", "/{n}/"), idPrefix: "e-178" });
    const [first, second] = props.data.events;
    expect(first).not.toHaveProperty("club");
    expect(first.features).toEqual([{ name: "2D" }, { name: "Premiere", highlight: true }]);
    expect(second.club).toBe(true);
    // The pattern's link and the passed sale start are gone; a link off the pattern, a sale start ahead and "no link" stay.
    expect(first.tickets[0]).not.toHaveProperty("link");
    expect(first.tickets[0]).not.toHaveProperty("ticketSaleWebStartDate");
    expect(first.tickets[1]).toMatchObject({
      link: "https://annen.example/kjop/12",
      ticketSaleWebStartDate: "2026-12-05 10:00:00",
    });
    expect(second.tickets[0].link).toBeNull();
    // Hydration sees the server's HTML: the component rendered from the compact props gives it back.
    const html = renderToString(<ProgrammeIsland {...(props as any)} />, {
      identifierPrefix: marker.getAttribute("data-island-id")!,
    });
    expect(html).toBe(marker.innerHTML);
    expect(html).toContain(`href="${link(11)}"`);
    expect(html).toContain("Salg fra lørdag 5. desember");
  });
});
