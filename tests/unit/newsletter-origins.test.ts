/**
 * The newsletter island posts to the news-subscribe block's action URL with fetch, so the
 * Content-Security-Policy's connect-src must name that origin (docs/spec-decisions.md, client).
 */
import { describe, expect, it } from "vitest";
import { newsletterOrigins } from "../../src/build/site-files.js";
import type { Dataset } from "../../src/model/index.js";

const blockOf = (component: string, data: string[], hide = false) => ({ id: data[0], component, hide, data });
const literal = (binding: string) => ({ action: { binding, source: null } });

describe("newsletterOrigins", () => {
  it("lists the https origins of visible news-subscribe blocks' literal actions, sorted and once", () => {
    const dataset = {
      site: {
        pages: [
          { blocks: [blockOf("news-subscribe", ["a"]), blockOf("news-subscribe", ["b"]), blockOf("content", ["c"])] },
          { blocks: [blockOf("news-subscribe", ["d"], true), blockOf("news-subscribe", ["e"]), blockOf("news-subscribe", ["f"])] },
        ],
      },
      blockData: {
        a: { id: "a", locale: "nb", bindings: literal("https://nyhetsbrev.example/solvik") },
        b: { id: "b", locale: "nb", bindings: literal("https://nyhetsbrev.example/andre") },
        c: { id: "c", locale: "nb", bindings: literal("https://content.example/x") },
        d: { id: "d", locale: "nb", bindings: literal("https://hidden.example/x") },
        e: { id: "e", locale: "nb", bindings: literal("http://plain.example/x") },
        f: { id: "f", locale: "nb", bindings: { action: { binding: "@link", source: "articles" } } },
      },
    } as unknown as Dataset;
    expect(newsletterOrigins(dataset)).toEqual(["https://nyhetsbrev.example"]);
  });
});
