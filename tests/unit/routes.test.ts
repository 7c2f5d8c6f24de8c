import { describe, expect, it } from "vitest";
import { routeParamFor } from "../../src/query/index.js";
import {
  expandRoutes,
  fillParam,
  jsonNameOf,
  paramNamesOf,
  routeFile,
  type SelectRecords,
} from "../../src/routes/index.js";
import { BuildErrors } from "../../src/errors/index.js";
import { cmsPage as page } from "../helpers/cms-page.js";

const filmPage = page("/:production", [
  {
    name: "production",
    model: "production",
    collection: false,
    filter: [
      { property: "object", operator: "eq", value: "movie" },
      { property: "parentSlug", operator: "eq", value: "@production" },
    ],
  },
  { name: "events", model: "event", collection: true, filter: [] },
]);
const articlePage = page("/article/:slug", [
  {
    name: "article",
    model: "article",
    collection: false,
    filter: [{ property: "slug", operator: "eq", value: "@slug" }],
  },
]);

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
    const routes = expandRoutes({
      partner: 178,
      pages: [page("/"), page("/404.html"), filmPage, articlePage],
      selectRecords: select,
    });
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
    expect(() => expandRoutes({ partner: 178, pages: [page("/:culture")], selectRecords: select })).toThrow(
      /no non-collection source filters on '@culture'/,
    );
  });
});

describe("route parameters in the spec's own forms (docs/data-format.md)", () => {
  const articleFilter = [{ property: "slug", operator: "eq" as const, value: "@slug" }];
  const specArticlePage = page("/article/:article", [
    { name: "article", model: "article", collection: false, filter: articleFilter },
  ]);
  const hyphenArticlePage = page("/article-:slug", [
    { name: "article", model: "article", collection: false, filter: articleFilter },
  ]);
  const one =
    (records: Record<string, unknown>[]): SelectRecords =>
    () =>
      records;

  it("reads a parameter at a segment's start or after a hyphen, not a colon inside a static path", () => {
    expect(paramNamesOf("/article/:article")).toEqual(["article"]);
    expect(paramNamesOf("/article-:slug")).toEqual(["slug"]);
    expect(paramNamesOf("/:production")).toEqual(["production"]);
    expect(paramNamesOf("/article/filmprek:-dune")).toEqual([]);
    expect(paramNamesOf("/article/filmprek:dune")).toEqual([]);
    expect(fillParam("/article-:slug", "slug", "info-om-cookies")).toBe("/article-info-om-cookies");
  });

  it("'@name' on a one-parameter page is that parameter, whatever it is called", () => {
    expect(routeParamFor("slug", ["article"])).toBe("article");
    expect(routeParamFor("production", ["production"])).toBe("production");
    expect(routeParamFor("slug", [])).toBeNull();
    expect(routeParamFor("slug", ["a", "b"])).toBeNull();
  });

  it("expands '/article/:article' filtered by 'slug eq @slug' (spec 2.6, 3.3) and '/article-:slug' (the other reading)", () => {
    const records = [
      { id: "a1", slug: "filmprek:-dune" },
      { id: "a2", slug: "personvernerklaering" },
    ];
    const spec = expandRoutes({ partner: 5150, pages: [specArticlePage], selectRecords: one(records) });
    expect(spec.map((r) => [r.path, r.kind, r.file, r.params])).toEqual([
      ["/article/filmprek:-dune", "article", "article/filmprek:-dune/index.html", { article: "filmprek:-dune" }],
      [
        "/article/personvernerklaering",
        "article",
        "article/personvernerklaering/index.html",
        { article: "personvernerklaering" },
      ],
    ]);
    const hyphen = expandRoutes({ partner: 5150, pages: [hyphenArticlePage], selectRecords: one(records) });
    expect(hyphen.map((r) => r.path)).toEqual(["/article-filmprek:-dune", "/article-personvernerklaering"]);
  });

  it("gives both film-code forms of spec 2.6 their own pages", () => {
    const films = [
      { id: "1_movie_movie", object: "movie", parentSlug: "havets-hjerte-dxm-52000001" },
      { id: "2_movie_movie", object: "movie", parentSlug: "nattsvermer-DXM52000002" },
    ];
    expect(
      expandRoutes({ partner: 5150, pages: [filmPage], selectRecords: one(films) }).map((r) => [r.path, r.kind]),
    ).toEqual([
      ["/havets-hjerte-dxm-52000001", "film"],
      ["/nattsvermer-DXM52000002", "film"],
    ]);
  });
});
