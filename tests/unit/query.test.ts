import { beforeAll, describe, expect, it } from "vitest";
import { createPageResolver } from "../../src/bind/index.js";
import { loadDataset } from "../../src/load.js";
import { StageTimer } from "../../src/log/index.js";
import type { Dataset, LinkedEvent, Page, Production, Source } from "../../src/model/index.js";
import { compileFilter, compileSource, createDatasetIndex } from "../../src/query/index.js";
import { COMING, CONCERT, FILM, miniDataset } from "../fixtures/query-bind/mini-dataset.js";

const mini = miniDataset([], []);
const index = createDatasetIndex(mini);
const ids = (records: readonly unknown[]) =>
  records.map((r) => (r as { id: string | null; key?: string }).key ?? (r as { id: string }).id);
const select = (source: Pick<Source, "model" | "filter">, params: Record<string, string> = {}) =>
  compileSource({ name: "s", collection: true, ...source }, index).select(params);

describe("query operators", () => {
  it("eq compares text", () => {
    expect(
      ids(select({ model: "production", filter: [{ property: "object", operator: "eq", value: "movie" }] })),
    ).toEqual([FILM.id, COMING.id]);
  });
  it("in takes a list or comma-separated text", () => {
    expect(
      ids(select({ model: "production", filter: [{ property: "id", operator: "in", value: [FILM.id, CONCERT.id] }] })),
    ).toEqual([FILM.id, CONCERT.id]);
    expect(
      ids(
        select({
          model: "production",
          filter: [{ property: "id", operator: "in", value: `${COMING.id}, ${CONCERT.id}` }],
        }),
      ),
    ).toEqual([COMING.id, CONCERT.id]);
  });
  it("regex is a case-insensitive alternation of ids", () => {
    expect(
      ids(
        select({
          model: "event",
          filter: [{ property: "id", operator: "regex", value: "^(1780000000002|1780000000005)$" }],
        }),
      ),
    ).toEqual(["e-1780000000002", "e-1780000000005"]);
    expect(
      ids(
        select({
          model: "production",
          filter: [{ property: "parentTitle", operator: "regex", value: "^(dune: del to|KONSERT)$" }],
        }),
      ),
    ).toEqual([FILM.id, CONCERT.id]);
    // Data written for PCRE/Java/.NET marks case-insensitivity with '(?i)' (docs/data-format.md).
    expect(
      ids(
        select({
          model: "production",
          filter: [{ property: "parentTitle", operator: "regex", value: "(?i)^(dune: del to|KONSERT)$" }],
        }),
      ),
    ).toEqual([FILM.id, CONCERT.id]);
  });
  it("regex negative lookahead excludes ids, and keeps records without a value", () => {
    // COMING's eventId ends in 113372; CONCERT has none.
    expect(
      ids(
        select({
          model: "production",
          filter: [{ property: "eventId", operator: "regex", value: "^(?!.*(113371|113372)$)" }],
        }),
      ),
    ).toEqual([FILM.id, CONCERT.id]);
  });
  it("reads dotted properties through the linked production", () => {
    expect(
      ids(
        select({ model: "event", filter: [{ property: "production.parentSlug", operator: "eq", value: "konsert" }] }),
      ),
    ).toEqual(["e-1780000000006"]);
    expect(
      ids(
        select({
          model: "production",
          filter: [{ property: "location.name", operator: "eq", value: "Solvik kulturhus" }],
        }),
      ),
    ).toEqual([CONCERT.id]);
    expect(
      ids(
        select({
          model: "event",
          filter: [{ property: "production.pageReference", operator: "eq", value: "konsert-ab12cd" }],
        }),
      ),
    ).toEqual(["e-1780000000006"]);
  });
  it("an array property matches when any element matches", () => {
    expect(
      ids(
        select({
          model: "production",
          filter: [{ property: "advertisementFlags", operator: "eq", value: "baby_cinema" }],
        }),
      ),
    ).toEqual([FILM.id]);
    expect(
      ids(
        select({
          model: "event",
          filter: [{ property: "advertisementFlags", operator: "in", value: ["baby_cinema"] }],
        }),
      ),
    ).toEqual(["e-1780000000002"]);
    expect(
      ids(select({ model: "production", filter: [{ property: "features", operator: "regex", value: "^(12|15)$" }] })),
    ).toEqual([FILM.id]);
  });
  it("route parameters come from the route, answered from an index", () => {
    const source: Source = {
      name: "production",
      model: "production",
      collection: false,
      filter: [
        { property: "object", operator: "eq", value: "movie" },
        { property: "parentSlug", operator: "eq", value: "@production" },
      ],
    };
    const compiled = compileSource(source, index);
    expect(compiled.params).toEqual(["production"]);
    expect(ids(compiled.select({ production: FILM.parentSlug }))).toEqual([FILM.id]);
    expect(ids(compiled.select({ production: "nope" }))).toEqual([]);
    expect(ids(compiled.staticRecords())).toEqual([FILM.id, COMING.id]);
    expect(() => compiled.select({})).toThrow(/'@production' is not set/);
  });
  it("sorts showings by date then hall", () => {
    expect(
      ids(select({ model: "event", filter: [{ property: "production.id", operator: "eq", value: FILM.id }] })),
    ).toEqual(["e-1780000000001", "e-1780000000002", "e-1780000000004", "e-1780000000003", "e-1780000000005"]);
  });
  it("reports a regex that does not compile", () => {
    expect(() => compileFilter({ property: "id", operator: "regex", value: "^(a|b" }, { pagePath: "/x" })).toThrow(
      /does not compile/,
    );
  });
});

describe("page selections of partner 178", () => {
  let dataset: Dataset;
  let resolver: ReturnType<typeof createPageResolver>;
  beforeAll(async () => {
    ({ dataset } = await loadDataset({ partner: 178, partnersDir: "partners", source: "snapshot" }, new StageTimer()));
    resolver = createPageResolver(dataset);
  });
  const pageAt = (path: string): Page => dataset.site.pages.find((p) => p.path === path)!;
  const records = <T>(path: string, name: string) =>
    resolver.selectRecords(
      pageAt(path),
      pageAt(path).sources.find((s) => s.name === name)!,
    ) as unknown as T[];

  it("/kinoprogram and /filmer exclude productions whose eventId ends in 113371 or 113372", () => {
    const excluded = dataset.productions.filter((p) => p.eventId && /11337[12]$/.test(p.eventId));
    expect(excluded.length).toBe(2);
    for (const path of ["/kinoprogram", "/filmer"]) {
      const selected = records<Production>(path, "productions");
      expect(selected.length).toBe(dataset.productions.filter((p) => p.object === "movie").length - 2);
      expect(selected.some((p) => excluded.includes(p))).toBe(false);
      expect(selected.every((p) => p.object === "movie")).toBe(true);
    }
  });
  it("/kommende selects only movie_coming productions", () => {
    const selected = records<Production>("/kommende", "productions");
    expect(selected.length).toBeGreaterThan(0);
    expect(selected.every((p) => p.objectClass === "movie_coming")).toBe(true);
    const coming = dataset.productions.filter(
      (p) => p.objectClass === "movie_coming" && !/11337[12]$/.test(p.eventId ?? ""),
    );
    expect(selected.length).toBe(coming.length);
  });
  it("/oscardager and /kinosjefens-utvalgte select showings by production parent titles", () => {
    for (const path of ["/oscardager", "/kinosjefens-utvalgte"]) {
      const filter = pageAt(path).sources[0].filter[0];
      const titles = Array.isArray(filter.value)
        ? filter.value.map(String)
        : String(filter.value)
            .slice(2, -2)
            .split("|")
            .map((t) => t.replace(/\\(.)/g, "$1"));
      const selected = records<LinkedEvent>(path, "events");
      const expected = dataset.events.filter((e) =>
        titles.some((t) => t.toLowerCase() === e.production.parentTitle.toLowerCase()),
      );
      expect(selected.length).toBe(expected.length);
      expect(new Set(selected)).toEqual(new Set(expected));
    }
  });
  it("/babykino, /pensjonistkino and /strikkekino select by advertisementFlags", () => {
    for (const [path, flag] of [
      ["/babykino", "baby_cinema"],
      ["/pensjonistkino", "senior_cinema"],
      ["/strikkekino", "knitting_cinema"],
    ]) {
      const selected = records<Production>(path, "productions");
      expect(selected.length).toBeGreaterThan(0);
      expect(selected).toEqual(dataset.productions.filter((p) => p.advertisementFlags.includes(flag)));
    }
  });
});
