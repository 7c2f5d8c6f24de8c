/** The <title> rule (issue 13 item 7, docs/spec-decisions.md): '<page title> | <city>' on every page. */
import { describe, expect, it } from "vitest";
import { documentTitleOf } from "../../src/render/document-title.js";

describe("document title", () => {
  it("adds the city to every page title, the front page's 'Forside' too", () => {
    expect(documentTitleOf("Forside", "Solvik")).toBe("Forside | Solvik");
    expect(documentTitleOf("Kinoprogram", "Solvik")).toBe("Kinoprogram | Solvik");
  });

  it("keeps an article's meta title exactly as spec 2.6 makes it (no second suffix)", () => {
    expect(documentTitleOf("Personvernerklæring | Solvik", "Solvik")).toBe("Personvernerklæring | Solvik");
  });

  it("is the city alone for a page without a title", () => {
    expect(documentTitleOf("  ", "Solvik")).toBe("Solvik");
  });
});
