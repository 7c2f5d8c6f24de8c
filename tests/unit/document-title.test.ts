/** The <title> rule (spec 2.3, 2.6; docs/spec-decisions.md "Page titles"): the resolved meta title, exactly. */
import { describe, expect, it } from "vitest";
import { documentTitleOf } from "../../src/render/document-title.js";

describe("document title", () => {
  it("is the page's meta title exactly, with no city appended ('Kommende filmer', spec 2.3)", () => {
    expect(documentTitleOf("Kommende filmer", "Solvik kino")).toBe("Kommende filmer");
    expect(documentTitleOf("Forside", "Solvik kino")).toBe("Forside");
  });

  it("keeps an article's meta title as its binding made it (spec 2.6: '<title> | <city>')", () => {
    expect(documentTitleOf("Personvernerklæring | Solvik", "Solvik kino")).toBe("Personvernerklæring | Solvik");
  });

  it("is the cinema's name for a page whose meta title is empty", () => {
    expect(documentTitleOf("  ", "Solvik kino")).toBe("Solvik kino");
  });
});
