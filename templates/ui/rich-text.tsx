/** CMS HTML after the sanitiser (src/render/sanitize.ts): the only HTML templates inject. */
import { sanitizeCmsHtml } from "../../src/render/sanitize.js";
import { renderMarkdown } from "../../src/render/markdown.js";

export function RichText({ html, className = "rich-text" }: { html: unknown; className?: string }) {
  const clean = sanitizeCmsHtml(html);
  if (clean === "") return null;
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}

export function MarkdownText({ markdown, className = "rich-text lead" }: { markdown: unknown; className?: string }) {
  const clean = renderMarkdown(markdown);
  if (clean === "") return null;
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
