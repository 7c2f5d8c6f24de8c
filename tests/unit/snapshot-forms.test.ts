/**
 * Forms of the data that the spec allows but partner 178's generator never writes (probe of
 * an independently written partner, docs/spec-decisions.md): each reads as the form the
 * product works with, and what the spec rules out is still refused with its expected format.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadDataset } from "../../src/load.js";
import { StageTimer } from "../../src/log/index.js";
import {
  ArticleSchema,
  BindingMapSchema,
  EventSchema,
  MenuItemSchema,
  ProductionSchema,
} from "../../src/model/index.js";

const production = {
  id: "4500_movie_movie",
  title: "Månens løfte",
  parentTitle: "Månens løfte",
  parentSlug: "manens-lofte-dxm-20031500",
  pageReference: null,
  reference: "DXM20031500",
  eventId: "1780000113371",
  object: "movie",
  objectClass: "movie",
  classTitle: "Film",
  begin: "2026-10-11",
  features: [{ type: "format", value: "2D" }],
  contents: [{ body: "<p>Tekst</p>", summary: "Tekst" }],
  assets: [{ type: "first_poster", url: "https://img.example/p.jpg", focalPointQuery: "fp-x=0.3" }],
  location: { name: "Solvik kino" },
  properties: [{ property: "actor", value: "Eirik Hansen" }],
  advertisementFlags: [],
};
const showing = {
  id: "1780000104501",
  key: "e-1780000104501",
  object: "event",
  objectClass: "movie",
  production: "4500_movie_movie",
  begin: "2026-11-10 18:45:00",
  location: { name: "Sal 3" },
  purchaseUrl: "https://billett.example/events/104501",
  ticketSaleType: "normal",
  ticketSales: [{ available: 49, beginWeb: "2026-10-20 10:00:00" }],
  advertisementFlags: [],
  advertisementFlagsView: [],
};
const article = {
  id: "408c5d85-9629-4213-870c-85ae277e06d2",
  category: "article",
  title: "Om oss",
  slug: "om-oss",
  content: "",
  image: null,
  thumbnail: null,
  author: "",
  node_locale: "nb",
  createdAt: 1769083200000,
  updatedAt: 1769169600000,
  order: 0,
};

describe("spec-allowed forms of a production", () => {
  it("reads an event id written as a number, a null or absent category and crop, features of any kind or none, a list of actors, a colon in the slug", () => {
    const parsed = ProductionSchema.parse({
      ...production,
      eventId: 1780000113371,
      classTitle: null,
      parentSlug: "ringenes-herre:-to-tarn-dxm-20031501",
      features: [{ type: "sound", value: "Dolby Atmos" }, { value: "12" }],
      assets: [
        { type: "first_poster", url: "https://img.example/p.jpg" },
        { type: "first_image", url: "https://img.example/b.jpg", focalPointQuery: null },
      ],
      properties: [{ property: "actor", value: ["Ola Nordmann", "Kari Nordmann"] }],
    });
    expect(parsed).toMatchObject({
      eventId: "1780000113371",
      classTitle: "",
      parentSlug: "ringenes-herre:-to-tarn-dxm-20031501",
      properties: [{ property: "actor", value: "Ola Nordmann, Kari Nordmann" }],
    });
    expect(parsed.assets.map((asset) => asset.focalPointQuery)).toEqual(["", ""]);
    expect(parsed.features.map((feature) => feature.value)).toEqual(["Dolby Atmos", "12"]);
  });

  it("still refuses what the spec rules out, naming the format", () => {
    const slug = ProductionSchema.safeParse({ ...production, parentSlug: "med mellomrom" });
    expect(slug.error?.issues[0]).toMatchObject({
      path: ["parentSlug"],
      message: expect.stringContaining("expected a slug of a-z, 0-9, '-' and ':'"),
    });
    expect(ProductionSchema.safeParse({ ...production, eventId: 178 }).success).toBe(false);
  });
});

describe("spec-allowed forms of a showing", () => {
  it("reads an id written as a number, an unknown seat count (null), an ISO-style begin", () => {
    const parsed = EventSchema.parse({
      ...showing,
      id: 1780000104501,
      begin: "2026-11-10T18:45",
      ticketSales: [{ available: null, beginWeb: "2026-10-20T10:00:00" }],
    });
    expect(parsed).toMatchObject({
      id: "1780000104501",
      begin: "2026-11-10 18:45:00",
      ticketSales: [{ available: null, beginWeb: "2026-10-20 10:00:00" }],
    });
  });

  it("reads a begin written as an instant with its offset as Oslo wall-clock time", () => {
    expect(EventSchema.parse({ ...showing, begin: "2026-11-10T17:45:00Z" }).begin).toBe("2026-11-10 18:45:00");
    expect(EventSchema.parse({ ...showing, begin: "2026-07-10T18:45:00+02:00" }).begin).toBe("2026-07-10 18:45:00");
  });

  it("names the expected format of a begin it cannot read", () => {
    for (const begin of [20261110, "10.11.2026 18:45", "2026-11-10 kl 18"]) {
      const result = EventSchema.safeParse({ ...showing, begin });
      expect(result.error?.issues[0]).toMatchObject({
        path: ["begin"],
        message: "expected 'YYYY-MM-DD HH:mm:ss' or 'YYYY-MM-DD' (Oslo time)",
      });
    }
  });
});

describe("spec-allowed forms of an article and a menu item", () => {
  it("reads epoch milliseconds written as digits or as an instant", () => {
    expect(
      ArticleSchema.parse({ ...article, createdAt: "1769083200000", updatedAt: "2026-01-23T12:00:00Z" }),
    ).toMatchObject({ createdAt: 1769083200000, updatedAt: Date.parse("2026-01-23T12:00:00Z") });
  });

  it("reads a menu item without openInNewWindow as the same window", () => {
    expect(
      MenuItemSchema.parse({
        id: "m",
        path: "/",
        parent: "",
        label: "Forside",
        place: "header",
        locale: "nb",
        order: 0,
      }).openInNewWindow,
    ).toBe(false);
  });
});

describe("a bound field that is not { binding, source }", () => {
  it("says what it got and how to write it", () => {
    const result = BindingMapSchema.safeParse({ title: "Historie" });
    expect(result.error?.issues[0]).toMatchObject({
      path: ["title"],
      message: `expected a bound value { binding, source } (spec 3.3), got the text 'Historie': write {"binding":"Historie","source":null} for literal text`,
    });
    expect(
      BindingMapSchema.safeParse({
        title: { binding: "Historie", source: null },
        filter: { type: { binding: "date", source: null } },
      }).success,
    ).toBe(true);
  });
});

describe("an article image given as a bare file name", () => {
  it("is a file of the image CDN, {host}/{cinemaId}/{file} (spec 7.6), like its og:image", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "cb-bare-image-"));
    try {
      await cp(path.resolve("tests/fixtures/partners/4242"), path.join(dir, "4242"), { recursive: true });
      const file = path.join(dir, "4242", "snapshot", "articles.json");
      const articles = JSON.parse(await readFile(file, "utf8"));
      articles[0].image = "sal1.jpg";
      articles[0].thumbnail = "/bilder/sal1.jpg";
      await writeFile(file, JSON.stringify(articles));
      const { dataset } = await loadDataset(
        { partner: "4242", partnersDir: dir, source: "snapshot" },
        new StageTimer(),
      );
      const { host, cinemaId } = dataset.partner.imageCdn;
      expect(dataset.articles[0]).toMatchObject({
        image: `${host.replace(/\/+$/, "")}/${cinemaId}/sal1.jpg`,
        thumbnail: "/bilder/sal1.jpg",
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("a datetime that is not on the calendar", () => {
  it("is refused, with the field, though it has the right shape", () => {
    for (const begin of ["2026-11-31 17:30:00", "2026-11-25 25:30:00", "2027-02-29", "2026-11-25 18:60:00"]) {
      const result = EventSchema.safeParse({ ...showing, begin });
      expect(result.error?.issues[0], begin).toMatchObject({
        path: ["begin"],
        message: "is not a date and time on the calendar",
      });
    }
    expect(EventSchema.safeParse({ ...showing, begin: "2028-02-29 23:59:59" }).success).toBe(true);
    expect(
      EventSchema.safeParse({ ...showing, ticketSales: [{ available: 3, beginWeb: "2026-02-30 10:00:00" }] }).success,
    ).toBe(false);
  });
});

describe("bound values written another way", () => {
  it("reads a number or a boolean as literal text; null is told to leave the field out", () => {
    expect(
      BindingMapSchema.parse({
        ticketDisplayMode: { binding: -2, source: null },
        showTicketCount: { binding: false, source: null },
      }),
    ).toEqual({
      ticketDisplayMode: { binding: "-2", source: null },
      showTicketCount: { binding: "false", source: null },
    });
    expect(BindingMapSchema.safeParse({ subtitle: null }).error?.issues[0].message).toBe(
      'expected a bound value { binding, source } (spec 3.3), got null: leave the field out, or write {"binding":null,"source":null}, for its default',
    );
  });
});

describe("an error inside a list of bound values", () => {
  it("names the item and field, not only the list", async () => {
    const { issuesToBuildErrors } = await import("../../src/fetch/issue-errors.js");
    const result = BindingMapSchema.safeParse({
      cards: {
        binding: null,
        source: null,
        items: [{ title: { binding: "A", source: null } }, { title: { binding: "B", source: null }, text: null }],
      },
    });
    const [error] = issuesToBuildErrors(result.error!, { partner: 7272, file: "block-data.json" });
    expect(`${error.location.record}.${error.location.field}`).toBe("cards.items[1].text");
    expect(error.message).toMatch(/^expected a bound value \{ binding, source \} \(spec 3\.3\), got null/);
  });
});
