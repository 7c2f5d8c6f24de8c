/**
 * A partner that is not 178 (tests/fixtures/partners/4242, written by build-4242.ts): no
 * member service, four films (one with nothing but its required fields, one placeholder, one
 * with only past showings), no culture, two articles, an empty redirect table, a theme without
 * the optional colours, club logo and app badges, and showings in summer time. Nothing in the
 * product may assume 178's content.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse, type HTMLElement } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { build, type BuildResult } from "../../src/build.js";
import { lintPartner } from "../../src/lint/index.js";
import { hashTree, listFiles } from "../helpers/files.js";
import { findBrokenInternalLinks } from "../helpers/links.js";

const partnersDir = path.resolve("tests/fixtures/partners");
const snapshotDir = path.join(partnersDir, "4242", "snapshot");

interface Production {
  id: string;
  parentSlug: string;
  parentTitle: string;
  object: string;
  objectClass: string;
  assets: unknown[];
  contents: unknown[];
}
interface Showing {
  id: string | null;
  key: string;
  production: string;
  begin: string;
  purchaseUrl: string | null;
  ticketSales: { available: number }[];
  advertisementFlags: { value: string }[];
}

let root: string;
let out: string;
let result: BuildResult;
let productions: Production[];
let events: Showing[];
let articles: { slug: string; title: string }[];
let pages: { path: string }[];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "cb-4242-"));
  // The run's shared build of 4242 (tests/setup/shared-builds.ts).
  ({ out, result } = inject("site4242"));
  const read = async (file: string) => JSON.parse(await readFile(path.join(snapshotDir, file), "utf8"));
  ({ productions, events } = await read("events.json"));
  articles = await read("articles.json");
  pages = (await read("site.json")).pages;
});

afterAll(() => rm(root, { recursive: true, force: true }));

async function page(routePath: string): Promise<HTMLElement> {
  const file = routePath === "/" ? "index.html" : `${decodeURIComponent(routePath).slice(1)}/index.html`;
  return parse(await readFile(path.join(out, file), "utf8"));
}

const film = (title: string) => productions.find((p) => p.parentTitle === title)!;

describe("partner 4242: routes and files", () => {
  it("writes one route per static page, film and article, and none for the culture template", async () => {
    const staticPaths = pages.map((p) => p.path).filter((p) => !p.includes(":"));
    const films = productions.filter((p) => p.object === "movie");
    const expected = [
      ...staticPaths.map((p) =>
        p === "/" ? "index.html" : p === "/404.html" ? "404.html" : `${p.slice(1)}/index.html`,
      ),
      ...films.map((p) => `${p.parentSlug}/index.html`),
      ...articles.map((a) => `article/${a.slug}/index.html`),
    ];
    expect(expected).toHaveLength(7 + 4 + 2);
    const files = new Set(await listFiles(out));
    for (const file of expected) expect(files, file).toContain(file);
    const routes = Object.values(result.routes).reduce((sum, n) => sum + (n ?? 0), 0);
    // And the programme's day pages after its window (src/render/programme-window.ts).
    const dayPages = [...files].filter((file) => /\/dag\/\d{4}-\d{2}-\d{2}\/index\.html$/.test(file));
    expect(dayPages.length).toBeGreaterThan(0);
    expect(routes).toBe(expected.length + dayPages.length);
    expect(result.routes).not.toHaveProperty("culture");
    expect([...files].filter((f) => f.endsWith("index.html") || f === "404.html")).toHaveLength(
      expected.length + dayPages.length,
    );
  });

  it("has no 'undefined', 'null', 'NaN' or '[object Object]' in any text, attribute or JSON string", async () => {
    const bad = /\b(undefined|null|NaN)\b|\[object Object\]/;
    const found: string[] = [];
    for (const file of await listFiles(out)) {
      const text = await readFile(path.join(out, file), "utf8");
      if (/\.(json|webmanifest)$/.test(file)) {
        const walk = (value: unknown, at: string): void => {
          if (typeof value === "string") {
            if (bad.test(value)) found.push(`${file} ${at}: ${value.slice(0, 80)}`);
          } else if (value && typeof value === "object")
            for (const [key, v] of Object.entries(value)) walk(v, `${at}.${key}`);
        };
        walk(JSON.parse(text), "");
      } else if (file.endsWith(".html")) {
        const doc = parse(text);
        for (const el of doc.querySelectorAll("*")) {
          for (const [name, value] of Object.entries(el.attributes))
            if (bad.test(value)) found.push(`${file} <${el.tagName} ${name}="${value.slice(0, 80)}">`);
        }
        if (bad.test(doc.text))
          found.push(`${file}: ${doc.text.match(/.{0,40}(undefined|null|NaN|\[object Object\]).{0,40}/)![0]}`);
      } else if (!file.endsWith(".js") && bad.test(text)) {
        found.push(`${file}: ${text.match(/.{0,40}(undefined|null|NaN|\[object Object\]).{0,40}/)![0]}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("builds byte for byte the same twice", async () => {
    const again = path.join(root, "again");
    await build({ partner: "4242", partnersDir, source: "snapshot", out: again });
    expect(await hashTree(again)).toEqual(await hashTree(out));
  });

  it("lints clean", async () => {
    const lint = await lintPartner({ partner: "4242", partnersDir });
    expect(lint.findings).toEqual([]);
  });

  it("has every internal link lead to a file (the redirect table holds only the articles' other path form, spec 2.6)", async () => {
    const aliases = articles
      .map((a) => ({ fromPath: `/article-${a.slug}`, toPath: `/article/${a.slug}` }))
      .sort((a, b) => (a.fromPath < b.fromPath ? -1 : 1));
    expect(JSON.parse(await readFile(path.join(out, "redirects.json"), "utf8"))).toEqual(aliases);
    expect(await findBrokenInternalLinks(out)).toEqual([]);
  });
});

describe("partner 4242: no member service", () => {
  it("shows no login link, my-page, movie-info or reviews island anywhere", async () => {
    for (const file of (await listFiles(out)).filter((f) => f.endsWith(".html"))) {
      const html = await readFile(path.join(out, file), "utf8");
      const doc = parse(html);
      expect(doc.querySelectorAll('a[href^="/min-side"]'), file).toHaveLength(0);
      for (const island of ["my-page", "reviews", "movie-info"])
        expect(doc.querySelector(`[data-island="${island}"]`), `${file} ${island}`).toBeNull();
      expect(html, file).not.toContain("Logg inn");
    }
  });

  it("keeps the film facts on the film page without the member island", async () => {
    const doc = await page(`/${film("Fjellets stemme").parentSlug}`);
    expect(doc.querySelector(".block--movie-info")!.text).toContain("Sigrid Øyane");
    // The reviews block renders nothing without the member service; its empty wrapper is hidden by CSS (.block:empty).
    expect(doc.querySelector(".block--movie-reviews")?.innerHTML ?? "").toBe("");
  });
});

describe("partner 4242: films of other shapes", () => {
  it("renders the film without assets, contents, properties or features", async () => {
    const bare = productions.find((p) => p.assets.length === 0 && p.contents.length === 0)!;
    const doc = await page(`/${bare.parentSlug}`);
    expect(doc.querySelector("h1")!.text).toContain(bare.parentTitle);
    expect(doc.querySelectorAll("main img")).toHaveLength(0);
    expect(doc.querySelector('meta[name="description"]')?.getAttribute("content") ?? "").not.toMatch(/undefined|null/);
    expect(doc.querySelectorAll("main [data-ticket-id^='e-']")).toHaveLength(1);
    // Nothing to say about the film: no bare 'Om filmen' heading.
    expect(doc.querySelector(".block--movie-info")?.innerHTML ?? "").toBe("");
  });

  it("shows 'Premiere …' for the upcoming film's placeholder, without a link", async () => {
    for (const routePath of ["/kommer-snart", `/${film("Nordlysnetter").parentSlug}`]) {
      const slot = (await page(routePath)).querySelector("main [data-ticket-id^='mc-']")!;
      expect(slot, routePath).toBeTruthy();
      expect(slot.text.trim()).toBe("Premiere fredag 16. april");
      expect(slot.querySelector("a")).toBeNull();
    }
  });

  it("lists no past showing, and the film whose showings are all past only on its own page", async () => {
    const past = film("Vinterreisen");
    for (const routePath of ["/", "/kinoprogram"]) {
      const hrefs = (await page(routePath)).querySelectorAll("main a[href]").map((a) => a.getAttribute("href"));
      expect(hrefs, routePath).not.toContain(`/${past.parentSlug}`);
    }
    const doc = await page(`/${past.parentSlug}`);
    expect(doc.querySelectorAll("main [data-ticket-id]")).toHaveLength(0);
    expect(doc.querySelector("#tickets")!.text).toContain("Ingen visninger");
    const yesterday = events.find((e) => e.begin === "2027-03-27 19:00:00")!;
    expect(
      (await page(`/${film("Fjellets stemme").parentSlug}`)).querySelector(`[data-ticket-id="${yesterday.key}"]`),
    ).toBeNull();
  });

  it("has no purchase link on the sold-out showing, and a labelled one with kanal on the others", async () => {
    const soldOut = events.find((e) => e.ticketSales[0]?.available === 0 && e.begin > "2027-03-28")!;
    for (const routePath of ["/", `/${film("Fjellets stemme").parentSlug}`, "/paske-pa-ovre-ardal-kino"]) {
      const doc = await page(routePath);
      const slot = doc.querySelector(`[data-ticket-id="${soldOut.key}"]`)!;
      expect(slot, routePath).toBeTruthy();
      expect(slot.text).toContain("Utsolgt");
      expect(slot.querySelector("a")).toBeNull();
      const open = doc.querySelector(`[data-ticket-id="e-4242000500102"] a`)!;
      expect(new URL(open.getAttribute("href")!).searchParams.get("kanal")).toBe("dxf");
      // Named by its own text or, in the film page's ticket list, by reference (aria-labelledby).
      const name =
        open
          .getAttribute("aria-labelledby")
          ?.split(" ")
          .map((id) => doc.querySelector(`[id="${id}"]`)!.text)
          .join(" ") ?? open.text;
      expect(name, routePath).toContain("Kjøp billett til Fjellets stemme");
    }
  });

  it("labels the pre-premiere showing", async () => {
    const flagged = events.find((e) => e.advertisementFlags.some((f) => f.value === "pre_premiere"))!;
    const slot = (await page("/kinoprogram")).querySelector(`[data-ticket-id="${flagged.key}"]`)!;
    expect(slot.text).toContain("Førpremiere");
  });

  it("writes summer-time offsets (+02:00) after the switch on 28 March in JSON-LD, wall-clock times in <time>", async () => {
    const doc = await page(`/${film("Fjellets stemme").parentSlug}`);
    const items = doc
      .querySelectorAll('script[type="application/ld+json"]')
      .flatMap((s) => jsonLdNodes(JSON.parse(s.text)));
    const screenings = items.filter((i) => i["@type"] === "ScreeningEvent") as unknown as { startDate: string }[];
    expect(screenings.map((s) => s.startDate)).toEqual([
      "2027-03-28T18:00:00+02:00",
      "2027-03-28T20:30:00+02:00",
      "2027-03-29T19:00:00+02:00",
      "2027-04-03T12:00:00+02:00",
    ]);
    // A showing's <time> is its wall-clock time alone; the offset is the JSON-LD's above.
    const times = doc.querySelectorAll("main li.showtime time").map((t) => t.text);
    expect(times).toEqual(["18:00", "20:30", "19:00", "12:00"]);
  });
});

describe("partner 4242: pages, theme and menu", () => {
  it("places the front page's second row 6/6 on md and lg, and drops the hidden block", async () => {
    const doc = await page("/");
    const rows = doc.querySelectorAll("main .grid-row");
    expect(rows).toHaveLength(2);
    const columns = rows[1].querySelectorAll(".col").map((c) => c.getAttribute("class"));
    expect(columns).toHaveLength(2);
    // Mobile first: lg repeats md's 6, so no col-lg class (src/render/grid.ts).
    for (const c of columns) expect(c).toMatch(/^col col-xs-12( order-xs-\d+)? col-md-6$/);
    expect(doc.querySelector(".block--modal-dialog")).toBeNull();
    expect(doc.querySelector("dialog")).toBeNull();
    const cards = rows[1].querySelectorAll(".block--card-list a[href]").map((a) => a.getAttribute("href"));
    expect(cards).toEqual(expect.arrayContaining(articles.map((a) => `/article/${a.slug}`)));
  });

  it("titles articles '<title> | Øvre Årdal' and keeps the YouTube embed and the image", async () => {
    const quiz = await page("/article/filmquiz:-vaer-med-og-vinn-arskort");
    expect(quiz.querySelector("title")!.text).toBe("Filmquiz: Vær med og vinn årskort | Øvre Årdal");
    const trailer = await page("/article/se-traileren-til-fjellets-stemme");
    expect(trailer.querySelector('main iframe[src^="https://www.youtube-nocookie.com/embed/"]')).toBeTruthy();
    expect(trailer.querySelector('main .article__content img[alt="Innspilling ved Tyin"]')).toBeTruthy();
  });

  it("lets the Content-Security-Policy load the video the article embeds", async () => {
    const headers = await readFile(path.join(out, "_headers"), "utf8");
    const frameSrc = headers.match(/frame-src ([^;]+);/)![1].split(" ");
    expect(frameSrc).toContain("https://www.youtube-nocookie.com");
  });

  it("shows the menu's two groups, every nested item, and the external one in a new window", async () => {
    const nav = (await page("/")).querySelector('nav[aria-label="Hovedmeny"]')!;
    expect(nav.querySelectorAll("summary").map((s) => s.text.trim())).toEqual(["Program", "Om oss"]);
    const external = nav.querySelector('a[href="https://www.ardal.kommune.example/"]')!;
    expect(external.getAttribute("target")).toBe("_blank");
    expect(external.getAttribute("rel")).toContain("noopener");
    expect(external.text).toContain("(åpnes i nytt vindu)");
    expect(nav.querySelector('a[href="https://www.ardal.kommune.example/kulturhus"]')).toBeTruthy();
  });

  it("writes a header without an empty utility bar, and no theme colour style, when the theme has none", async () => {
    const doc = await page("/");
    expect(doc.querySelector(".utility-bar")).toBeNull();
    expect(
      doc
        .querySelectorAll("head style")
        .map((s) => s.text)
        .join(""),
    ).not.toContain("--brand");
  });
});

type JsonLdNode = { "@type": string; "@id"?: string; "@graph"?: JsonLdNode[] };

/** The nodes of a JSON-LD block: an object, an array of them, or a @graph. */
function jsonLdNodes(value: JsonLdNode | JsonLdNode[]): JsonLdNode[] {
  return ([] as JsonLdNode[]).concat(value).flatMap((node) => node["@graph"] ?? [node]);
}
