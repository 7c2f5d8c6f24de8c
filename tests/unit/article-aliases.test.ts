/** Both readings of an article's path answer (spec 2.6; src/routes/article-aliases.ts). */
import { describe, expect, it } from "vitest";
import { articleAliasRedirects, otherArticlePath, type Route } from "../../src/routes/index.js";
import { MAX_REDIRECTS } from "../../src/validate/limits.js";

const route = (path: string, kind: Route["kind"] = "article") => ({ path, kind }) as Route;

describe("article aliases", () => {
  it("sends '/article-{slug}' to '/article/{slug}' for every article, a colon in the slug kept", () => {
    const routes = [
      route("/article/filmprek:-dune"),
      route("/article/personvernerklaering"),
      route("/kinoprogram", "static"),
    ];
    expect(articleAliasRedirects(routes, [])).toEqual([
      { fromPath: "/article-filmprek:-dune", toPath: "/article/filmprek:-dune" },
      { fromPath: "/article-personvernerklaering", toPath: "/article/personvernerklaering" },
    ]);
  });

  it("leaves the editors' own entry, a page at the alias, and a redirected article alone", () => {
    const routes = [
      route("/article/a"),
      route("/article/b"),
      route("/article/c"),
      route("/article-c", "static"),
      route("/article/d"),
    ];
    const table = [
      { fromPath: "/article-a/", toPath: "/article/a" },
      { fromPath: "/article/b", toPath: "/article/ny-b" },
    ];
    expect(articleAliasRedirects(routes, table)).toEqual([{ fromPath: "/article-d", toPath: "/article/d" }]);
  });

  it("adds none to an editors' table already over the limit, so its error counts their entries", () => {
    const table = Array.from({ length: MAX_REDIRECTS + 1 }, (_, i) => ({ fromPath: `/gammel-${i}`, toPath: "/" }));
    expect(articleAliasRedirects([route("/article/a")], table)).toEqual([]);
  });

  it("reads the other form both ways", () => {
    expect(otherArticlePath("/article/x")).toBe("/article-x");
    expect(otherArticlePath("/article-x")).toBe("/article/x");
    expect(otherArticlePath("/artikler/x")).toBeNull();
  });
});
