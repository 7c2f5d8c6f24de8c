/** The programme's filter model (docs/spec-decisions.md "Programme filters"): URL query, matching, counting, widening. */
import { describe, expect, it } from "vitest";
import { programmeEntries } from "../../src/isomorphic/programme-entries.js";
import {
  countShowings,
  featureKindOf,
  filterEntries,
  filterOptions,
  NO_FILTERS,
  parseFilters,
  quickViewDays,
  serializeFilters,
  widening,
  withValues,
  type ProgrammeFilters,
} from "../../src/isomorphic/programme-filters.js";
import { withAccessibility } from "../../src/validate/accessibility.js";

// Wednesday 25 November 2026, 10:00 in Oslo.
const NOW = "2026-11-25 10:00:00";
const TODAY = "2026-11-25";

const feature = (name: string) => ({ name });
const ticket = (id: string, date: string, hall: string, flags: string[] = [], views: [string, string][] = []) => ({
  id,
  date,
  location: hall,
  link: `https://b.example/e/${id}`,
  adFlags: flags,
  adFlagsView: views.map(([flag, view]) => ({ flag, view })),
});

const DATA = {
  events: [
    {
      id: "dune",
      title: "Dune",
      features: [feature("15"), feature("Engelsk Tale"), feature("Norsk Tekst"), feature("Dolby Atmos")],
      tickets: [
        ticket("d1", "2026-11-25 18:30:00", "Sal 1"),
        ticket(
          "d2",
          "2026-11-25 21:00:00",
          "Sal 2",
          ["subtitled_hoh"],
          [["subtitled_hoh", "Teksting for hørselshemmede"]],
        ),
        ticket("d3", "2026-11-28 20:15:00", "Sal 1"),
      ],
    },
    {
      id: "elias",
      title: "Elias",
      features: [feature("A"), feature("Norsk Tale"), feature("2D")],
      tickets: [
        ticket("e1", "2026-11-25 11:00:00", "Sal 2", ["baby_cinema"]),
        ticket("e2", "2026-11-26 16:00:00", "Sal 3"),
        ticket("e3", "2026-11-29 12:00:00", "Sal 3"),
      ],
    },
    {
      id: "norating",
      title: "Uten aldersgrense",
      features: [feature("2D")],
      tickets: [ticket("n1", "2026-11-26 19:00:00", "Sal 1")],
    },
  ],
};

const entries = programmeEntries(DATA, NOW);
const ids = (filters: ProgrammeFilters) =>
  filterEntries(entries, filters, TODAY).flatMap((entry) => entry.showings.map((showing) => showing.id));

describe("the filters in the URL's query", () => {
  it("reads each filter and ignores unknown keys and values", () => {
    expect(parseFilters("?vis=helg&alder=9&sal=Sal+1&sal=Sal+2&merke=Babykino&tid=etter-20&q=x&tale=")).toEqual({
      ...NO_FILTERS,
      vis: "helg",
      alder: "9",
      sal: ["Sal 1", "Sal 2"],
      merke: ["Babykino"],
      tid: "etter-20",
    });
    expect(parseFilters("?vis=snart&alder=voksen&tid=natt")).toEqual(NO_FILTERS);
    expect(parseFilters("")).toEqual(NO_FILTERS);
  });

  it("writes the same query for the same filters, keeps other keys, and reads it back", () => {
    const filters = { ...NO_FILTERS, sal: ["Sal 2", "Sal 1"], vis: "i-dag" as const, tekst: ["Norsk Tekst"] };
    const query = serializeFilters(filters, "?utm=x&sal=Sal+9");
    expect(query).toBe("?utm=x&vis=i-dag&tekst=Norsk+Tekst&sal=Sal+1&sal=Sal+2");
    expect(parseFilters(query)).toEqual({ ...filters, sal: ["Sal 1", "Sal 2"] });
    expect(serializeFilters(NO_FILTERS, "?vis=helg")).toBe("");
    expect(serializeFilters(withValues(NO_FILTERS, "merke", ["Førpremiere"]))).toBe("?merke=F%C3%B8rpremiere");
  });
});

describe("matching", () => {
  it("sorts features into age, speech, subtitles and format", () => {
    expect(["A", "15", "Norsk Tale", "Original Tale", "Norsk Tekst", "Dolby Atmos", "2D"].map(featureKindOf)).toEqual([
      "alder",
      "alder",
      "tale",
      "tale",
      "tekst",
      "format",
      "format",
    ]);
  });

  it("quick views: today, tomorrow and the coming weekend (a Sunday is its own weekend)", () => {
    expect(quickViewDays("i-dag", TODAY)).toEqual(["2026-11-25"]);
    expect(quickViewDays("i-morgen", "2026-11-30")).toEqual(["2026-12-01"]);
    expect(quickViewDays("helg", TODAY)).toEqual(["2026-11-28", "2026-11-29"]);
    expect(quickViewDays("helg", "2026-11-28")).toEqual(["2026-11-28", "2026-11-29"]);
    expect(quickViewDays("helg", "2026-11-29")).toEqual(["2026-11-29"]);
    expect(ids({ ...NO_FILTERS, vis: "i-dag" })).toEqual(["d1", "d2", "e1"]);
    expect(ids({ ...NO_FILTERS, vis: "i-morgen" })).toEqual(["e2", "n1"]);
    expect(ids({ ...NO_FILTERS, vis: "helg" })).toEqual(["d3", "e3"]);
  });

  it("age limit keeps films rated up to it and leaves out films without a rating", () => {
    expect(ids({ ...NO_FILTERS, alder: "A" })).toEqual(["e1", "e2", "e3"]);
    expect(ids({ ...NO_FILTERS, alder: "12" })).toEqual(["e1", "e2", "e3"]);
    expect(ids({ ...NO_FILTERS, alder: "15" })).toEqual(["d1", "d2", "d3", "e1", "e2", "e3"]);
  });

  it("language, subtitles, format, hall, flag label and time of day; values of one filter are alternatives", () => {
    expect(ids({ ...NO_FILTERS, tale: ["Engelsk Tale"] })).toEqual(["d1", "d2", "d3"]);
    expect(ids({ ...NO_FILTERS, tekst: ["Norsk Tekst"] })).toEqual(["d1", "d2", "d3"]);
    expect(ids({ ...NO_FILTERS, format: ["2D", "Dolby Atmos"] })).toHaveLength(7);
    expect(ids({ ...NO_FILTERS, sal: ["Sal 3"] })).toEqual(["e2", "e3"]);
    expect(ids({ ...NO_FILTERS, merke: ["Teksting for hørselshemmede"] })).toEqual(["d2"]);
    expect(ids({ ...NO_FILTERS, merke: ["Babykino"] })).toEqual(["e1"]);
    expect(ids({ ...NO_FILTERS, tid: "for-17" })).toEqual(["e1", "e2", "e3"]);
    expect(ids({ ...NO_FILTERS, tid: "17-20" })).toEqual(["d1", "n1"]);
    expect(ids({ ...NO_FILTERS, tid: "etter-20" })).toEqual(["d2", "d3"]);
  });

  it("filters combine, and the count is of showings", () => {
    const filters = { ...NO_FILTERS, vis: "i-dag" as const, sal: ["Sal 1", "Sal 2"], tid: "etter-20" as const };
    expect(ids(filters)).toEqual(["d2"]);
    expect(countShowings(filterEntries(entries, filters, TODAY))).toBe(1);
    expect(countShowings(entries)).toBe(7);
    expect(filterEntries(entries, NO_FILTERS, TODAY)).toBe(entries);
  });
});

describe("widening and options", () => {
  it("names the filter whose removal brings back the most showings, or none when no single one helps", () => {
    // Babykino today in Sal 1: the flag is in Sal 2, so without the hall one showing matches;
    // without the flag, today's Sal 1 showing matches; the tie goes to the finer filter (sal).
    const filters = { ...NO_FILTERS, vis: "i-dag" as const, merke: ["Babykino"], sal: ["Sal 1"] };
    expect(ids(filters)).toEqual([]);
    expect(widening(entries, filters, TODAY)).toEqual({ key: "sal", count: 1 });
    expect(widening(entries, { ...filters, tid: "etter-20" }, TODAY)).toBeNull();
    const helg = { ...NO_FILTERS, vis: "helg" as const, tale: ["Norsk Tale"], tid: "etter-20" as const };
    expect(widening(entries, helg, TODAY)).toEqual({ key: "tid", count: 1 });
  });

  it("offers the values the listing has", () => {
    expect(filterOptions(entries)).toEqual({
      tale: ["Engelsk Tale", "Norsk Tale"],
      tekst: ["Norsk Tekst"],
      format: ["2D", "Dolby Atmos"],
      merke: ["Babykino", "Teksting for hørselshemmede"],
      sal: ["Sal 1", "Sal 2", "Sal 3"],
      alder: ["A", "6", "9", "12", "15"],
    });
  });
});

describe("the partner's accessibility words (partner.json accessibility)", () => {
  const accessibility = {
    adFlags: { subtitled_hoh: "Teksting for hørselshemmede", baby_cinema: "Ikke brukt" },
    halls: { "Sal 1": ["Rullestolplasser: 4", "Teleslynge"] },
  };
  const event = (hall: string, flags: string[], views: { flag: string; view: string }[] = []) => ({
    location: { name: hall },
    advertisementFlags: flags.map((value) => ({ value })),
    advertisementFlagsView: views,
  });

  it("labels a flag the data does not, adds the hall's words, and keeps the data's own views", () => {
    const linked = withAccessibility(
      event("Sal 1", ["subtitled_hoh", "baby_cinema"], [{ flag: "baby_cinema", view: "Babykino" }]),
      accessibility,
    );
    expect(linked.advertisementFlagsView).toEqual([
      { flag: "baby_cinema", view: "Babykino" },
      { flag: "subtitled_hoh", view: "Teksting for hørselshemmede" },
      { flag: "hall:1", view: "Rullestolplasser: 4" },
      { flag: "hall:2", view: "Teleslynge" },
    ]);
    const plain = event("Sal 2", ["senior_cinema"]);
    expect(withAccessibility(plain, accessibility)).toBe(plain);
  });

  it("shows the words on the showing and filters by them", () => {
    const ticketOf = (linked: ReturnType<typeof event>, id: string) => ({
      ...ticket(id, "2026-11-26 18:00:00", linked.location.name),
      adFlags: linked.advertisementFlags.map((flag) => flag.value),
      adFlagsView: linked.advertisementFlagsView,
    });
    const data = {
      events: [
        {
          id: "x",
          title: "X",
          tickets: [
            ticketOf(withAccessibility(event("Sal 1", ["subtitled_hoh"]), accessibility), "a"),
            ticketOf(withAccessibility(event("Sal 2", []), accessibility), "b"),
          ],
        },
      ],
    };
    const listed = programmeEntries(data, NOW);
    expect(listed[0].showings.map((showing) => showing.flags)).toEqual([
      ["Teksting for hørselshemmede", "Rullestolplasser: 4", "Teleslynge"],
      [],
    ]);
    const only = filterEntries(listed, { ...NO_FILTERS, merke: ["Rullestolplasser: 4"] }, TODAY);
    expect(only[0].showings.map((showing) => showing.id)).toEqual(["a"]);
  });
});
