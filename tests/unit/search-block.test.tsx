/**
 * The search-results block's server HTML: the search island with the index it loads, the
 * empty state the island hydrates, and what a site without an index shows.
 */
import { parse, type HTMLElement } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { buildContentSecurityPolicy } from "../../src/render/content-security-policy.js";
import { planHeaders } from "../../src/emit/headers.js";
import { block, page, partner, renderer, route, site } from "../fixtures/render/fixture.js";
import { islandPropsOf } from "../helpers/island-props.js";

function render(fields: Record<string, unknown>, overrides: Parameters<typeof renderer>[0] = {}): HTMLElement {
  return parse(
    renderer(overrides).render(
      page([
        block("search-field", { title: "", placeholder: "Søk", submitPath: "/search" }),
        block("search-results", fields),
      ]),
      route("/search"),
    ),
  ).querySelector("main")!;
}

describe("search-results block", () => {
  it("renders the search island with the index's base path, cache tag and the block's empty text", () => {
    const main = render({ title: "", emptyText: "Fant ingenting." });
    const marker = main.querySelector("[data-island=search]")!;
    expect(marker.getAttribute("data-island-src")).toBe("/assets/island-search.IJKLMNOP.js");
    expect(islandPropsOf(main, marker)).toEqual({
      basePath: "/assets/search/abcdef12/",
      cacheTag: "abcdef12",
      emptyText: "Fant ingenting.",
      hitLevel: 3,
      pageSize: 20,
    });
    // The empty state the island hydrates: a polite status line and an empty list.
    const status = marker.querySelector("[role=status]")!;
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.text).toBe("Skriv inn et søkeord for å søke i filmer, arrangementer og artikler.");
    expect(marker.querySelectorAll(".search-results__list > li")).toHaveLength(0);
    expect(main.querySelector(".search-results noscript")).not.toBeNull();
  });

  it("says that search is unavailable when the build made no index, and loads no island", () => {
    const main = render(
      { title: "", emptyText: "" },
      {
        assets: {
          css: "/assets/site.12345678.css",
          js: "/assets/boot.87654321.js",
          islands: { modal: "/assets/island-modal.ABCDEFGH.js", search: "/assets/island-search.IJKLMNOP.js" },
          islandImports: {},
          search: null,
        },
      },
    );
    expect(main.querySelector("[data-island=search]")).toBeNull();
    expect(main.querySelector(".search-results .search-status")!.text).toBe(
      "Søket er ikke tilgjengelig på dette nettstedet.",
    );
  });

  it("keeps the search field a plain GET form with the query in 'q', so it works without JavaScript", () => {
    const form = render({ title: "", emptyText: "" }).querySelector(".search-block form")!;
    expect(form.getAttribute("action")).toBe("/search");
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("role")).toBe("search");
    const input = form.querySelector("input[name=q]")!;
    expect(form.querySelector(`label[for="${input.getAttribute("id")}"]`)).not.toBeNull();
  });
});

describe("Content-Security-Policy of a site with search", () => {
  it("lets WebAssembly run (Pagefind's engine) only when the site publishes an index, and never allows eval", () => {
    const scriptSrc = (policy: string) => policy.split("; ").find((d) => d.startsWith("script-src "))!;
    expect(scriptSrc(buildContentSecurityPolicy(partner, site, [], [], [], [], { webAssembly: true }))).toContain(
      "'wasm-unsafe-eval'",
    );
    expect(scriptSrc(buildContentSecurityPolicy(partner, site))).not.toContain("wasm");
    expect(buildContentSecurityPolicy(partner, site, [], [], [], [], { webAssembly: true })).not.toContain(
      "'unsafe-eval'",
    );
  });

  it("puts it in _headers too, besides each page's <meta> policy (a browser obeys both)", () => {
    const headers = String(planHeaders({ partner, site, htmlPaths: ["/search"], webAssembly: true }).contents);
    expect(/Content-Security-Policy: (.+)/.exec(headers)![1]).toContain("'wasm-unsafe-eval'");
    expect(String(planHeaders({ partner, site, htmlPaths: ["/search"] }).contents)).not.toContain("wasm");
  });
});
