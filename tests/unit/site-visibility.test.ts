/** Whether search engines may index a site (spec 3.2, 4.3; src/model/site-visibility.ts). */
import { describe, expect, it } from "vitest";
import { isIndexable, visibilityNote } from "../../src/model/site-visibility.js";

describe("site visibility", () => {
  it("indexes only a published site on the 'production' stage", () => {
    expect(isIndexable({ published: true, stage: "production" })).toBe(true);
    expect(isIndexable({ published: false, stage: "production" })).toBe(false);
    expect(isIndexable({ published: true, stage: "staging" })).toBe(false);
  });

  it("gives the build report one line saying why search engines are kept out, and none for a live site", () => {
    expect(visibilityNote({ published: true, stage: "production" })).toBeNull();
    expect(visibilityNote({ published: false, stage: "production" })).toBe(
      'search engines are kept out: it is not published (site.published is false), so every page carries <meta name="robots" content="noindex"> and robots.txt disallows all',
    );
    expect(visibilityNote({ published: true, stage: "staging" })).toMatch(
      /^search engines are kept out: its stage is 'staging', not 'production'/,
    );
  });
});
