import { describe, expect, it } from "vitest";
import { parse } from "node-html-parser";
import { formatLastmod, planRobots, planSitemap } from "../../src/emit/sitemap.js";
import { escapeXml } from "../../src/isomorphic/url.js";

const siteUrl = "https://www.solvikkino.no";

/** A strict-enough XML check: one declaration, balanced tags, no raw '&' or '<' in text. */
function assertWellFormed(xml: string): void {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const body = xml.slice(xml.indexOf("\n") + 1);
  const stack: string[] = [];
  for (const token of body.matchAll(/<(\/?)([a-z]+)[^>]*>|([^<]+)/g)) {
    if (token[3] !== undefined) {
      expect(token[3]).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
      expect(token[3]).not.toMatch(/[<>"']/);
      continue;
    }
    if (token[1]) expect(stack.pop()).toBe(token[2]);
    else stack.push(token[2]);
  }
  expect(stack).toEqual([]);
}

function locs(xml: string): string[] {
  return parse(xml)
    .querySelectorAll("loc")
    .map((loc) => loc.text);
}

describe("sitemap", () => {
  const routes = [
    { path: "/" },
    { path: "/kinoprogram", lastmod: "2024-11-15 19:00:00" },
    { path: "/404.html" },
    { path: "/min-side" },
    { path: "/search" },
    { path: "/test" },
    { path: "/article/filmprek:-dune", lastmod: 1718445600000 },
    { path: "/kløver-og-ærlig-på-øya" },
    { path: "/tom-&-jerry's" },
    { path: "/gammelt-program" },
  ];
  const [file] = planSitemap({ siteUrl, routes, redirectFromPaths: ["/gammelt-program/"] });
  const xml = String(file.contents);

  it("lists exactly the public indexable routes, sorted, on siteUrl", () => {
    expect(file.path).toBe("sitemap.xml");
    assertWellFormed(xml);
    expect(locs(xml)).toEqual([
      "https://www.solvikkino.no/",
      "https://www.solvikkino.no/article/filmprek:-dune",
      "https://www.solvikkino.no/kinoprogram",
      "https://www.solvikkino.no/kl%C3%B8ver-og-%C3%A6rlig-p%C3%A5-%C3%B8ya",
      "https://www.solvikkino.no/tom-&-jerry's",
    ]);
  });

  it("percent-encodes Norwegian letters, keeps colons and XML-escapes & and '", () => {
    expect(xml).toContain("<loc>https://www.solvikkino.no/article/filmprek:-dune</loc>");
    expect(xml).toContain("<loc>https://www.solvikkino.no/kl%C3%B8ver-og-%C3%A6rlig-p%C3%A5-%C3%B8ya</loc>");
    expect(xml).toContain("<loc>https://www.solvikkino.no/tom-&amp;-jerry&apos;s</loc>");
    expect(escapeXml(`<a href="x">&'`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;");
  });

  it("writes lastmod as a W3C datetime with the Oslo offset, or UTC for epoch ms", () => {
    expect(xml).toContain(
      "<loc>https://www.solvikkino.no/kinoprogram</loc><lastmod>2024-11-15T19:00:00+01:00</lastmod>",
    );
    expect(xml).toContain("<lastmod>2024-06-15T10:00:00Z</lastmod>");
    expect(formatLastmod("2024-06-15 19:00:00")).toBe("2024-06-15T19:00:00+02:00");
    expect(formatLastmod("2024-06-15")).toBe("2024-06-15");
    expect(formatLastmod("i går")).toBeNull();
  });

  it("small inline snapshot of one entry", () => {
    const [small] = planSitemap({ siteUrl, routes: [{ path: "/kommende", lastmod: "2024-06-01" }] });
    expect(small.contents).toMatchInlineSnapshot(`
      "<?xml version="1.0" encoding="UTF-8"?>
      <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <url><loc>https://www.solvikkino.no/kommende</loc><lastmod>2024-06-01</lastmod></url>
      </urlset>
      "
    `);
  });

  it("splits above 50,000 URLs into an index and parts (120,000 routes)", () => {
    const many = Array.from({ length: 120_000 }, (_, i) => ({
      path: `/film-${String(i).padStart(6, "0")}`,
      lastmod: i === 119_999 ? "2024-06-01" : undefined,
    }));
    const files = planSitemap({ siteUrl, routes: many });
    expect(files.map((f) => f.path)).toEqual(["sitemap.xml", "sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml"]);
    const index = String(files[0].contents);
    assertWellFormed(index);
    expect(index).toContain("<sitemapindex");
    expect(locs(index)).toEqual([
      "https://www.solvikkino.no/sitemap-1.xml",
      "https://www.solvikkino.no/sitemap-2.xml",
      "https://www.solvikkino.no/sitemap-3.xml",
    ]);
    expect(index).toContain("<loc>https://www.solvikkino.no/sitemap-3.xml</loc><lastmod>2024-06-01</lastmod>");
    const counts = files.slice(1).map((f) => (String(f.contents).match(/<url>/g) ?? []).length);
    expect(counts).toEqual([50_000, 50_000, 20_000]);
    expect(String(files[1].contents)).toContain("/film-000000<");
    expect(String(files[3].contents)).toContain("/film-119999<");
    // Each part stays far below the protocol's 50 MB.
    for (const part of files) expect(Buffer.byteLength(String(part.contents))).toBeLessThan(50 * 1024 * 1024);
  });

  it("is deterministic (no build time in the output)", () => {
    const again = planSitemap({ siteUrl, routes: [...routes].reverse(), redirectFromPaths: ["/gammelt-program/"] });
    expect(again[0].contents).toBe(xml);
  });

  it("robots.txt names the sitemap", () => {
    expect(planRobots(siteUrl).contents).toMatchInlineSnapshot(`
      "User-agent: *
      Disallow: /min-side
      Disallow: /search

      Sitemap: https://www.solvikkino.no/sitemap.xml
      "
    `);
  });

  it("robots.txt of a site search engines are kept out of disallows all and names no sitemap (spec 3.2, 4.3)", () => {
    expect(planRobots(siteUrl, false).contents).toBe("User-agent: *\nDisallow: /\n");
  });
});
