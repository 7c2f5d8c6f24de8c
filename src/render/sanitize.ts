/**
 * The allowlist for CMS rich text (content body, article content, movie-info body, modal
 * body, markdown subtitles). Everything not listed is dropped: scripts, styles, forms, event
 * handler attributes, javascript: and data: URLs, iframes from hosts that are not video hosts.
 * The footer's html item is the one exception and never passes through here (spec 2.7).
 * The list is documented in docs/rendering.md; keep the two in step.
 */
import sanitizeHtml from "sanitize-html";

/** Video hosts whose players may be embedded. */
export const VIDEO_IFRAME_HOSTS = ["www.youtube.com", "youtube.com", "www.youtube-nocookie.com", "youtube-nocookie.com", "player.vimeo.com", "vimeo.com"];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p", "br", "hr", "h2", "h3", "h4", "h5", "h6", "strong", "b", "em", "i", "u", "s", "small", "sub", "sup", "mark",
    "blockquote", "q", "cite", "abbr", "code", "pre", "span", "div", "ul", "ol", "li", "dl", "dt", "dd",
    "a", "img", "figure", "figcaption", "table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td", "iframe",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading", "decoding"],
    iframe: ["src", "title", "width", "height", "allow", "allowfullscreen", "loading", "referrerpolicy"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    ol: ["start", "reversed"],
    abbr: ["title"],
    "*": ["style"],
  },
  allowedStyles: { "*": { "text-align": [/^(left|right|center|justify)$/] } },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"], iframe: ["https"] },
  allowProtocolRelative: false,
  allowedIframeHostnames: VIDEO_IFRAME_HOSTS,
  allowIframeRelativeUrls: false,
  // An iframe whose src was not a video host loses its src; drop the empty frame too.
  exclusiveFilter: (frame) => frame.tag === "iframe" && !frame.attribs.src,
  transformTags: {
    // The page's own heading is the only h1.
    h1: "h2",
    a: (tagName, attribs) => ({ tagName, attribs: linkAttributes(attribs) }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy", decoding: "async", alt: attribs.alt ?? "" } }),
    iframe: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy", title: attribs.title || "Innebygd video" } }),
  },
};

function linkAttributes(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const external = /^https?:\/\//i.test(attribs.href ?? "");
  const newWindow = attribs.target === "_blank";
  const { target: _target, rel: _rel, ...rest } = attribs;
  return {
    ...rest,
    ...(newWindow ? { target: "_blank" } : {}),
    ...(external || newWindow ? { rel: "noopener" } : {}),
  };
}

/** CMS HTML reduced to the allowlist. */
export function sanitizeCmsHtml(html: unknown): string {
  if (typeof html !== "string" || html.trim() === "") return "";
  return sanitizeHtml(html, OPTIONS).trim();
}
