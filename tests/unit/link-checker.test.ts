/** The build's link checker (src/links, docs/architecture.md) on hand-written files. */
import { describe, expect, it } from "vitest";
import { formatLinks } from "../../src/cli/build-report.js";
import { createLinkChecker, extractLinks, srcsetUrls } from "../../src/links/index.js";

const html = (body: string) =>
  `<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/site.css"/></head><body>${body}</body></html>`;

function check(files: Record<string, string>, redirects: string[] = []) {
  const checker = createLinkChecker({ siteUrl: "https://kino.example", redirects });
  for (const [path, contents] of Object.entries(files)) checker.add({ path, contents });
  return checker.finish();
}

describe("extractLinks", () => {
  it("reads href, src, srcset, action and poster; skips comments, script and style bodies; reads a script's src", () => {
    const { links, ids } = extractLinks(
      html(
        `<a href="/a?x=1&amp;y=2">a</a><img src="/i.jpg" srcset="https://cdn.example/p.jpg?w=225&amp;crop=faces,top 225w, https://cdn.example/p.jpg?w=450&amp;crop=faces,top 450w" alt="">` +
          `<!-- <a href="/commented"> --><script type="application/ld+json">{"url":"<a href=\\"/in-script\\">"}</script><script type="module" src="/assets/boot.js"></script>` +
          `<form action="/search"><input name="q"></form><h2 id="billetter">B</h2>`,
      ),
    );
    expect(links.map((l) => `${l.from} ${l.url}`)).toEqual([
      "href /assets/site.css",
      "href /a?x=1&y=2",
      "src /i.jpg",
      "srcset https://cdn.example/p.jpg?w=225&crop=faces,top",
      "srcset https://cdn.example/p.jpg?w=450&crop=faces,top",
      "script[src] /assets/boot.js",
      "action /search",
    ]);
    expect([...ids]).toEqual(["billetter"]);
  });

  it("splits srcset candidates as HTML does: commas inside a URL stay", () => {
    expect(srcsetUrls("a.jpg?crop=faces,top 1x, b.jpg 2x")).toEqual(["a.jpg?crop=faces,top", "b.jpg"]);
    expect(srcsetUrls("a.jpg 1x,b.jpg 2x")).toEqual(["a.jpg", "b.jpg"]);
    expect(srcsetUrls("a.jpg")).toEqual(["a.jpg"]);
  });
});

describe("createLinkChecker", () => {
  it("accepts files, folder indexes with or without slash, redirects, fragments on their page, the site's own origin; skips other origins and schemes", () => {
    const report = check(
      {
        "index.html": html(
          `<a href="/kinoprogram">p</a><a href="/kinoprogram/">p</a><a href="/film-dxm-1/#tickets">t</a><a href="/article/filmprek:-dune">a</a><a href="/gammel">r</a>` +
            `<a href="https://kino.example/kinoprogram">abs</a><a href="https://annen.example/x">ext</a><a href="mailto:a@b.example">m</a><a href="#top">top</a><a href="/search?q=x">s</a>`,
        ),
        "kinoprogram/index.html": html(""),
        "film-dxm-1/index.html": html('<section id="tickets"></section>'),
        "article/filmprek:-dune/index.html": html(""),
        "search/index.html": html(""),
        "assets/site.css": "",
      },
      ["/gammel"],
    );
    expect(report.broken).toEqual([]);
    // 8 internal links on the front page (not the other origin, not mailto) and each page's stylesheet.
    expect(report.checked).toBe(13);
    expect(report.pages).toBe(5);
  });

  it("reports a missing page, a missing file and a missing fragment, with page, url, attribute and reason", () => {
    const report = check({
      "index.html": html('<a href="/finnes-ikke">x</a><img src="/bilde.jpg" alt=""><a href="/film/#billetter">b</a>'),
      "film/index.html": html('<div id="tickets"></div>'),
      "assets/site.css": "",
    });
    expect(report.broken).toEqual([
      { page: "/", url: "/finnes-ikke", from: "href", reason: "no page or file" },
      { page: "/", url: "/bilde.jpg", from: "src", reason: "no page or file" },
      { page: "/", url: "/film/#billetter", from: "href", reason: "no element with id 'billetter'" },
    ]);
  });

  it("still reports a malformed link to another host, and takes a rendered page's links as it brings them (no second scan)", () => {
    const page = html(
      '<a href="https://[uparsbar">x</a><a href="https://billett.example/kjop?id=1">kjøp</a><a href="/mangler">m</a>',
    );
    const report = check({ "index.html": page, "assets/site.css": "" });
    expect(report.broken).toEqual([
      { page: "/", url: "https://[uparsbar", from: "href", reason: "not a valid URL" },
      { page: "/", url: "/mangler", from: "href", reason: "no page or file" },
    ]);
    // The bytes say nothing here; the links the render thread read from the string are used.
    const checker = createLinkChecker({ siteUrl: "https://kino.example", redirects: [] });
    checker.add({ path: "index.html", contents: new TextEncoder().encode(html("")), links: extractLinks(page) });
    checker.add({ path: "assets/site.css", contents: "" });
    expect(checker.finish()).toMatchObject({ checked: report.checked, broken: report.broken });
  });

  it("passes the files through unchanged while watching a stream", async () => {
    const checker = createLinkChecker({ siteUrl: "https://kino.example", redirects: [] });
    const files = [
      { path: "index.html", contents: html('<a href="/x">x</a>') },
      { path: "x/index.html", contents: new TextEncoder().encode(html("")) },
      { path: "assets/site.css", contents: "" },
    ];
    const seen = [];
    for await (const file of checker.watch(files)) seen.push(file);
    expect(seen).toEqual(files);
    expect(checker.finish().broken).toEqual([]);
  });
});

describe("the build report's link lines", () => {
  it("lists the first five broken links and counts the rest", () => {
    const broken = Array.from({ length: 7 }, (_, i) => ({
      page: "/",
      url: `/mangler-${i}`,
      from: "href",
      reason: "no page or file",
    }));
    const lines = formatLinks({ pages: 3, checked: 40, broken, ms: 1 });
    expect(lines[0]).toBe(
      "  links: 7 broken internal links (40 internal links in 3 pages checked); visitors following them get the not-found page. Fix the link in the CMS; 'cinema-build lint' names the page, block and field of bound links:",
    );
    expect(lines.slice(1)).toEqual([
      ...broken.slice(0, 5).map((b) => `    on /: ${b.url} (href: no page or file)`),
      "    … and 2 more",
    ]);
    expect(formatLinks({ pages: 3, checked: 40, broken: [], ms: 1 })).toEqual([
      "  links: 40 internal links in 3 pages checked, none broken",
    ]);
  });
});
