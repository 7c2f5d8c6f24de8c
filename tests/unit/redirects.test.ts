import { describe, expect, it } from "vitest";
import { parse } from "node-html-parser";
import { planRedirects, redirectKey, redirectPageFile } from "../../src/emit/redirects.js";
import { BuildErrors } from "../../src/errors/index.js";

const pages = new Set(["/", "/kinoprogram", "/priser-og-rabatter", "/gavekort-pa-kino", "/om-kinoen", "/film-i-kveldslys", "/ringenes-herre-maraton", "/404.html"]);
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
  const plan = planRedirects(table, pages, { siteUrl });

  it("writes one sorted _redirects rule per applied entry, non-ASCII percent-encoded", () => {
    expect(fileOf(plan, "_redirects")).toMatchInlineSnapshot(`
      "/billetter https://billett.kinoplattform.example/solvik 301
      /gammelt-program/ /kinoprogram 301
      /kl%C3%B8verkino /om-kinoen 301
      /ringenes-herre /ringenes-herre-maraton 301
      "
    `);
  });

  it("skips trailing-slash twins of real pages: no rule, no page, not in redirects.json", () => {
    expect(plan.skipped.map((skip) => skip.redirect.fromPath)).toEqual(["/priser-og-rabatter/", "/gavekort-pa-kino/", "/om-kinoen/", "/film-i-kveldslys/"]);
    expect(plan.skipped[0].reason).toMatch(/trailing slash/);
    expect(plan.skipped.map((skip) => skip.kind)).toEqual(["twin", "twin", "twin", "twin"]);
    const paths = plan.files.map((file) => file.path);
    for (const twin of ["priser-og-rabatter/index.html", "gavekort-pa-kino/index.html", "om-kinoen/index.html", "film-i-kveldslys/index.html"]) {
      expect(paths).not.toContain(twin);
    }
    expect(JSON.parse(fileOf(plan, "redirects.json"))).toEqual([
      { fromPath: "/billetter", toPath: "https://billett.kinoplattform.example/solvik" },
      { fromPath: "/gammelt-program/", toPath: "/kinoprogram" },
      { fromPath: "/kløverkino", toPath: "/om-kinoen" },
      { fromPath: "/ringenes-herre", toPath: "/ringenes-herre-maraton" },
    ]);
  });

  it("writes a meta-refresh page at every applied fromPath, as a folder index", () => {
    expect(plan.files.map((file) => file.path).sort()).toEqual([
      "_redirects",
      "billetter/index.html",
      "gammelt-program/index.html",
      "kløverkino/index.html",
      "redirects.json",
      "ringenes-herre/index.html",
    ]);
    const root = parse(fileOf(plan, "kløverkino/index.html"));
    expect(root.querySelector('meta[http-equiv="refresh"]')?.getAttribute("content")).toBe("0; url=/om-kinoen");
    expect(root.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe("https://www.solvikkino.no/om-kinoen");
    expect(root.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex");
    expect(root.querySelector("a")?.getAttribute("href")).toBe("/om-kinoen");
    expect(root.querySelector("html")?.getAttribute("lang")).toBe("nb");
  });

  it("never writes over a page: an exact fromPath of a page is skipped too", () => {
    const result = planRedirects([{ fromPath: "/kinoprogram", toPath: "/filmer" }], pages);
    expect(result.files.map((file) => file.path)).not.toContain("kinoprogram/index.html");
    expect(result.skipped[0].reason).toMatch(/page wins/);
    expect(result.skipped[0].kind).toBe("shadowed");
  });

  it("warns about targets that are not pages", () => {
    const result = planRedirects([{ fromPath: "/a", toPath: "/finnes-ikke" }], pages);
    expect(result.warnings).toEqual(["redirect /a → /finnes-ikke: the target is not a page of this build"]);
  });

  it("rejects chains and loops, naming the entries", () => {
    const chain = () => planRedirects([{ fromPath: "/a", toPath: "/b" }, { fromPath: "/b", toPath: "/kinoprogram" }], pages);
    expect(chain).toThrow(BuildErrors);
    expect(chain).toThrow(/redirect chain: \/a → \/b, \/b → \/kinoprogram/);
    const loop = () => planRedirects([{ fromPath: "/a", toPath: "/b/" }, { fromPath: "/b", toPath: "/a" }], pages);
    expect(loop).toThrow(/redirect loop: \/a → \/b\/, \/b → \/a/);
    expect(() => planRedirects([{ fromPath: "/x/", toPath: "/x" }], pages)).toThrow(/redirects to itself/);
  });

  it("collects every bad entry before failing", () => {
    try {
      planRedirects(
        [
          { fromPath: "/a", toPath: "/b" },
          { fromPath: "/a/", toPath: "/c" },
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
        "one fromPath has two different targets: /a → /b, /a/ → /c",
        "fromPath must not contain '.' or '..' segments: /../etc → /",
        "toPath must be a site path ('/…') or an https URL: /d → javascript:alert(1)",
      ]);
    }
  });

  it("is deterministic whatever the input order", () => {
    const reversed = planRedirects([...table].reverse(), pages, { siteUrl });
    expect(reversed.files.filter((f) => !f.path.endsWith(".html"))).toEqual(plan.files.filter((f) => !f.path.endsWith(".html")));
  });

  it("keys paths by decoded form without trailing slash", () => {
    expect(redirectKey("/om-kinoen/")).toBe("/om-kinoen");
    expect(redirectKey("/kl%C3%B8ver")).toBe("/kløver");
    expect(redirectKey("/")).toBe("/");
    expect(redirectPageFile("/gammel.html")).toBe("gammel.html");
    expect(redirectPageFile("/kl%C3%B8ver/")).toBe("kløver/index.html");
  });
});
