/**
 * Dates of next year (docs/spec-decisions.md "Dates of next year"): with a programme over New
 * Year, the day headings named the year ("fredag 1. januar 2027") but "Salg fra lørdag 2.
 * januar", the "Vis onsdag 6. januar" link, the day chips, a day page's <title> and what a
 * screen reader hears of a showing did not. Every date a visitor or a screen reader meets names
 * its year when it is not the reference time's year in Oslo; this year's dates do not.
 */
import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { formatDay, formatShortDay } from "../../src/isomorphic/oslo-date.js";
import { dayPagePath } from "../../src/model/page-paths.js";
import { windowProgrammePage } from "../../src/render/programme-window.js";
import { toOsloLocal } from "../../src/isomorphic/time/oslo.js";
import { block, page, renderer, route, ticket } from "../fixtures/render/fixture.js";
import { islandPropsOf } from "../helpers/island-props.js";

const NOW = "2026-12-28T12:00:00+01:00";
const NOW_LOCAL = toOsloLocal(NOW);
// Three days of December (the window), then days of January, each its own day page.
const DAYS = ["2026-12-28", "2026-12-29", "2026-12-30", "2027-01-01", "2027-01-06"];

const film = {
  id: "1_movie_movie",
  title: "Dune",
  image: null,
  description: null,
  cast: null,
  link: "/dune",
  type: "movie",
  category: "Film",
  club: null,
  begin: null,
  features: [],
  properties: [],
  // The showing of 1 January goes on sale on 2 January.
  tickets: DAYS.map((date, i) =>
    ticket(`1${i}`, `${date} 18:00:00`, date === "2027-01-01" ? { ticketSaleWebStartDate: "2027-01-02 10:00:00" } : {}),
  ),
};
const shared = page(
  [
    block("program", {
      title: "Kinoprogram",
      subtitle: null,
      filter: { type: "date", from: null, to: null },
      bannerId: null,
      bannerMobileId: null,
      adFlagsFilter: [],
      ticketDisplayMode: -1,
      showTicketCount: true,
      events: [film],
    }),
  ],
  { path: "/kinoprogram" },
);

function render(day: string | null) {
  const path = day === null ? shared.path : dayPagePath(shared.path, day);
  const windowed = windowProgrammePage(shared, day, path, NOW_LOCAL);
  return { windowed, doc: parse(renderer({ now: NOW }).render(windowed, route(path))) };
}

describe("dates of next year", () => {
  it("formats a day of another year with its year, one of this year without", () => {
    expect(formatDay("2027-01-01", { now: NOW_LOCAL })).toBe("fredag 1. januar 2027");
    expect(formatDay("2026-12-29", { now: NOW_LOCAL })).toBe("tirsdag 29. desember");
    expect(formatShortDay("2027-01-06", "2026-12-28")).toBe("ons 6.1.2027");
    expect(formatShortDay("2026-12-30", "2026-12-28")).toBe("ons 30.12.");
  });

  it("names the year in the chips and the 'Vis …' link of the programme page", () => {
    const { doc } = render(null);
    const chips = doc.querySelectorAll('[data-island="programme"] .day-nav a').map((a) => a.text);
    expect(chips).toEqual(["I dag", "I morgen", "ons 30.12.", "fre 1.1.2027", "ons 6.1.2027"]);
    expect(doc.querySelector(".day-more a")!.text).toBe("Vis fredag 1. januar 2027");
  });

  it("names the year in a day page's title, 'Salg fra' and the screen-reader text of its showing", () => {
    const { windowed, doc } = render("2027-01-01");
    expect(windowed.meta.title).toMatch(/ – fredag 1\. januar 2027$/);
    const showing = doc.querySelector('[data-island="programme"] .showtime')!;
    expect(showing.querySelector(".showtime__status")!.text).toBe("Salg fra lørdag 2. januar 2027");
    expect(showing.querySelector(".visually-hidden")!.text).toContain("Dune, fredag 1. januar 2027, kl. ");
    expect(doc.querySelector(".day-more a")!.text).toBe("Vis onsdag 6. januar 2027");
  });

  it("leaves this year's day page and showings without the year", () => {
    const { windowed, doc } = render(null);
    expect(windowed.meta.title).not.toMatch(/2026/);
    const hidden = doc
      .querySelectorAll('[data-island="programme"] .showtime .visually-hidden')
      .map((span) => span.text);
    expect(hidden[0]).toMatch(/Kjøp billett til Dune, mandag 28\. desember, kl. $/);
    expect(render("2026-12-29").windowed.meta.title).toMatch(/ – tirsdag 29\. desember$/);
  });

  it("the island renders the same dates from its props as the server (hydration matches)", async () => {
    const { renderToString } = await import("react-dom/server");
    const { ProgrammeIsland } = await import("../../templates/islands/programme.js");
    for (const day of [null, "2027-01-01"]) {
      const { doc } = render(day);
      const marker = doc.querySelector('[data-island="programme"]')!;
      const props = islandPropsOf(doc, marker) as Record<string, any>;
      expect(
        renderToString(<ProgrammeIsland {...(props as any)} />, {
          identifierPrefix: marker.getAttribute("data-island-id")!,
        }),
      ).toBe(marker.innerHTML);
    }
  });
});
