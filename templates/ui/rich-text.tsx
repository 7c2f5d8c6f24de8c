/** CMS HTML after the sanitiser (src/render/sanitize.ts): the only HTML templates inject. */
import { useContext } from "react";
import { sizeOf } from "../../src/isomorphic/image-url.js";
import { sanitizeCmsHtml, type ImageSizeOf } from "../../src/render/sanitize.js";
import { renderMarkdown } from "../../src/render/markdown.js";
import { RenderContext, type SiteView } from "../context.js";
import { useMemos } from "../memo-context.js";

export function RichText({ html, className = "rich-text" }: { html: unknown; className?: string }) {
  const site = useContext(RenderContext)?.site;
  const clean = sanitizeCmsHtml(html, site ? imageSizeOf(site) : undefined, useMemos());
  if (clean === "") return null;
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}

export function MarkdownText({ markdown, className = "rich-text lead" }: { markdown: unknown; className?: string }) {
  const clean = renderMarkdown(markdown, useMemos());
  if (clean === "") return null;
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/**
 * Sizes the build knows: the partner's local media (the catalogue), or a CDN URL's own w and h.
 * One function per site view, so the sanitiser's memo (per function) holds across pages.
 */
function imageSizeOf(site: SiteView): ImageSizeOf {
  let sizer = sizers.get(site);
  if (!sizer) sizers.set(site, (sizer = sizerOf(site)));
  return sizer;
}
const sizers = new WeakMap<SiteView, ImageSizeOf>();

function sizerOf(site: SiteView): ImageSizeOf {
  return (src) => {
    const media = site.media[src];
    if (media) return { width: media.width, height: media.height };
    const size = src.startsWith(`${site.cdnHost}/`) ? sizeOf(src, { width: 1, height: 1 }) : null;
    return size && /[?&]h=\d/.test(src) ? size : null;
  };
}
