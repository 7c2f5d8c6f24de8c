/**
 * Markdown fields (programme and card-list subtitles, spec 3.5: "markdown or HTML") to HTML.
 * A deliberately small subset: paragraphs, line breaks, **bold**, *emphasis* and
 * [links](url). HTML input is passed through; either way the result goes through the
 * sanitiser, so nothing here has to be safe on its own.
 */
import { escapeXml } from "../isomorphic/url.js";
import type { MemoSet } from "../shared/bounded-memo.js";
import { sanitizeCmsHtml } from "./sanitize.js";

function inline(text: string): string {
  return escapeXml(text)
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_all, label: string, href: string) => `<a href="${href}">${label}</a>`)
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/\*([^*]+)\*/g, "<em>$1</em>")
    .replace(/\n/g, "<br>");
}

/** `memos`: the renderer's, for the sanitiser (src/shared/bounded-memo.ts). */
export function renderMarkdown(value: unknown, memos?: MemoSet): string {
  if (typeof value !== "string" || value.trim() === "") return "";
  if (/<[a-z][\s\S]*>/i.test(value)) return sanitizeCmsHtml(value, undefined, memos);
  const paragraphs = value
    .trim()
    .split(/\n\s*\n/)
    .map((block) => `<p>${inline(block.trim())}</p>`);
  return sanitizeCmsHtml(paragraphs.join(""), undefined, memos);
}
