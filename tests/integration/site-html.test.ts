/**
 * The rendered site of partner 178, read as parsed HTML (docs/rendering.md): the menu tree
 * and footer, the programme selections, the film and article pages, sanitising of CMS HTML,
 * every internal link landing on a page, and the same bytes whatever the machine's time zone.
 */
import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parse, type HTMLElement } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { hashTree } from "../helpers/files.js";
import { findBrokenInternalLinks } from "../helpers/links.js";

const run = promisify(execFile);
const partnersDir = path.resolve("partners");
const CITY = "Solvik";

interface Production {
  id: string;
  parentSlug: string;
  pageReference: string | null;
  title: string;
  parentTitle: string;
  object: string;
  objectClass: string;
  eventId: string | null;
  advertisementFlags: string[];
}

let root: string;
let out: string;
let productions: Production[];
let events: { production: string; id: string | null; begin: string; purchaseUrl: string | null }[];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "cb-html-"));
  out = inject("site178").out;
  const data = JSON.parse(await readFile(path.join(partnersDir, "178", "snapshot", "events.json"), "utf8"));
  productions = data.productions;
  events = data.events;
});

afterAll(() => rm(root, { recursive: true, force: true }));

async function page(routePath: string, dir = out): Promise<HTMLElement> {
  const file = routePath === "/" ? "index.html" : `${routePath.slice(1)}/index.html`;
  return parse(await readFile(path.join(dir, file), "utf8"));
}

/** Films a page's main content links to (by their '/parentSlug' link). */
function linkedFilms(doc: HTMLElement): Production[] {
  const hrefs = new Set(doc.querySelectorAll("main a[href]").map((a) => a.getAttribute("href")!.split("#")[0]));
  return productions.filter((p) => p.object === "movie" && hrefs.has(`/${p.parentSlug}`));
}

describe("layout: header menu and footer", () => {
  it("shows the five groups with every internal path of spec 2.7", async () => {
    const nav = (await page("/")).querySelector('nav[aria-label="Hovedmeny"]')!;
    expect(nav).toBeTruthy();
    const groups = nav.querySelectorAll("summary").map((s) => s.text.trim());
    expect(groups).toEqual(["Filmoversikt", "Kultur", "Arrangementer", "Filmopplevelser", "Bedrift"]);
    const hrefs = nav.querySelectorAll("a[href]").map((a) => a.getAttribute("href"));
    const required = [
      "/",
      "/kinoprogram",
      "/kommende",
      "/babykino",
      "/pensjonistkino",
      "/strikkekino",
      "/film-i-dagslys",
      "/filmprek",
      "/jentekveld",
      "/bursdag-pa-kino",
      "/skolekino",
      "/varmestua-kino",
      "/den-store-kinodagen",
      "/kulturprogram",
      "/eventer",
      "/lei-en-kinosal",
      "/kinoreklame",
      "/bedriftsvisninger",
      "/selg-billetter-via-oss",
      "/nordic-docs",
      "/polske-filmdager",
      "/solvik-animation-festival",
      "/aldersgrenser",
      // The menu writes these with a trailing slash (spec 2.4); every link is written in the one
      // address form each host serves without a redirect (src/isomorphic/url.ts pageAddress).
      "/priser-og-rabatter",
      "/gavekort-pa-kino",
      "/film-i-kveldslys",
    ];
    for (const href of required) expect(hrefs, href).toContain(href);
    expect(hrefs.filter((href) => href && href.length > 1 && href.startsWith("/") && href.endsWith("/"))).toEqual([]);
    const external = nav.querySelectorAll('a[href^="https://"]');
    expect(external.length).toBeGreaterThan(0);
    for (const a of external) expect(a.getAttribute("rel")).toContain("noopener");
    const newWindow = external.filter((a) => a.getAttribute("target") === "_blank");
    expect(newWindow.length).toBeGreaterThan(0);
    for (const a of newWindow) expect(a.text).toContain("(åpnes i nytt vindu)");
  });

  it("shows the opening hours of spec 9, the footer menu and the html item", async () => {
    const footer = (await page("/kinoprogram")).querySelector("footer")!;
    const text = footer.text.replace(/\s+/g, " ");
    for (const line of ["Mandag–torsdag 11:00–21:00", "Fredag 11:00–22:30", "Lørdag 11:00–22:30", "Søndag 11:00–21:00"])
      expect(text).toContain(line);
    const hrefs = footer.querySelectorAll("a[href]").map((a) => a.getAttribute("href"));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        "/article/personvernerklaering",
        "/article/info-om-cookies",
        "/om-kinoen",
        "/aldersgrenser",
        "/ledsagerbevis",
        "/priser-og-rabatter",
      ]),
    );
    const accessibility = footer.querySelectorAll("a").find((a) => a.text.includes("Tilgjengelighetserklæring"))!;
    expect(accessibility.getAttribute("target")).toBe("_blank");
    // The footer html item is injected as-is: the third-party deep-linking script (spec 2.7).
    expect(footer.querySelector('script[src^="https://cdn.linkmarketing.example/"]')).toBeTruthy();
  });
});

describe("programme pages", () => {
  it("/kommende lists only upcoming films, with availability hidden", async () => {
    const doc = await page("/kommende");
    const films = linkedFilms(doc);
    const upcoming = productions.filter(
      (p) => p.objectClass === "movie_coming" && !/(113371|113372)$/.test(p.eventId ?? ""),
    );
    expect(films.length).toBeGreaterThan(0);
    expect(films.every((p) => p.objectClass === "movie_coming")).toBe(true);
    expect(new Set(films.map((p) => p.id))).toEqual(new Set(upcoming.map((p) => p.id)));
    const main = doc.querySelector("main")!.text;
    expect(main).not.toMatch(/\d+ ledige|Få billetter|Utsolgt/);
    // Spec 2.3: the page title is 'Kommende filmer', exactly (no ' | <city>' appended).
    expect(doc.querySelector("title")!.text).toBe("Kommende filmer");
  });

  for (const pagePath of ["/kinoprogram", "/filmer"]) {
    it(`${pagePath} leaves out the productions of events 113371 and 113372`, async () => {
      const films = linkedFilms(await page(pagePath));
      const excluded = productions.filter((p) => /(113371|113372)$/.test(p.eventId ?? ""));
      expect(excluded.length).toBeGreaterThan(0);
      expect(films.length).toBeGreaterThan(10);
      for (const p of excluded) expect(films.map((f) => f.id)).not.toContain(p.id);
    });
  }

  it("/babykino shows only baby-cinema films", async () => {
    const films = linkedFilms(await page("/babykino"));
    expect(films.length).toBeGreaterThan(0);
    for (const p of films) expect(p.advertisementFlags).toContain("baby_cinema");
  });
});

describe("a film page", () => {
  it("has the cover, a ticket list with outbound purchase links, movie info, reviews and the 9/3 grid", async () => {
    const film = productions.find(
      (p) =>
        p.object === "movie" &&
        p.objectClass === "movie" &&
        events.some((e) => e.production === p.id && e.id && e.begin > "2026-11-21"),
    )!;
    const doc = await page(`/${film.parentSlug}`);
    expect(doc.querySelector("h1")!.text).toContain(film.parentTitle);
    // Spec 2.6: the meta title comes from the production's title, and <title> is it exactly.
    expect(doc.querySelector("title")!.text).toBe(film.title);
    const purchase = doc.querySelectorAll("main a[href]").filter((a) => a.getAttribute("href")!.includes("/purchase"));
    expect(purchase.length).toBeGreaterThan(0);
    for (const a of purchase) {
      const url = new URL(a.getAttribute("href")!);
      expect(url.searchParams.get("kanal")).toBe("dxf");
      // Named by reference (aria-labelledby: the list's "Kjøp billett til <film>,", the day, the link).
      const name =
        a
          .getAttribute("aria-labelledby")
          ?.split(" ")
          .map((id) => doc.querySelector(`[id="${id}"]`)!.text)
          .join(" ") ?? a.text;
      expect(name).toContain(`Kjøp billett til ${film.parentTitle}`);
    }
    expect(doc.querySelector('[data-island="movie-info"]')).toBeTruthy();
    expect(doc.querySelector('[data-island="reviews"]')).toBeTruthy();
    const columns = doc.querySelectorAll("main .col").map((c) => c.getAttribute("class"));
    expect(columns).toContainEqual(expect.stringMatching(/col-xs-12.*col-md-6.*col-lg-9/));
    expect(columns).toContainEqual(expect.stringMatching(/col-xs-12.*col-md-6.*col-lg-3/));
    expect(doc.querySelector('meta[property="og:title"]')!.getAttribute("content")).toContain(film.parentTitle);
    expect(doc.querySelector('link[rel="canonical"]')!.getAttribute("href")).toBe(
      `https://www.solvikkino.no/${film.parentSlug}`,
    );
  });
});

describe("structured data on a film page", () => {
  it("parses and has one ScreeningEvent per showing the page offers, with Oslo offsets", async () => {
    const film = productions.find(
      (p) =>
        p.object === "movie" &&
        events.filter((e) => e.production === p.id && e.id).some((e) => e.begin < "2026-11-20 09:00:00"),
    )!;
    const upcoming = events.filter((e) => e.production === film.id && e.id && e.begin >= "2026-11-20 09:00:00");
    const doc = await page(`/${film.parentSlug}`);
    const items = doc
      .querySelectorAll('script[type="application/ld+json"]')
      .flatMap((s) => jsonLdNodes(JSON.parse(s.text)));
    expect(items.filter((i: { "@type": string }) => i["@type"] === "Movie")).toHaveLength(1);
    const screenings = items.filter((i) => i["@type"] === "ScreeningEvent") as unknown as {
      startDate: string;
      location: { "@id": string };
    }[];
    expect(screenings).toHaveLength(upcoming.length);
    expect(screenings.length).toBe(doc.querySelectorAll("main [data-ticket-id^='e-']").length);
    for (const screening of screenings) {
      expect(screening.startDate).toMatch(/^2026-\d{2}-\d{2}T\d{2}:\d{2}:00\+0[12]:00$/);
      // The theater with its address (Google's Event location); the hall is the ticket list's
      // (docs/spec-decisions.md, "The film page's budget is what a phone downloads").
      const place = items.find((i) => i["@id"] === screening.location["@id"]) as
        { "@type"?: string; address?: { streetAddress?: string } } | undefined;
      expect(place?.["@type"]).toBe("MovieTheater");
      expect(place?.address?.streetAddress).toBeTruthy();
    }
  });
});

describe("an article page", () => {
  it("is titled '<title> | <city>'", async () => {
    const articles = JSON.parse(await readFile(path.join(partnersDir, "178", "snapshot", "articles.json"), "utf8"));
    const article = articles.find((a: { slug: string }) => a.slug.includes(":")) ?? articles[0];
    const doc = await page(`/article/${article.slug}`);
    expect(doc.querySelector("title")!.text).toBe(`${article.title} | ${CITY}`);
    expect(doc.querySelector("html")!.getAttribute("lang")).toBe("nb");
  });
});

describe("the other reading of article paths (spec 2.6: /article-{slug})", () => {
  it("sends every article's '/article-{slug}' to '/article/{slug}' in the redirect table and the host rules", async () => {
    const articles: { slug: string }[] = JSON.parse(
      await readFile(path.join(partnersDir, "178", "snapshot", "articles.json"), "utf8"),
    );
    const table: { fromPath: string; toPath: string }[] = JSON.parse(
      await readFile(path.join(out, "redirects.json"), "utf8"),
    );
    const rules = await readFile(path.join(out, "_redirects"), "utf8");
    expect(articles.length).toBeGreaterThan(2);
    for (const { slug } of articles) {
      expect(table, slug).toContainEqual({ fromPath: `/article-${slug}`, toPath: `/article/${slug}` });
      expect(rules, slug).toMatch(new RegExp(`^/article-${slug.replace(/[^a-z0-9]/gi, "\\$&")}\\s`, "m"));
    }
  });
});

describe("every internal link", () => {
  it("leads to a page or a redirect of the build", async () => {
    expect(await findBrokenInternalLinks(out)).toEqual([]);
  });
});

describe("untrusted HTML and time zones", () => {
  it("drops scripts and event handlers from CMS content, and writes the same bytes with TZ=UTC and TZ=America/New_York", async () => {
    const partners = path.join(root, "partners");
    await cp(partnersDir, partners, { recursive: true });
    const articlesFile = path.join(partners, "178", "snapshot", "articles.json");
    const articles = JSON.parse(await readFile(articlesFile, "utf8"));
    articles[0].content +=
      '<script>window.pwned = 1</script><img src="https://img.kinoplattform.example/x.jpg" onerror="window.pwned = 2"><a href="javascript:alert(1)">klikk</a>';
    await writeFile(articlesFile, JSON.stringify(articles));

    const builds: Record<string, string> = {};
    await Promise.all(
      ["UTC", "America/New_York"].map(async (tz) => {
        builds[tz] = path.join(root, `tz-${tz.replace("/", "-")}`);
        await run(
          process.execPath,
          ["bin/cinema-build.js", "--partner", "178", "--partners-dir", partners, "--out", builds[tz]],
          { env: { ...process.env, TZ: tz } },
        );
      }),
    );
    expect(await hashTree(builds["America/New_York"])).toEqual(await hashTree(builds.UTC));

    const html = await readFile(path.join(builds.UTC, "article", articles[0].slug, "index.html"), "utf8");
    expect(html).not.toContain("window.pwned");
    expect(html).not.toMatch(/onerror/i);
    expect(html).not.toMatch(/href="javascript:/i);
    const article = parse(html).querySelector("main")!;
    // Only data blocks (JSON-LD, island props), which the browser never runs.
    expect(
      article
        .querySelectorAll("script")
        .filter((s) => !["application/ld+json", "application/json"].includes(s.getAttribute("type") ?? ""))
        .map((s) => s.outerHTML),
    ).toEqual([]);
  });
});

type JsonLdNode = { "@type": string; "@id"?: string; "@graph"?: JsonLdNode[] };

/** The nodes of a JSON-LD block: an object, an array of them, or a @graph. */
function jsonLdNodes(value: JsonLdNode | JsonLdNode[]): JsonLdNode[] {
  return ([] as JsonLdNode[]).concat(value).flatMap((node) => node["@graph"] ?? [node]);
}
