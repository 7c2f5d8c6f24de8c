import { describe, expect, it } from "vitest";
import { stripHtml } from "../../src/render/html-text.js";
import { buildStructuredData, serializeJsonLd } from "../../src/render/structured-data.js";
import { osloIso, osloOffset } from "../../src/isomorphic/time/oslo.js";
import type { Article } from "../../src/model/index.js";
import { film, partner, resolvedPage, showings, site } from "../fixtures/site-outputs/fixture.js";

const filmPage = resolvedPage(`/${film.parentSlug}`, {
  pageType: "standard",
  params: { production: film.parentSlug },
  meta: {
    locale: "nb",
    title: film.title,
    description: "Paul forener seg med fremenerne.",
    keywords: "2D, 12",
    image: "https://img.kinoplattform.example/178/dune.jpg?w=1920&h=1080&auto=compress&fp-x=0.5&fp-y=0.5",
    facebookVerificationCode: null,
  },
});

const culture = { ...film, id: "77_culture_concert", object: "culture" as const, parentTitle: "Jazz i salen" };
const cultureShowings = showings.map((event) => ({ ...event, production: culture.id }));
const culturePage = resolvedPage("/jazz-i-salen-ab12cd");

describe("structured data", () => {
  it("film page: one graph of the Movie, the theater, its Offers and one ScreeningEvent per showing, with Oslo offsets", () => {
    const blocks = JSON.parse(
      serializeJsonLd(buildStructuredData(filmPage, { site, partner, production: film, events: showings })),
    );
    expect(blocks).toHaveLength(1);
    expect(blocks[0]["@context"]).toBe("https://schema.org");
    const data = blocks[0]["@graph"];
    expect(data.map((item: { "@type": string }) => item["@type"])).toEqual([
      "Movie",
      "MovieTheater",
      "Offer",
      "Offer",
      "ScreeningEvent",
      "ScreeningEvent",
    ]);
    // Nodes nested one level (the theater's address) are found by their @id too.
    const byId = new Map(
      data.flatMap((item: { "@id": string; address?: { "@id"?: string; "@type"?: string } }) => [
        [item["@id"], item],
        ...(item.address?.["@type"] ? [[item.address["@id"], item.address]] : []),
      ]),
    );
    const [movie, theater] = data;
    const [june, november] = data.slice(4);
    expect(movie).toMatchObject({
      name: "Dune: Del to",
      url: "https://www.solvikkino.no/dune-del-to-dxm-00012345",
      duration: "PT166M",
      director: [{ "@type": "Person", name: "Denis Villeneuve" }],
      actor: [
        { "@type": "Person", name: "Timothée Chalamet" },
        { "@type": "Person", name: "Zendaya" },
      ],
    });
    // Relative ids for the page's own nodes (resolved against the page URL); the theater's
    // site-wide identity is its url.
    expect(theater).toMatchObject({ "@id": "#kino", name: "Solvik kino", url: "https://www.solvikkino.no/" });
    for (const node of data.slice(0, 4)) expect(node["@id"]).toMatch(/^#/);
    expect(byId.get(theater.address["@id"])).toMatchObject({
      "@type": "PostalAddress",
      streetAddress: "Torget 1",
      postalCode: "1234",
      addressLocality: "Solvik",
      addressCountry: "NO",
    });
    expect(november.startDate).toBe("2024-11-15T18:30:00+01:00");
    expect(june.startDate).toBe("2024-06-15T19:00:00+02:00");
    // A showing says what it is found by and its picture format; hall, purchase link and sale
    // start are the ticket list's (docs/spec-decisions.md, "The film page's budget is what a
    // phone downloads", "Richer structured data").
    expect(november).toEqual({
      "@type": "ScreeningEvent",
      name: "Dune: Del to",
      startDate: "2024-11-15T18:30:00+01:00",
      location: { "@id": "#kino" },
      offers: { "@id": "#billett" },
      videoFormat: "2D",
    });
    expect(movie).toMatchObject({ contentRating: "12 år", typicalAgeRange: "12-" });
    expect(byId.get("#billett")).toEqual({
      "@type": "Offer",
      "@id": "#billett",
      url: "https://www.solvikkino.no/dune-del-to-dxm-00012345#tickets",
      availability: "https://schema.org/InStock",
    });
    expect(byId.get(june.offers["@id"])).toMatchObject({ availability: "https://schema.org/SoldOut" });
    // Nothing is written twice: the image and the address appear once; the description is the
    // page's meta description, not repeated in the Movie.
    const text = JSON.stringify(blocks);
    expect(text.split("Paul forener seg").length - 1).toBe(0);
    expect(text.split("dune.jpg").length - 1).toBe(1);
    expect(text.split('"PostalAddress"').length - 1).toBe(1);
    // Google's Event requirements (name, startDate, a location with an address), references resolved.
    for (const event of data.slice(4)) {
      for (const key of ["name", "startDate", "location"]) expect(event[key]).toBeTruthy();
      const place = byId.get(event.location["@id"]) as { address: { "@id": string } };
      expect(byId.get(place.address["@id"])).toBeTruthy();
    }
  });

  it("culture page: writes an Offer's validFrom only while the web sale is still ahead of the build's time (docs/performance.md)", () => {
    const offersAt = (now: string) =>
      (
        buildStructuredData(culturePage, { site, partner, production: culture, events: cultureShowings, now })[0][
          "@graph"
        ] as {
          "@type": string;
          offers?: { validFrom?: string };
        }[]
      )
        .filter((node) => node["@type"] === "Event")
        .map((node) => node.offers?.validFrom ?? null);
    expect(offersAt("2024-09-30T12:00:00+02:00")).toContain("2024-10-01T10:00:00+02:00");
    expect(offersAt("2024-10-01T10:30:00+02:00")).not.toContain("2024-10-01T10:00:00+02:00");
  });

  it("does not depend on the machine's time zone", () => {
    const original = process.env.TZ;
    const results: string[] = [];
    for (const tz of ["UTC", "America/Los_Angeles", "Asia/Tokyo", "Europe/Oslo"]) {
      process.env.TZ = tz;
      results.push(
        serializeJsonLd(buildStructuredData(filmPage, { site, partner, production: film, events: showings })),
      );
      results.push(osloIso("2024-03-31 03:30:00") + osloOffset("2024-10-27", "03:30:00"));
    }
    process.env.TZ = original;
    expect(new Set(results.filter((_, i) => i % 2 === 0)).size).toBe(1);
    expect(new Set(results.filter((_, i) => i % 2 === 1))).toEqual(new Set(["2024-03-31T03:30:00+02:00+01:00"]));
  });

  it("front page: the MovieTheater with opening hours from the footer", () => {
    const [theater] = buildStructuredData(resolvedPage("/"), { site, partner, screenCount: 6 });
    expect(theater).toMatchObject({
      "@type": "MovieTheater",
      name: "Solvik kino",
      url: "https://www.solvikkino.no/",
      telephone: "+47 12 34 56 78",
      screenCount: 6,
      address: { "@type": "PostalAddress", streetAddress: "Torget 1" },
    });
    expect(theater.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday"],
        opens: "11:00",
        closes: "21:00",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Friday", "Saturday"], opens: "11:00", closes: "22:30" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Sunday"], opens: "11:00", closes: "21:00" },
    ]);
  });

  it("culture page: an Event per showing; article page: a NewsArticle", () => {
    const culture = { ...film, id: "77_culture_concert", object: "culture" as const, parentTitle: "Jazz i salen" };
    const events = showings.slice(0, 1).map((event) => ({ ...event, production: culture.id }));
    const [graph] = buildStructuredData(resolvedPage("/jazz-i-salen-ab12cd"), {
      site,
      partner,
      production: culture,
      events,
    });
    const nodes = graph["@graph"] as { "@type": string; "@id": string }[];
    expect(nodes.map((node) => node["@type"])).toEqual(["EventSeries", "MovieTheater", "Place", "Event"]);
    expect(nodes[3]).toMatchObject({
      "@type": "Event",
      name: "Jazz i salen",
      startDate: "2024-06-15T19:00:00+02:00",
      superEvent: { "@id": nodes[0]["@id"] },
    });

    const article: Article = {
      id: "0b6f1c3e-2f7a-4c55-9a55-2f1c1e0d9a01",
      category: "article",
      title: "Ny lyd i Sal 1",
      slug: "ny-lyd-i-sal-1",
      content: "<p>…</p>",
      image: "https://img.kinoplattform.example/178/lyd.jpg",
      thumbnail: null,
      author: "Kari Nordmann",
      node_locale: "nb",
      createdAt: 1718445600000,
      updatedAt: 1718449200000,
      order: 0,
    };
    const [news] = buildStructuredData(resolvedPage("/article/ny-lyd-i-sal-1"), { site, partner, article });
    expect(news).toMatchObject({
      "@type": "NewsArticle",
      headline: "Ny lyd i Sal 1",
      datePublished: "2024-06-15T10:00:00Z",
      dateModified: "2024-06-15T11:00:00Z",
      author: { "@type": "Person", name: "Kari Nordmann" },
      publisher: { "@type": "Organization", name: "Solvik kino" },
    });
    expect(buildStructuredData(resolvedPage("/kinoprogram"), { site, partner })).toEqual([]);
  });

  it("culture page: offers the same purchase link as the page: the provider's parameters keep their spelling (spec 7.5)", () => {
    const link = "https://billett.kinoplattform.example/solvik/events/2001/purchase/setup?seats=a,b&ref=x:y";
    const events = [{ ...cultureShowings[0], purchaseUrl: link }];
    const [graph] = buildStructuredData(culturePage, { site, partner, production: culture, events });
    const screening = (graph["@graph"] as { "@type": string; offers?: unknown }[]).find(
      (node) => node["@type"] === "Event",
    )!;
    expect((screening.offers as { url: string }).url).toBe(`${link}&kanal=dxf`);
  });

  it("serialises safely inside a script element", () => {
    expect(serializeJsonLd({ name: "</script><script>alert(1)</script>" })).not.toContain("</script>");
  });
});

describe("descriptions follow HTML's inline and block semantics (docs/rendering.md)", () => {
  it("stripHtml: no space before punctuation after inline tags; blocks, breaks and lists separated by one space", () => {
    expect(stripHtml("<p>Film med <strong>norsk tale</strong>. Passer for hele familien.</p>")).toBe(
      "Film med norsk tale. Passer for hele familien.",
    );
    expect(stripHtml("Velkommen til <em>strikkekino</em>: dempet lys")).toBe("Velkommen til strikkekino: dempet lys");
    expect(stripHtml("<p>Én</p><p>To</p>linje<br>ny<ul><li>a</li><li>b</li></ul>")).toBe("Én To linje ny a b");
    expect(
      stripHtml(
        "<dl><dt>_ga</dt><dd>Google Analytics, 2 år</dd></dl><figure><img src=a.jpg><figcaption>Sal 1</figcaption></figure>Slutt",
      ),
    ).toBe("_ga Google Analytics, 2 år Sal 1 Slutt");
    expect(stripHtml('<p>Barn &amp; voksne &lt;3 <a href="/x">her</a><img src="a.jpg" alt="bilde">!</p>')).toBe(
      "Barn & voksne <3 her!",
    );
    expect(stripHtml("<h2>Tittel</h2><p>x<style>p{}</style>y</p>")).toBe("Tittel xy");
    expect(stripHtml("<p>Før<style>p{}</p><p>Etter</p>")).toBe("Før Etter");
  });

  it("the JSON-LD description of a film without meta description is the summary as plain text", () => {
    const page = { ...filmPage, meta: { ...filmPage.meta, description: "" } };
    const summarised = {
      ...film,
      contents: [{ body: "<p>x</p>", summary: "<p>Med <strong>norsk tale</strong>. Fra 6 år</p>" }],
    };
    const [graph] = JSON.parse(
      serializeJsonLd(buildStructuredData(page, { site, partner, production: summarised, events: showings })),
    );
    const movie = graph["@graph"].find((node: { "@type": string }) => node["@type"] === "Movie");
    expect(movie.description).toBe("Med norsk tale. Fra 6 år");
  });
});
