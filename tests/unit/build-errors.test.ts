import { describe, expect, it } from "vitest";
import { BuildError, BuildErrors } from "../../src/errors/index.js";

describe("BuildErrors", () => {
  it("prints errors equal but for their page once, counting the other pages, and keeps every error", () => {
    const at = (pagePath: string, field = "bindings.title") =>
      new BuildError("unknown source 'x'", { partner: 178, pagePath, blockId: "b1", component: "movie-cover", field });
    const errors = new BuildErrors(
      [at("/a"), at("/b"), at("/c"), at("/d"), at("/e"), at("/a", "bindings.text")],
      "partner 178: 6 routes failed",
    );
    expect(errors.errors).toHaveLength(6);
    expect(errors.format().split("\n")).toEqual([
      "partner 178: 6 routes failed:",
      "  - partner 178, page /a, block b1 (movie-cover), field bindings.title: unknown source 'x' (the same on 4 more pages: /b, /c, /d, …)",
      "  - partner 178, page /a, block b1 (movie-cover), field bindings.text: unknown source 'x'",
    ]);
  });

  it("keeps errors without a page apart even when their text is equal", () => {
    const error = new BuildError("invalid JSON", { partner: 178, file: "site.json" });
    expect(new BuildErrors([error, error]).format().split("\n")).toHaveLength(3);
  });
});
