/**
 * Spec 2.1–2.7 against the embedded snapshot of partner 178: every listed route exists with
 * the blocks the specification names (hidden ones hidden), its page type and layout, and the
 * paths of the header menu and footer. Read from the committed JSON so that a regenerated
 * snapshot that drifts from the specification fails here.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AD_SLOT_KIND } from "../../src/model/index.js";

interface SnapshotBlock {
  component: string;
  hide: boolean;
  place: { row: number; column: number; order: number };
}
interface SnapshotPage {
  path: string;
  title: string;
  layout: string;
  pageType: string;
  blocks: SnapshotBlock[];
  sources: { name: string; model: string; filter: { property: string; operator: string; value: unknown }[] }[];
  template: { rows: { columns: { xs: { span: number }; md: { span: number }; lg: { span: number } }[] }[] };
  meta: { data: Record<string, Record<string, { binding: string; source: string | null }>> };
}
interface SnapshotSite {
  partners: number[];
  theme: {
    search: { enabled: boolean; submitPath: string };
    language: { enabled: boolean };
    menu: { id: string; path: string; parent: string; place: string; openInNewWindow: boolean }[];
    footer: { items: { type: string; href: string | null; value: string }[] }[];
  };
  pages: SnapshotPage[];
}

const site = JSON.parse(readFileSync(path.resolve("partners/178/snapshot/site.json"), "utf8")) as SnapshotSite;
const AD = AD_SLOT_KIND;
const pageAt = (p: string): SnapshotPage => {
  const page = site.pages.find((candidate) => candidate.path === p);
  if (!page) throw new Error(`no page ${p} in the snapshot`);
  return page;
};
const kinds = (page: SnapshotPage, hidden: boolean) =>
  page.blocks
    .filter((b) => b.hide === hidden)
    .map((b) => b.component)
    .sort();
const count = (list: string[], kind: string) => list.filter((k) => k === kind).length;

/** path -> [visible kinds that must be there (with multiplicity), hidden kinds that must be there]. */
const PAGES: Record<string, [string[], string[]?]> = {
  "/": [
    ["slideshow", "poster", "quick-links", "card-list", "card-list", "content", AD, "cover-flow", "culture-program"],
    ["schedule", "modal-dialog"],
  ],
  "/kinoprogram": [[AD, "program", AD]],
  "/filmer": [["events"]],
  "/kommende": [[AD, "program", AD]],
  "/eventer": [["card-list", "card-list"]],
  "/eventer-2": [["culture-program"]],
  "/kulturprogram": [["culture-program", AD]],
  "/search": [["search-field", "search-results"]],
  "/min-side": [["my-page"]],
  "/test": [["slideshow", "card-list"]],
  "/404.html": [["content", "cover"]],
  "/sporsmal-og-svar": [["news-subscribe"], ["news-subscribe"]],
  "/kinobursdag-2": [["cover", "news-subscribe"]],
  "/skolekino": [["cover", "content", "card-list", "news-subscribe", AD]],
  "/om-kinoen": [["title", "content"]],
  "/film-i-dagslys": [["content", "schedule"], ["cover"]],
  "/den-store-familiedagen": [["content", "schedule"]],
  "/oscardager": [["schedule"]],
  "/kinosjefens-utvalgte": [["title", "content", "schedule"]],
  "/pensjonistkino": [["program"]],
  "/babykino": [["program"]],
  "/strikkekino": [["program"]],
  "/strikkekinofestival": [["content", "cover"]],
  "/den-store-kinodagen": [["cover", "content", "program"], ["news-subscribe"]],
  "/paske-pa-solvik-kino": [["cover", "content", "program"]],
  "/vinterferie-pa-solvik-kino": [["cover", "content", "program"]],
  "/hostferie-pa-solvik-kino": [["cover", "content", "program"], ["schedule"]],
  "/pinse-pa-solvik-kino": [["program"]],
  "/halloween-pa-solvik-kino": [["schedule"]],
  "/ringenes-herre-maraton": [[]],
  "/hunger-games-maraton": [[]],
  "/mozartfestivalen-2022": [["news-subscribe", "poster", "manual-card-list"]],
  "/mozartfestivalen-2023": [["poster", "card-list", "card-list", "news-subscribe"]],
  "/solvik-animation-festival": [["cover", "content", "schedule"]],
  "/solvik-sci-fi-festival": [["cover", "content", "card-list", "schedule"]],
  "/:production": [["movie-cover", "ticket-list", AD, "movie-info", "movie-reviews"]],
  "/:culture": [["cover", "ticket-list", AD, "movie-info", "news-subscribe"]],
  "/article/:slug": [["article", "news-subscribe", "cover"]],
};
const INFO_PAGES = [
  "/priser-og-rabatter",
  "/aldersgrenser",
  "/ledsagerbevis",
  "/gavekort-pa-kino",
  "/bursdag-pa-kino",
  "/lei-en-kinosal",
  "/bedriftsvisninger",
  "/kinoreklame",
  "/selg-billetter-via-oss",
  "/sluttdatoer",
  "/om-kinoen",
  "/varmestua-kino",
];
const SERIES_PAGES = [
  "/filmprek",
  "/film-i-kveldslys",
  "/adventskino",
  "/nordic-docs",
  "/valentines-day-pa-kino",
  "/barnas-superkino",
  "/kinokveld-for-ungdom",
  "/nordisk-filmdag",
  "/film-112",
  "/polske-filmdager",
  "/planleggingsdag",
  "/nattkino",
  "/nissedag",
  "/barnefilm-til-100",
  "/jentekveld",
  "/filmklubb-solvik",
];
const STANDARD = ["/search", "/min-side", "/404.html", "/:production", "/:culture", "/article/:slug"];

describe("routes of spec 2.3–2.6 in the 178 snapshot", () => {
  it.each(Object.entries(PAGES))("%s has the blocks the specification lists", (p, [visible, hidden = []]) => {
    const page = pageAt(p);
    const shown = kinds(page, false);
    for (const kind of new Set(visible))
      expect(count(shown, kind), `${p}: visible ${kind}`).toBeGreaterThanOrEqual(count(visible, kind));
    const hid = kinds(page, true);
    for (const kind of new Set(hidden))
      expect(count(hid, kind), `${p}: hidden ${kind}`).toBeGreaterThanOrEqual(count(hidden, kind));
  });

  it("information pages show title and/or content; series pages a cover, content and a schedule", () => {
    for (const p of INFO_PAGES)
      expect(
        kinds(pageAt(p), false).some((k) => k === "title" || k === "content"),
        p,
      ).toBe(true);
    for (const p of SERIES_PAGES)
      expect(kinds(pageAt(p), false), p).toEqual(expect.arrayContaining(["cover", "content", "schedule"]));
    // The local cinema-news page: a card list of news (articles).
    const news = site.pages.find(
      (page) =>
        page.sources.some((s) => s.model === "article") &&
        page.blocks.length === 1 &&
        page.blocks[0].component === "card-list",
    );
    expect(news?.path).toMatch(/^\/[a-z0-9-]+$/);
  });

  it("uses layout 'page-header-footer' everywhere, type 'standard' exactly where the spec says", () => {
    for (const page of site.pages) {
      expect(page.layout, page.path).toBe("page-header-footer");
      expect(page.pageType, page.path).toBe(STANDARD.includes(page.path) ? "standard" : "ordinary");
    }
    expect(pageAt("/").title).toBe("Forside");
    expect(pageAt("/:production").title).toBe("Inner Production page");
    expect(pageAt("/:culture").title).toBe("Inner Culture page");
    expect(pageAt("/article/:slug").title).toBe("Article inner page");
  });

  it("/kommende: ad in row 0 and row 1, title, description and keywords 'Kommende filmer'", () => {
    const page = pageAt("/kommende");
    const adRows = page.blocks
      .filter((b) => b.component === AD)
      .map((b) => b.place.row)
      .sort();
    expect(adRows).toEqual([0, 1]);
    const nb = page.meta.data.nb;
    for (const field of ["title", "description", "keywords"])
      expect(nb[field], field).toEqual({ binding: "Kommende filmer", source: null });
    expect(page.meta.data.en).toEqual({});
  });

  it("/filmer and /kinoprogram exclude event ids 113371 and 113372", () => {
    for (const p of ["/filmer", "/kinoprogram"]) {
      const filters = pageAt(p).sources.flatMap((s) => s.filter);
      expect(
        filters.some(
          (f) => f.operator === "regex" && String(f.value).includes("113371") && String(f.value).includes("113372"),
        ),
        p,
      ).toBe(true);
    }
  });

  it("detail pages use a 9/3 (lg), 6/6 (md), stacked (xs) main and side column; the ad slot sits in the side column", () => {
    for (const p of ["/:production", "/:culture"]) {
      const [main, side] = pageAt(p).template.rows[0].columns;
      expect([main.lg.span, side.lg.span, main.md.span, side.md.span, main.xs.span, side.xs.span], p).toEqual([
        9, 3, 6, 6, 12, 12,
      ]);
      expect(pageAt(p).blocks.find((b) => b.component === AD)?.place.column, p).toBe(1);
    }
  });
});

describe("header menu and footer of spec 2.7", () => {
  const header = site.theme.menu.filter((m) => m.place === "header");
  const footerMenu = site.theme.menu.filter((m) => m.place === "footer");
  const footerHrefs = site.theme.footer.flatMap((column) => column.items.map((item) => item.href));

  it("the header menu is a tree of five groups naming every internal path of the spec", () => {
    expect(header.filter((m) => m.parent === "")).toHaveLength(5);
    const ids = new Set(header.map((m) => m.id));
    for (const item of header) if (item.parent !== "") expect(ids, item.id).toContain(item.parent);
    const paths = header.map((m) => m.path);
    for (const p of [
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
    ])
      expect(paths, p).toContain(p);
    expect(paths.some((p) => /festival/.test(p))).toBe(true);
    const external = header.filter((m) => /^https?:/.test(m.path));
    expect(external.length).toBeGreaterThanOrEqual(2);
    expect(external.filter((m) => m.openInNewWindow)).toHaveLength(1);
  });

  it("menu and footer name the other paths of the spec, trailing slashes as written", () => {
    const all = [...site.theme.menu.map((m) => m.path), ...footerHrefs];
    for (const p of [
      "/solvik-animation-festival",
      "/aldersgrenser",
      "/priser-og-rabatter/",
      "/gavekort-pa-kino/",
      "/film-i-kveldslys/",
      "/article/info-om-cookies",
    ])
      expect(all, p).toContain(p);
  });

  it("footer menu: privacy, cookies, and an external accessibility statement in a new window", () => {
    expect(footerMenu.slice(0, 2).map((m) => m.path)).toEqual([
      "/article/personvernerklaering",
      "/article/info-om-cookies",
    ]);
    const external = footerMenu.filter((m) => /^https?:/.test(m.path));
    expect(external).toHaveLength(1);
    expect(external[0].openInNewWindow).toBe(true);
  });

  it("footer columns: the four internal links, three external ones, the opening hours and one HTML item", () => {
    for (const p of ["/om-kinoen/", "/aldersgrenser", "/ledsagerbevis", "/priser-og-rabatter/"])
      expect(footerHrefs, p).toContain(p);
    expect(footerHrefs.filter((href) => href && /^https?:/.test(href))).toHaveLength(3);
    const texts = site.theme.footer.flatMap((column) =>
      column.items.filter((item) => item.type === "text").map((item) => item.value),
    );
    expect(texts).toEqual([
      "Mandag–torsdag 11:00–21:00",
      "Fredag 11:00–22:30",
      "Lørdag 11:00–22:30",
      "Søndag 11:00–21:00",
    ]);
    expect(site.theme.footer.flatMap((column) => column.items).filter((item) => item.type === "html")).toHaveLength(1);
  });

  it("search submits to /search; the language switcher is disabled; one partner id", () => {
    expect(site.theme.search).toEqual({ enabled: true, submitPath: "/search" });
    expect(site.theme.language.enabled).toBe(false);
    expect(site.partners).toEqual([178]);
  });
});
