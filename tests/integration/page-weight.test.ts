/**
 * Page-weight budget on partner 178 (docs/performance.md): a change that bloats film pages or the
 * programme fails here. The limits are the measured sizes plus a little headroom
 * (docs/performance.md, "Page weight"); lower them when a change makes pages smaller.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { PageManifestEntry } from "../../src/model/index.js";

const KB = 1024;
/** Bytes before compression. */
const BUDGET = {
  // Measured after "The film page's budget is what a phone downloads" (docs/performance.md, "Page weight";
  // docs/spec-decisions.md), second pass: HTML median 16.1 KB, max 22.4 KB; with page data median 16.3 KB,
  // max 22.7 KB. Before the first pass: 18.8 / 27.4 KB HTML; after it: 17.3 / 24.0 KB. Then the
  // richer JSON-LD (docs/spec-decisions.md "Richer structured data": videoFormat per showing,
  // languages and age on the Movie) adds about 0.3 KB to a typical page and 0.5 KB to the largest.
  // A list's shared ad flags written once beside its rows (templates/ui/live-props.ts): max 22.9 ->
  // 21.9 KB HTML, 23.2 -> 22.2 KB with page data; the median page has no flags.
  filmHtmlMedian: 16.75 * KB,
  filmHtmlMax: 22.25 * KB,
  filmTotalMedian: 17 * KB,
  filmTotalMax: 22.5 * KB,
  /**
   * A typical film page (10 to 14 showings, the median of them): the HTML a phone downloads on
   * its first load, before and after gzip. Measured 19.4 KB and 4.9 KB (first pass: 20.9 KB and
   * 5.2 KB; before it: 24.3 KB and 5.4 KB), then 0.3 KB more with the richer JSON-LD. The
   * decision's target, 12 KB and 4 KB, is not met: docs/performance.md says what is left.
   */
  typicalFilmHtml: 20.25 * KB,
  typicalFilmGzip: 5.1 * KB,
  /**
   * What one more showing adds to a film page (the slope over 178's film pages of the ticket list
   * and the JSON-LD against their showings): 586 B (first pass: 632 B; before it: 960 B), plus
   * each showing's `"videoFormat":"2D"` (19 B): 610 B, then 595 B with a list's shared ad flags
   * written once. The target, 400 B, is not met.
   */
  perShowing: 610,
  /**
   * Each showing's share of the film page's JSON-LD (name, start, the theater, an Offer by @id, and
   * its picture format, docs/spec-decisions.md "Richer structured data"): measured 178 B.
   */
  jsonLdPerShowing: 190,
  /** The header, the same on every page (3.6 KB: logos and search button without class names). */
  header: 3.7 * KB,
  /** /kinoprogram shows its window (the first day): 42.0 KiB (its films' showings as rows in the island's props). */
  programmeHtml: 42.5 * KB,
  programmeData: 4 * KB,
  /** A film page's island props (all their JSON scripts), median: 1.4 KB (no member endpoints the spec names). */
  filmPropsMedian: 1.5 * KB,
};

let root: string;
let films: { path: string; html: string; dataBytes: number; showings: number }[];
let manifest: PageManifestEntry[];

beforeAll(async () => {
  // The run's shared build of the embedded snapshot (tests/setup/shared-builds.ts), read only.
  root = inject("site178").out;
  manifest = JSON.parse(await readFile(path.join(root, "page-manifest.json"), "utf8"));
  const events = JSON.parse(await readFile(path.resolve("partners/178/snapshot/events.json"), "utf8")) as {
    productions: { object: string; parentSlug: string }[];
  };
  const filmPaths = new Set(events.productions.filter((p) => p.object === "movie").map((p) => `/${p.parentSlug}`));
  films = await Promise.all(
    manifest
      .filter((entry) => filmPaths.has(entry.path))
      .map(async (entry) => ({
        path: entry.path,
        html: await readFile(path.join(root, entry.path, "index.html"), "utf8"),
        dataBytes: (await stat(path.join(root, "page-data", `${entry.jsonName}.json`))).size,
      }))
      .map(async (film) => ({ ...(await film), showings: showingsOf(await film) })),
  );
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const bytes = (text: string) => Buffer.byteLength(text);
const jsonLdOf = (html: string) => /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? "";
/** A film page's showings: its JSON-LD's ScreeningEvents, one per showing the page lists. */
const showingsOf = ({ html }: { html: string }) => jsonLdOf(html).split('"@type":"ScreeningEvent"').length - 1;
/** The bytes of a film page that grow with its showings: the ticket list (markup and props) and the JSON-LD. */
function showingBytes(html: string): number {
  const start = html.indexOf('<section class="ticket-list"');
  return bytes(html.slice(start, html.indexOf("</section>", start))) + bytes(jsonLdOf(html));
}
/** Least-squares slope of y against x. */
function slope(points: [number, number][]): number {
  const mean = (k: 0 | 1) => points.reduce((sum, p) => sum + p[k], 0) / points.length;
  const [mx, my] = [mean(0), mean(1)];
  const sxy = points.reduce((sum, [x, y]) => sum + (x - mx) * (y - my), 0);
  return sxy / points.reduce((sum, [x]) => sum + (x - mx) ** 2, 0);
}

describe("page weight on partner 178", () => {
  it("film pages: HTML and HTML + page data within budget", () => {
    expect(films.length).toBeGreaterThan(50);
    const html = films.map((film) => bytes(film.html));
    const total = films.map((film, i) => html[i] + film.dataBytes);
    expect(median(html)).toBeLessThanOrEqual(BUDGET.filmHtmlMedian);
    expect(Math.max(...html)).toBeLessThanOrEqual(BUDGET.filmHtmlMax);
    expect(median(total)).toBeLessThanOrEqual(BUDGET.filmTotalMedian);
    expect(Math.max(...total)).toBeLessThanOrEqual(BUDGET.filmTotalMax);
  });

  it("a typical film page (10 to 14 showings): the HTML a phone downloads, and what each further showing adds", () => {
    const typical = films.filter((film) => film.showings >= 10 && film.showings <= 14);
    expect(typical.length).toBeGreaterThan(5);
    expect(median(typical.map((film) => bytes(film.html)))).toBeLessThanOrEqual(BUDGET.typicalFilmHtml);
    expect(median(typical.map((film) => gzipSync(film.html).length))).toBeLessThanOrEqual(BUDGET.typicalFilmGzip);
    const listed = films.filter((film) => film.showings > 0);
    expect(new Set(listed.map((film) => film.showings)).size).toBeGreaterThan(5);
    expect(slope(listed.map((film) => [film.showings, showingBytes(film.html)]))).toBeLessThanOrEqual(
      BUDGET.perShowing,
    );
  });

  it("film pages: island props as JSON scripts, shared values once, within budget", () => {
    const props = films.map((film) => {
      expect(film.html).not.toMatch(/data-island-props="\{/);
      for (const key of ["live", "service"])
        expect(film.html.split(`data-island-shared="${key}"`).length - 1).toBeLessThanOrEqual(1);
      return [...film.html.matchAll(/<script type="application\/json"[^>]*>(.*?)<\/script>/gs)].reduce(
        (sum, m) => sum + bytes(m[0]),
        0,
      );
    });
    expect(median(props)).toBeLessThanOrEqual(BUDGET.filmPropsMedian);
  });

  it("film pages: purchase links named by reference, no visually hidden words repeated per showing", () => {
    let links = 0;
    for (const film of films) {
      const list = film.html.slice(
        film.html.indexOf('<section class="ticket-list"'),
        film.html.indexOf("</section>", film.html.indexOf('<section class="ticket-list"')),
      );
      expect(list, film.path).not.toContain("visually-hidden");
      for (const match of list.matchAll(/<li class="showtime[^"]*"[^>]*><a [^>]*>/g)) {
        links += 1;
        const ids = /aria-labelledby="([^"]+)"/.exec(match[0])?.[1].split(" ") ?? [];
        expect(ids, `${film.path}: ${match[0]}`).toHaveLength(3);
        for (const id of ids) expect(film.html.split(`id="${id}"`).length - 1, `${film.path}: #${id}`).toBe(1);
      }
    }
    expect(links).toBeGreaterThan(50);
  });

  it("film pages: the menu once, and JSON-LD that grows only by what each showing adds", () => {
    for (const film of films) {
      expect(film.html.split('aria-label="Hovedmeny"').length - 1).toBe(1);
      const header = film.html.slice(film.html.indexOf('<header class="site-header"'), film.html.indexOf("</header>"));
      expect(bytes(header)).toBeLessThanOrEqual(BUDGET.header);
      const blocks = [...film.html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => m[1]);
      expect(blocks).toHaveLength(1);
      const graph = (JSON.parse(blocks[0])["@graph"] ?? []) as { "@type": string }[];
      const showings = graph.filter((node) => node["@type"] === "ScreeningEvent");
      if (showings.length === 0) continue;
      // The block less its nodes other than showings, and less the graph's own wrapper.
      const fixed =
        graph
          .filter((node) => node["@type"] !== "ScreeningEvent")
          .reduce((sum, node) => sum + bytes(JSON.stringify(node)) + 1, 0) +
        bytes(JSON.stringify({ ...JSON.parse(blocks[0]), "@graph": [] }));
      expect((bytes(blocks[0]) - fixed) / showings.length).toBeLessThanOrEqual(BUDGET.jsonLdPerShowing);
    }
  });

  it("pages without islands load the boot script and its parts alone, none of which holds React", async () => {
    const islandFree: string[] = [];
    for (const entry of manifest) {
      const html = await readFile(path.join(root, entry.path, "index.html"), "utf8").catch(() => null);
      if (html === null || html.includes("data-island=")) continue;
      islandFree.push(entry.path);
      // The footer's third-party script waits, inert, in a <template> until consent (client/consent-scripts.ts).
      const live = html.replace(/<template\b[\s\S]*?<\/template>/g, "");
      const scripts = [
        ...live.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g),
        ...live.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
      ].map((m) => m[1]);
      // The boot script, and the preload of its consent banner (a lazy part of it).
      expect(
        scripts.filter((src) => /^\/assets\/boot\.[A-Z0-9]+\.js$/.test(src)),
        entry.path,
      ).toHaveLength(1);
      for (const src of scripts) expect(src, entry.path).toMatch(/^\/assets\/boot[.-][\w.-]+\.js$/);
    }
    // 178 has island-free pages (information pages, articles without a form).
    expect(islandFree.length).toBeGreaterThan(5);
    const boot = (await readdir(path.join(root, "assets"))).filter((name) => /^boot[.-].*\.js$/.test(name));
    expect(boot.length).toBeGreaterThan(0);
    for (const name of boot)
      expect(await readFile(path.join(root, "assets", name), "utf8"), name).not.toMatch(
        /react\.dev\/errors|__CLIENT_INTERNALS|hydrateRoot/,
      );
  });

  it("the programme page and its data within budget", async () => {
    const entry = manifest.find((e) => e.path === "/kinoprogram")!;
    const html = (await stat(path.join(root, "kinoprogram", "index.html"))).size;
    const data = (await stat(path.join(root, "page-data", `${entry.jsonName}.json`))).size;
    expect(html).toBeLessThanOrEqual(BUDGET.programmeHtml);
    expect(data).toBeLessThanOrEqual(BUDGET.programmeData);
  });

  it("/min-side carries no film paths: they are one hashed file the member island fetches when needed (docs/spec-decisions.md, Bounded listings)", async () => {
    const html = await readFile(path.join(root, "min-side", "index.html"), "utf8");
    const firstFilm = films[0].path;
    expect(html).not.toContain(`"${firstFilm}"`);
    const url = /"filmPathsUrl":"(\/assets\/film-paths\.[0-9a-f]{8}\.json)"/.exec(html)?.[1];
    expect(url).toBeDefined();
    const paths = JSON.parse(await readFile(path.join(root, url!), "utf8")) as Record<string, string>;
    expect(Object.values(paths)).toContain(firstFilm);
    // Not in the service worker's precache: only members need it.
    expect(await readFile(path.join(root, "sw.js"), "utf8")).not.toContain("film-paths.");
  });
});
