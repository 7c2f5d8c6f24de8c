import { describe, expect, it } from "vitest";
import { expandRoutes, jsonNameOf, routeFile, type SelectRecords } from "../../src/routes/index.js";
import { BuildErrors } from "../../src/errors/index.js";
import type { Page } from "../../src/model/index.js";

function page(path: string, sources: Page["sources"] = []): Page {
  return { id: `id${path}`, title: path, path, layout: "page-header-footer", pageType: "ordinary", template: { rows: [] }, sources, blocks: [], meta: { data: {} } };
}
const filmPage = page("/:production", [
  { name: "production", model: "production", collection: false, filter: [{ property: "object", operator: "eq", value: "movie" }, { property: "parentSlug", operator: "eq", value: "@production" }] },
  { name: "events", model: "event", collection: true, filter: [] },
]);
const articlePage = page("/article/:slug", [{ name: "article", model: "article", collection: false, filter: [{ property: "slug", operator: "eq", value: "@slug" }] }]);

const records: Record<string, Record<string, unknown>[]> = {
  "/:production": [{ id: "1_movie_movie", object: "movie", parentSlug: "dune-dxm-00012345" }],
  "/article/:slug": [{ id: "a1", slug: "filmprek:-dune" }],
};
const select: SelectRecords = (p) => records[p.path] ?? [];

describe("routes", () => {
  it("writes every path as a folder index, .html paths as files", () => {
    expect(routeFile("/")).toBe("index.html");
    expect(routeFile("/kinoprogram")).toBe("kinoprogram/index.html");
    expect(routeFile("/priser-og-rabatter/")).toBe("priser-og-rabatter/index.html");
    expect(routeFile("/404.html")).toBe("404.html");
    expect(jsonNameOf("/")).toBe("index");
    expect(jsonNameOf("/article/filmprek:-dune")).toBe("article/filmprek:-dune");
  });

  it("expands static, film, article and not-found routes", () => {
    const routes = expandRoutes({ partner: 178, pages: [page("/"), page("/404.html"), filmPage, articlePage], selectRecords: select });
    expect(routes.map((r) => [r.path, r.kind, r.file])).toEqual([
      ["/", "static", "index.html"],
      ["/404.html", "not-found", "404.html"],
      ["/article/filmprek:-dune", "article", "article/filmprek:-dune/index.html"],
      ["/dune-dxm-00012345", "film", "dune-dxm-00012345/index.html"],
    ]);
    expect(routes.find((r) => r.kind === "film")?.params).toEqual({ production: "dune-dxm-00012345" });
  });

  it("fails when two routes resolve to one path, naming both", () => {
    const clash: SelectRecords = () => [{ id: "9_movie_movie", object: "movie", parentSlug: "kinoprogram" }];
    const error = (() => {
      try {
        expandRoutes({ partner: 178, pages: [page("/kinoprogram"), filmPage], selectRecords: clash });
      } catch (e) {
        return e as BuildErrors;
      }
    })();
    expect(error).toBeInstanceOf(BuildErrors);
    const text = error!.format();
    expect(text).toContain("same path '/kinoprogram'");
    expect(text).toContain("page '/kinoprogram'");
    expect(text).toContain("production '9_movie_movie'");
  });

  it("rejects a record whose parameter is not a usable path segment", () => {
    const bad: SelectRecords = () => [{ id: "3_movie_movie", object: "movie", parentSlug: "../etc" }];
    expect(() => expandRoutes({ partner: 178, pages: [filmPage], selectRecords: bad })).toThrow(/3_movie_movie/);
  });

  it("fails when a parameterised page has no source for its parameter", () => {
    expect(() => expandRoutes({ partner: 178, pages: [page("/:culture")], selectRecords: select })).toThrow(/no non-collection source filters on '@culture'/);
  });
});
