/** The per-field text limit (src/validate/check-limits.ts): where a long text is, and how many are named. */
import { describe, expect, it } from "vitest";
import { checkLimits } from "../../src/validate/check-limits.js";
import { MAX_FIELD_CHARS } from "../../src/validate/limits.js";
import type { RawPartnerData } from "../../src/model/index.js";

const long = "x".repeat(MAX_FIELD_CHARS + 1);

function raw(parts: Partial<Record<"site" | "productions" | "articles", unknown>>): RawPartnerData {
  return {
    meta: { capturedAt: "2026-11-20T09:00:00+01:00", source: "snapshot" },
    site: (parts.site ?? { pages: [] }) as RawPartnerData["site"],
    events: { productions: (parts.productions ?? []) as RawPartnerData["events"]["productions"], events: [] },
    blockData: [],
    articles: (parts.articles ?? []) as RawPartnerData["articles"],
  };
}

describe("checkLimits: text fields", () => {
  it("names the file, record and field path of a long text, however deep", () => {
    const data = raw({
      site: { pages: [{ id: "p1", blocks: [{ data: ["a"] }, { meta: { title: long } }] }] },
      productions: [{ id: 1 }, { contents: [{ summary: "short" }, { summary: long }] }],
    });
    const messages = checkLimits(data, 178, "snapshot").map((error) => [
      error.location.file,
      error.location.record,
      error.location.field,
    ]);
    expect(messages).toEqual([
      ["snapshot/site.json", "pages[0]", "blocks[1].meta.title"],
      ["snapshot/events.json", "productions[1]", "contents[1].summary"],
    ]);
  });

  it("stops at 20 errors across the files, and passes texts at the limit", () => {
    const articles = Array.from({ length: 30 }, (_, i) => ({ id: i, content: long }));
    const errors = checkLimits(raw({ articles, productions: [{ text: long }] }), 178, "snapshot");
    expect(errors).toHaveLength(20);
    expect(errors[0].location).toMatchObject({ file: "snapshot/events.json", record: "productions[0]", field: "text" });
    expect(errors[19].location).toMatchObject({ file: "snapshot/articles.json", record: "[18]", field: "content" });
    expect(checkLimits(raw({ articles: [{ content: "x".repeat(MAX_FIELD_CHARS) }] }), 178, "snapshot")).toEqual([]);
  });
});
