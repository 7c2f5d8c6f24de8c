/** Broken internal links: a warning naming the first pages, and --strict's failure (src/links/broken-links-warning.ts, src/cli/commands.ts). */
import { describe, expect, it } from "vitest";
import { failOnBrokenLinks } from "../../src/cli/commands.js";
import { reportError } from "../../src/errors/report-error.js";
import { BuildError } from "../../src/errors/index.js";
import { brokenLinksWarning, type BrokenLink } from "../../src/links/index.js";

const link = (page: string, url = "/finnes-ikke"): BrokenLink => ({
  page,
  url,
  from: "href",
  reason: "no page or file",
});

describe("brokenLinksWarning", () => {
  it("says nothing when no link is broken", () => {
    expect(brokenLinksWarning({ broken: [] })).toBeNull();
  });

  it("counts the links and names the first pages and the first link", () => {
    const broken = [
      link("/kinoprogram"),
      link("/kinoprogram", "/gammel"),
      link("/filmer"),
      link("/eventer"),
      link("/kommende"),
      link("/babykino"),
    ];
    expect(brokenLinksWarning({ broken })).toBe(
      "6 broken internal links on 5 pages (/kinoprogram, /filmer, /eventer and 2 more); the first: /finnes-ikke on /kinoprogram (no page or file). Visitors following them get the not-found page; the report lists them",
    );
    expect(brokenLinksWarning({ broken: [link("/om-kinoen")] })).toMatch(
      /^1 broken internal link on 1 page \(\/om-kinoen\);/,
    );
  });
});

describe("--strict", () => {
  it("fails the build with exit 1 on a broken link, naming it and its page", () => {
    const error = (() => {
      try {
        failOnBrokenLinks({ partner: 178, links: { pages: 2, checked: 10, ms: 1, broken: [link("/filmer")] } });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(BuildError);
    const lines: string[] = [];
    expect(reportError(error, { write: (text: string) => lines.push(text) } as unknown as NodeJS.WritableStream)).toBe(
      1,
    );
    expect(lines.join("")).toMatch(/--strict: 1 broken internal link, the first on \/filmer: \/finnes-ikke/);
  });

  it("passes a build without broken links", () => {
    expect(() =>
      failOnBrokenLinks({ partner: 178, links: { pages: 2, checked: 10, ms: 1, broken: [] } }),
    ).not.toThrow();
  });
});
