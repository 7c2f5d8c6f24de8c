/**
 * The build reads a page's links around the layout's parts (src/links/extract-links.ts
 * extractLinksAround), each part once per renderer: link for link what reading the whole
 * page gives.
 */
import { describe, expect, it, vi } from "vitest";
import { extractLinks, extractLinksAround, type ExtractedLinks } from "../../src/links/extract-links.js";
import { block, MINIMAL, page, renderer, route } from "../fixtures/render/fixture.js";

const plain = ({ links, ids }: ExtractedLinks) => ({ links, ids: [...ids] });

describe("extractLinksAround", () => {
  it("gives what extractLinks gives on rendered pages, reading each layout part once", () => {
    const shared = renderer();
    const memo = new Map<string, ExtractedLinks>();
    const partLinks = vi.fn((part: string) => memo.get(part) ?? memo.set(part, extractLinks(part)).get(part)!);
    const pages = [
      [page([block("title", { title: "Kløver" })], { path: "/kinoprogram" }), route("/kinoprogram")],
      [page([block("movie-cover", MINIMAL["movie-cover"])], { path: "/film-a" }), route("/film-a", "film")],
      [page([], { path: "/" }), route("/")],
      [page([], { path: "/kinoprogram/dag/2026-11-21" }), route("/kinoprogram/dag/2026-11-21")],
    ] as const;
    for (const [resolved, info] of pages) {
      const { html, chrome } = shared.renderPage(resolved, info);
      expect(chrome.length).toBeGreaterThan(0);
      for (const part of chrome) expect(html.includes(part)).toBe(true);
      expect(plain(extractLinksAround(html, chrome, partLinks))).toEqual(plain(extractLinks(html)));
      expect(html).toBe(shared.render(resolved, info));
    }
    // The footer and skip link once; the header once per menu state (two here: the programme and the front page).
    expect(new Set(partLinks.mock.calls.map(([part]) => part)).size).toBe(memo.size);
    expect(memo.size).toBeLessThan(pages.length * 3);
  });

  it("reads a part it cannot find, or an empty one, with the text around it", () => {
    const html =
      '<a href="/a">a</a><nav id="n"><a href="/b">b</a></nav><script src="/s.js"></script><img src="/c.png">';
    const whole = plain(extractLinks(html));
    const read = (part: string) => extractLinks(part);
    expect(plain(extractLinksAround(html, ['<nav id="n"><a href="/b">b</a></nav>'], read))).toEqual(whole);
    expect(plain(extractLinksAround(html, ["<p>not there</p>", ""], read))).toEqual(whole);
    expect(plain(extractLinksAround(html, ['<script src="/s.js"></script>', '<img src="/c.png">'], read))).toEqual(
      whole,
    );
    // Parts out of document order: the one found after the cursor only.
    expect(plain(extractLinksAround(html, ['<img src="/c.png">', '<a href="/a">a</a>'], read))).toEqual(whole);
  });
});
