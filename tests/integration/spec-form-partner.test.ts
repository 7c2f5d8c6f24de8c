/**
 * Partner 5150 (tests/fixtures/partners/5150, written by build-5150.ts) uses the
 * specification's own forms rather than our generator's (docs/data-format.md): the article page
 * '/article/:article' filtered by 'slug eq @slug', both film-code forms, a colon in a slug,
 * null lists of spec 4.2, and the culture programme's link bound as '/' + parentSlug, which
 * leads nowhere (the link check, docs/architecture.md). It must build and lint; lint and the build report name that link.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse, type HTMLElement } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, type BuildResult } from "../../src/build.js";
import { formatBuildReport } from "../../src/cli/build-report.js";
import { lintPartner, type LintResult } from "../../src/lint/index.js";
import { findBrokenInternalLinks } from "../helpers/links.js";

const partnersDir = path.resolve("tests/fixtures/partners");
let root: string;
let out: string;
let result: BuildResult;
let lint: LintResult;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "cb-5150-"));
  out = path.join(root, "site");
  [result, lint] = await Promise.all([
    build({ partner: "5150", partnersDir, source: "snapshot", out }),
    lintPartner({ partner: "5150", partnersDir }),
  ]);
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function page(routePath: string): Promise<HTMLElement> {
  const file = routePath === "/" ? "index.html" : `${routePath.slice(1)}/index.html`;
  return parse(await readFile(path.join(out, file), "utf8"));
}

describe("partner 5150: data in the spec's own form builds", () => {
  it("publishes articles at /article/{slug} from '/article/:article' + 'slug eq @slug', a colon in the slug kept", async () => {
    for (const [slug, title] of [
      ["filmprek:-havets-hjerte", "Filmprek: Havets hjerte"],
      ["personvernerklaering", "Personvernerklæring"],
    ]) {
      const doc = await page(`/article/${slug}`);
      expect(doc.querySelector("title")!.text).toBe(`${title} | Fjordby`);
      expect(doc.querySelector("main")!.text).toContain(title);
    }
    expect(result.routes.article).toBe(2);
  });

  it("reads a '(?i)' regex filter as case-insensitive: the front page's news leaves out the privacy statement", async () => {
    expect(
      (await page("/")).querySelectorAll(".block--card-list a[href^='/article/']").map((a) => a.getAttribute("href")),
    ).toEqual(["/article/filmprek:-havets-hjerte"]);
  });

  it("gives both film-code forms (dxm- and DXM) and the culture production their pages", async () => {
    expect((await page("/havets-hjerte-dxm-52000001")).querySelector("h1")!.text).toContain("Havets hjerte");
    const nattsvermer = await page("/nattsvermer-DXM52000002");
    expect(nattsvermer.querySelector("h1")!.text).toContain("Nattsvermer");
    // Its one showing names the production embedded, not by id: it is still linked to the film.
    expect(nattsvermer.querySelectorAll("[data-ticket-id]").map((slot) => slot.getAttribute("data-ticket-id"))).toEqual(
      ["e-5150000700201"],
    );
    expect((await page("/jazzkveld-med-fjordby-storband-k7f3a9b")).querySelector("h1")!.text).toContain("Jazzkveld");
    expect(result.routes).toMatchObject({ film: 3, culture: 1, "not-found": 1 });
  });

  it("reads null lists as empty (spec 4.2): the upcoming film keeps its placeholder, its page has no features", async () => {
    expect(
      (await page("/kommende")).querySelectorAll("[data-ticket-id]").map((slot) => slot.getAttribute("data-ticket-id")),
    ).toEqual(["mc-103_movie_movie_coming"]);
    const doc = await page("/sommerlys-dxm-52000003");
    expect(doc.querySelector("h1")!.text).toContain("Sommerlys");
    expect(doc.querySelector('meta[name="keywords"]')?.getAttribute("content") ?? "").toBe("");
  });

  it("lints with one finding: the culture programme's link to nowhere, naming page, block, field, an example and the fix", () => {
    expect(lint.errors).toBe(0);
    expect(lint.findings).toEqual([
      {
        severity: "warning",
        partner: 5150,
        pagePath: "/kulturprogram",
        blockId: "c-program",
        component: "culture-program",
        field: "bindings.events.item.link",
        message: "1 of 1 link leads to no page, e.g. '/jazzkveld-med-fjordby-storband'",
        hint: "'/jazzkveld-med-fjordby-storband' is a culture production's parentSlug; its page is at its pageReference '/jazzkveld-med-fjordby-storband-k7f3a9b': bind '/{@pageReference ?? @parentSlug}'",
      },
    ]);
  });

  it("counts exactly that one broken link in the build report, listed with its page", async () => {
    expect(result.links.broken).toEqual([
      { page: "/kulturprogram", url: "/jazzkveld-med-fjordby-storband", from: "href", reason: "no page or file" },
    ]);
    expect(result.links.checked).toBeGreaterThan(100);
    const report = formatBuildReport(result);
    expect(report).toContain(
      `  links: 1 broken internal link (${result.links.checked} internal links in ${result.links.pages} pages checked)`,
    );
    expect(report).toContain("    on /kulturprogram: /jazzkveld-med-fjordby-storband (href: no page or file)");
    expect(report).toContain(
      "  data: 7 CMS pages, 3 films, 1 culture events, 4 showings, 1 upcoming film with no showing yet (shown by premiere date), 2 articles, 0 redirects",
    );
    // The same checker over the folder on disk agrees with the one in the emit stream.
    expect(await findBrokenInternalLinks(out, "https://www.fjordbykino.example")).toEqual([
      "/kulturprogram: /jazzkveld-med-fjordby-storband",
    ]);
  });
});
