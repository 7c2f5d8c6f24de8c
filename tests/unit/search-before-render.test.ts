/**
 * When the build has the search index before it renders (src/search/search-index.ts
 * FINISH_BEFORE_RENDER_FROM): a large index is finished first, so Pagefind's peak and the
 * render's do not add up; a small one is built beside the render. Pagefind and the disk memo
 * are replaced here: what is tested is the decision, and that the files still arrive.
 */
import { describe, expect, it, vi } from "vitest";
import type { SearchRecord } from "../../src/search/search-records.js";

const added: string[] = [];
vi.mock("pagefind", () => ({
  createIndex: async () => ({
    errors: [],
    index: {
      addHTMLFile: async ({ url }: { url: string }) => (added.push(url), { errors: [] }),
      getFiles: async () => ({
        errors: [],
        files: [
          { path: "pagefind-entry.json", content: new TextEncoder().encode('{"languages":{"nb":{"wasm":"nb"}}}') },
          { path: "pagefind.js", content: new Uint8Array([1]) },
          { path: "wasm.nb.pagefind", content: new Uint8Array([2]) },
        ],
      }),
      deleteIndex: async () => undefined,
    },
  }),
  close: async () => undefined,
}));
vi.mock("../../src/search/search-index-memo.js", () => ({
  memoisedIndexFiles: (_hash: string, make: () => Promise<unknown>) => make(),
}));

const { FINISH_BEFORE_RENDER_FROM, startSearchIndex } = await import("../../src/search/search-index.js");

const records = (count: number): SearchRecord[] =>
  Array.from({ length: count }, (_, i) => ({
    url: `/film-${String(i).padStart(5, "0")}`,
    kind: "film",
    title: `Film ${i}`,
    typeLabel: "Film",
    date: null,
    dateText: null,
    text: "",
  }));

describe("the search index before the render", () => {
  it("is waited for from FINISH_BEFORE_RENDER_FROM records, not below", async () => {
    expect(FINISH_BEFORE_RENDER_FROM).toBeGreaterThan(2_500); // 2,000 films: built beside the render (measured)
    expect(FINISH_BEFORE_RENDER_FROM).toBeLessThan(11_000); // 10,000 films: finished first (measured)
    const below = startSearchIndex({ records: records(FINISH_BEFORE_RENDER_FROM - 1), language: "nb" });
    const at = startSearchIndex({ records: records(FINISH_BEFORE_RENDER_FROM), language: "nb" });
    expect([below.finishBeforeRender, at.finishBeforeRender]).toEqual([false, true]);
    // Either way every record reaches Pagefind and the index's files come back under its folder.
    const [belowFiles, atFiles] = await Promise.all([below.files, at.files]);
    expect(added).toHaveLength(2 * FINISH_BEFORE_RENDER_FROM - 1);
    expect(atFiles.map((file) => file.path)).toEqual([
      `${at.assets.basePath.slice(1)}pagefind-entry.json`,
      `${at.assets.basePath.slice(1)}pagefind.js`,
      `${at.assets.basePath.slice(1)}wasm.nb.pagefind`,
    ]);
    expect(belowFiles).toHaveLength(3);
  });
});
