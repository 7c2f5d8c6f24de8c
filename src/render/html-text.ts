import { compile } from "html-to-text";
import { closeRawText } from "./sanitize.js";
import { memoised, memoKind, type MemoSet } from "../shared/bounded-memo.js";

/**
 * html-to-text follows HTML's inline/block semantics: inline tags join their text without a
 * space ('<strong>norsk tale</strong>.' gives 'norsk tale.'), blocks and <br> break lines
 * (collapsed to one space below). Links keep their text only, images and list markers go,
 * headings keep their case. Compiled once.
 */
const toText = compile({
  wordwrap: false,
  decodeEntities: true,
  selectors: [
    { selector: "a", options: { ignoreHref: true } },
    { selector: "img", format: "skip" },
    { selector: "ul", options: { itemPrefix: " " } },
    ...["h1", "h2", "h3", "h4", "h5", "h6"].map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: "table", format: "dataTable", options: { uppercaseHeaderCells: false } },
    // Blocks html-to-text does not know as such: '<dt>_ga</dt><dd>Google Analytics</dd>' is
    // '_ga Google Analytics', not '_gaGoogle Analytics'.
    ...["dl", "dt", "dd", "figure", "figcaption", "address", "details", "summary", "caption"].map((selector) => ({
      selector,
      format: "block",
    })),
  ],
});

/**
 * Plain text from CMS HTML, for meta descriptions, JSON-LD and card texts (the `text` filter).
 * `memos`: the build's (src/shared/bounded-memo.ts), kept by the resolver or the renderer.
 */
export function stripHtml(html: string, memos?: MemoSet): string {
  // Most values (titles, summaries) carry no markup: skip the parser for them.
  if (!/[<&]/.test(html)) return html.replace(/\s+/g, " ").trim();
  // A summary is stripped for every page and listing that shows it: once per build is enough.
  return memoised(memos, STRIPPED, html, stripMarkup);
}

function stripMarkup(html: string): string {
  // An unclosed <style> would swallow the rest of the text here too (docs/rendering.md, Sanitiser allowlist).
  return toText(closeRawText(html)).replace(/\s+/g, " ").trim();
}

/** Memo of stripHtml, bounded so a partner with 10,000 films does not keep every text twice. */
const STRIPPED = memoKind<string, string>("stripHtml", 20_000);

/**
 * Shortens text to at most `max` characters at a word boundary, ending in '…' when cut
 * (meta descriptions: 160, docs/bindings.md).
 */
export function truncateText(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const head = chars.slice(0, max - 1).join("");
  const space = head.lastIndexOf(" ");
  const cut = space > max / 2 ? head.slice(0, space) : head;
  return `${cut.replace(/[\s,.;:–-]+$/, "")}…`;
}
