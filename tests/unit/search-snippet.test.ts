import { describe, expect, it } from "vitest";
import { SNIPPET_WORDS, splitHitText, type TextPart } from "../../templates/islands/search-snippet.js";

const text = (parts: TextPart[]) => parts.map((part) => part.text).join("");
const marked = (parts: TextPart[]) => parts.filter((part) => part.mark).map((part) => part.text);

describe("splitHitText (search hit title and snippet as text parts)", () => {
  it("marks title words matched in the title part of the content, and the body matches in the snippet", () => {
    // Pagefind's content: the <h1> title followed by '.', then the body.
    const content = "Bamse og havet. Bjørnen Bamse drar på tur til havet med kinoen.";
    const hit = splitHitText("Bamse og havet", content, [0, 4, 11]);
    expect(text(hit.title)).toBe("Bamse og havet");
    expect(marked(hit.title)).toEqual(["Bamse"]);
    expect(text(hit.snippet)).toBe("Bjørnen Bamse drar på tur til havet med kinoen.");
    expect(marked(hit.snippet)).toEqual(["Bamse", "kinoen"]);
  });

  it("keeps punctuation around a matched word outside the mark", () => {
    const hit = splitHitText("Tittel", "Tittel. Vi sees på «kinoen».", [4]);
    expect(hit.snippet).toEqual([
      { text: "Vi sees på «", mark: false },
      { text: "kinoen", mark: true },
      { text: "».", mark: false },
    ]);
  });

  it("shows a window around the densest matches, with ellipses where text is cut", () => {
    const filler = Array.from({ length: 60 }, (_, i) => `ord${i}`);
    const words = ["Tittel.", ...filler.slice(0, 40), "jazz", "og", "jazz", ...filler.slice(40)];
    const hit = splitHitText("Tittel", words.join(" "), [41, 43]);
    const snippet = text(hit.snippet);
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
    expect(snippet.split(" ")).toHaveLength(SNIPPET_WORDS);
    expect(marked(hit.snippet)).toEqual(["jazz", "jazz"]);
  });

  it("skips a body that opens by repeating the title", () => {
    const hit = splitHitText("Nye seter i sal 2", "Nye seter i sal 2. Nye seter i sal 2. Nå sitter du godt.", [1, 6]);
    expect(text(hit.snippet)).toBe("Nå sitter du godt.");
    expect(marked(hit.title)).toEqual(["seter"]);
  });

  it("starts the snippet at the body when only the title matched", () => {
    const hit = splitHitText("Jazzkveld", "Jazzkveld. Konsert i kulturhuset.", [0]);
    expect(marked(hit.title)).toEqual(["Jazzkveld"]);
    expect(hit.snippet).toEqual([{ text: "Konsert i kulturhuset.", mark: false }]);
  });

  it("keeps markup in the content as text (the island renders parts as text nodes)", () => {
    const hit = splitHitText("Tom & Jerry <3", "Tom & Jerry <3. <b>fet</b> <script>alert(1)</script>", [4]);
    expect(text(hit.title)).toBe("Tom & Jerry <3");
    expect(text(hit.snippet)).toBe("<b>fet</b> <script>alert(1)</script>");
    expect(marked(hit.snippet)).toEqual(["b>fet</b"]);
  });

  it("marks nothing in the title when the content does not start with it", () => {
    const hit = splitHitText("Annen tittel", "Helt annen tekst om kino.", [4]);
    expect(marked(hit.title)).toEqual([]);
    expect(marked(hit.snippet)).toEqual(["kino"]);
  });
});
