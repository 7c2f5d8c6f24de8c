import { describe, expect, it } from "vitest";
import { parse } from "node-html-parser";
import { planRedirects, redirectKey, redirectPageFile } from "../../src/emit/redirects.js";
import { BuildErrors } from "../../src/errors/index.js";
import { hostProfile } from "../../src/hosts/host-profile.js";

const pages = new Set([
  "/",
  "/kinoprogram",
  "/priser-og-rabatter",
  "/gavekort-pa-kino",
  "/om-kinoen",
  "/film-i-kveldslys",
  "/ringenes-herre-maraton",
  "/404.html",
]);
const table = [
  { fromPath: "/priser-og-rabatter/", toPath: "/priser-og-rabatter" },
  { fromPath: "/gavekort-pa-kino/", toPath: "/gavekort-pa-kino" },
  { fromPath: "/om-kinoen/", toPath: "/om-kinoen" },
  { fromPath: "/film-i-kveldslys/", toPath: "/film-i-kveldslys" },
  { fromPath: "/ringenes-herre", toPath: "/ringenes-herre-maraton" },
  { fromPath: "/gammelt-program/", toPath: "/kinoprogram" },
  { fromPath: "/kløverkino", toPath: "/om-kinoen" },
  { fromPath: "/billetter", toPath: "https://billett.kinoplattform.example/solvik" },
];
const siteUrl = "https://www.solvikkino.no";

function fileOf(plan: ReturnType<typeof planRedirects>, path: string): string {
  const file = plan.files.find((candidate) => candidate.path === path);
  if (!file) throw new Error(`no ${path}`);
  return String(file.contents);
}

describe("planRedirects", () => {
  const plan = planRedirects(table, pages, { siteUrl, host: hostProfile("static") });

  it("writes one sorted _redirects rule per applied entry for Netlify, forced so that no file shadows it", () => {
    const netlify = planRedirects(table, pages, { siteUrl, host: hostProfile("netlify") });
    expect(fileOf(netlify, "_redirects")).toMatchInlineSnapshot(`
      "/billetter https://billett.kinoplattform.example/solvik 301!
      /gammelt-program/ /kinoprogram 301!
      /kl%C3%B8verkino /om-kinoen 301!
      /ringenes-herre /ringenes-herre-maraton 301!
      "
    `);
    expect(netlify.files.map((file) => file.path).sort()).toEqual(["_redirects", "redirects.json"]);
  });

  it("writes both slash forms for Cloudflare, which matches a rule's path exactly", () => {
    const cloudflare = planRedirects(table, pages, { siteUrl, host: hostProfile("cloudflare") });
    expect(fileOf(cloudflare, "_redirects")).toMatchInlineSnapshot(`
      "/billetter https://billett.kinoplattform.example/solvik 301
      /billetter/ https://billett.kinoplattform.example/solvik 301
      /gammelt-program /kinoprogram 301
      /gammelt-program/ /kinoprogram 301
      /kl%C3%B8verkino /om-kinoen 301
      /kl%C3%B8verkino/ /om-kinoen 301
      /ringenes-herre /ringenes-herre-maraton 301
      /ringenes-herre/ /ringenes-herre-maraton 301
      "
    `);
    expect(cloudflare.files.map((file) => file.path).sort()).toEqual(["_redirects", "redirects.json"]);
  });

  it("skips trailing-slash twins of real pages: no rule, no page, not in redirects.json", () => {
    expect(plan.skipped.map((skip) => skip.redirect.fromPath)).toEqual([
      "/priser-og-rabatter/",
      "/gavekort-pa-kino/",
      "/om-kinoen/",
      "/film-i-kveldslys/",
    ]);
    expect(plan.skipped[0].reason).toMatch(/trailing slash/);
    expect(plan.skipped.map((skip) => skip.kind)).toEqual(["twin", "twin", "twin", "twin"]);
    const paths = plan.files.map((file) => file.path);
    for (const twin of [
      "priser-og-rabatter/index.html",
      "gavekort-pa-kino/index.html",
      "om-kinoen/index.html",
      "film-i-kveldslys/index.html",
    ]) {
      expect(paths).not.toContain(twin);
    }
    expect(JSON.parse(fileOf(plan, "redirects.json"))).toEqual([
      { fromPath: "/billetter", toPath: "https://billett.kinoplattform.example/solvik" },
      { fromPath: "/gammelt-program/", toPath: "/kinoprogram" },
      { fromPath: "/kløverkino", toPath: "/om-kinoen" },
      { fromPath: "/ringenes-herre", toPath: "/ringenes-herre-maraton" },
    ]);
  });

  it("writes a meta-refresh page at every applied fromPath for a static host, as a folder index", () => {
    expect(plan.files.map((file) => file.path).sort()).toEqual([
      "billetter/index.html",
      "gammelt-program/index.html",
      "kløverkino/index.html",
      "redirects.json",
      "ringenes-herre/index.html",
    ]);
    const root = parse(fileOf(plan, "kløverkino/index.html"));
    // Without JavaScript the refresh; with it, a script that keeps the visitor's query and fragment.
    expect(root.querySelector("noscript")?.innerHTML).toBe('<meta http-equiv="refresh" content="0; url=/om-kinoen">');
    expect(root.querySelector("script")?.textContent).toContain('var t="/om-kinoen";location.replace(t+');
    expect(root.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
      "https://www.solvikkino.no/om-kinoen",
    );
    expect(root.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex");
    expect(root.querySelector("a")?.getAttribute("href")).toBe("/om-kinoen");
    expect(root.querySelector("html")?.getAttribute("lang")).toBe("nb");
  });

  it("applies an entry whose fromPath is a page (spec 2.1), with a warning unless it says shadowsPage", () => {
    const result = planRedirects([{ fromPath: "/kinoprogram", toPath: "/filmer" }], pages, {
      host: hostProfile("static"),
    });
    expect(result.table).toEqual([{ fromPath: "/kinoprogram", toPath: "/filmer" }]);
    expect(result.shadowing.map((entry) => entry.fromPath)).toEqual(["/kinoprogram"]);
    // The page keeps its file on a host without rules: its boot script sends the visitor on.
    expect(result.files.map((file) => file.path)).not.toContain("kinoprogram/index.html");
    expect(result.warnings.join("\n")).toMatch(/the page at \/kinoprogram is no longer reached/);
    const meant = planRedirects([{ fromPath: "/kinoprogram", toPath: "/filmer", shadowsPage: true }], pages);
    expect(meant.warnings.filter((w) => w.includes("no longer reached"))).toEqual([]);
    expect(
      fileOf(
        planRedirects([{ fromPath: "/kinoprogram", toPath: "/filmer" }], pages, { host: hostProfile("netlify") }),
        "_redirects",
      ),
    ).toBe("/kinoprogram /filmer 301!\n");
  });

  it("warns about targets that are not pages", () => {
    const result = planRedirects([{ fromPath: "/a", toPath: "/finnes-ikke" }], pages);
    expect(result.warnings).toEqual(["redirect /a → /finnes-ikke: the target is not a page of this build"]);
  });

  it("collapses a chain to its final target, and leaves a loop's entries out with a warning", () => {
    const chain = planRedirects(
      [
        { fromPath: "/a", toPath: "/b" },
        { fromPath: "/b", toPath: "/c" },
        { fromPath: "/c", toPath: "/kinoprogram" },
      ],
      pages,
    );
    expect(chain.table).toEqual([
      { fromPath: "/a", toPath: "/kinoprogram" },
      { fromPath: "/b", toPath: "/kinoprogram" },
      { fromPath: "/c", toPath: "/kinoprogram" },
    ]);
    expect(chain.warnings).toEqual([]);
    const loop = planRedirects(
      [
        { fromPath: "/a", toPath: "/b/" },
        { fromPath: "/b", toPath: "/a" },
        { fromPath: "/x/", toPath: "/x" },
        { fromPath: "/ok", toPath: "/kinoprogram" },
      ],
      pages,
    );
    expect(loop.table).toEqual([{ fromPath: "/ok", toPath: "/kinoprogram" }]);
    expect(loop.skipped.map((s) => [s.index, s.kind])).toEqual([
      [0, "loop"],
      [1, "loop"],
      [2, "loop"],
    ]);
    expect(loop.warnings[0]).toBe(
      "redirect /a → /b/ (site.redirects[0]) left out: part of a redirect loop, which would send visitors round forever",
    );
  });

  it("lets the first entry for a fromPath win, with a warning naming both", () => {
    const result = planRedirects(
      [
        { fromPath: "/a", toPath: "/kinoprogram" },
        { fromPath: "/a/", toPath: "/om-kinoen" },
        { fromPath: "/a", toPath: "/kinoprogram" },
      ],
      pages,
    );
    expect(result.table).toEqual([{ fromPath: "/a", toPath: "/kinoprogram" }]);
    expect(result.warnings).toEqual([
      "redirect /a/ → /om-kinoen (site.redirects[1]) left out: site.redirects[0] already sends '/a' to '/kinoprogram'; the first entry wins",
    ]);
  });

  it("collects every entry of unusable form before failing", () => {
    try {
      planRedirects(
        [
          { fromPath: "/a", toPath: "/b" },
          { fromPath: "/../etc", toPath: "/" },
          { fromPath: "/d", toPath: "javascript:alert(1)" },
        ],
        pages,
      );
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(BuildErrors);
      const messages = (error as BuildErrors).errors.map((e) => e.message);
      expect(messages).toEqual([
        "fromPath must not contain '.' or '..' segments: /../etc → /",
        "toPath must be a site path ('/…') or an https URL: /d → javascript:alert(1)",
      ]);
    }
  });

  it("is deterministic whatever the input order", () => {
    const reversed = planRedirects([...table].reverse(), pages, { siteUrl, host: hostProfile("static") });
    expect(reversed.files.filter((f) => !f.path.endsWith(".html"))).toEqual(
      plan.files.filter((f) => !f.path.endsWith(".html")),
    );
  });

  it("keys paths by decoded form without trailing slash", () => {
    expect(redirectKey("/om-kinoen/")).toBe("/om-kinoen");
    expect(redirectKey("/kl%C3%B8ver")).toBe("/kløver");
    expect(redirectKey("/")).toBe("/");
    expect(redirectPageFile("/gammel.html")).toBe("gammel.html");
    expect(redirectPageFile("/kl%C3%B8ver/")).toBe("kløver/index.html");
  });
});
