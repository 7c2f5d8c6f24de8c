/**
 * The allowlist for CMS rich text (content body, article content, movie-info body, modal
 * body, markdown subtitles). Everything not listed is dropped: scripts, styles, forms, event
 * handler attributes, javascript: and data: URLs, iframes from hosts that are not video hosts.
 * The footer's html item is the one exception and never passes through here (spec 2.7).
 * What is dropped never takes the editor's text with it (docs/rendering.md, Sanitiser allowlist): an unclosed raw-text
 * element (<style>, <script>, <textarea> …) loses its opening tag only, a link without a usable
 * href becomes its text, an image without a usable src becomes its alt text. findHtmlLosses
 * names each case for lint.
 * The list is documented in docs/rendering.md; keep the two in step.
 */
import { Parser } from "htmlparser2";
import { pageAddress } from "../isomorphic/url.js";
import sanitizeHtml from "sanitize-html";
import { memoKind, type BoundedMemo, type MemoSet } from "../shared/bounded-memo.js";

/** Video hosts whose players may be embedded. */
export const VIDEO_IFRAME_HOSTS = [
  "www.youtube.com",
  "youtube.com",
  "www.youtube-nocookie.com",
  "youtube-nocookie.com",
  "player.vimeo.com",
  "vimeo.com",
];

const LINK_SCHEMES = ["http", "https", "mailto", "tel"] as const;

/** Elements whose content the HTML parser reads as raw text up to their closing tag. */
const RAW_TEXT_TAGS = [
  "style",
  "script",
  "textarea",
  "title",
  "xmp",
  "noscript",
  "noembed",
  "noframes",
  "iframe",
  "template",
  "plaintext",
];

/** An href a visitor can follow: a relative URL, a fragment, or one of the allowed schemes. */
export function isUsableHref(href: string | undefined): boolean {
  const value = (href ?? "").trim();
  if (value === "") return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value);
  return scheme === null
    ? !value.startsWith("//")
    : (LINK_SCHEMES as readonly string[]).includes(scheme[1].toLowerCase());
}

/** An image source that can load: an absolute http(s) URL or a path on the site ('/media/…'). */
export function isUsableImageSrc(src: string | undefined): boolean {
  const value = (src ?? "").trim();
  return /^https?:\/\/[^/\s]/i.test(value) || /^\/(?!\/)\S/.test(value);
}

/** Raw-text elements opened and never closed: the parser would swallow everything after them. */
export function unclosedRawTextTags(html: string): { tag: string; index: number; length: number }[] {
  const found: { tag: string; index: number; length: number }[] = [];
  const open = new RegExp(`<(${RAW_TEXT_TAGS.join("|")})\\b[^>]*>`, "gi");
  for (let match = open.exec(html); match; match = open.exec(html)) {
    const tag = match[1].toLowerCase();
    const close = new RegExp(`</${tag}\\s*>`, "i");
    const after = html.slice(match.index + match[0].length);
    const closed = close.exec(after);
    if (!closed) {
      found.push({ tag, index: match.index, length: match[0].length });
      continue;
    }
    // The content of a closed raw-text element is not markup: skip past it.
    open.lastIndex = match.index + match[0].length + closed.index + closed[0].length;
  }
  return found;
}

/** Elements whose content is code, not text for a visitor. */
const CODE_TAGS = new Set(["style", "script", "template"]);

/**
 * The HTML with the opening tags of unclosed raw-text elements removed, so the text after them
 * stays. The content of an unclosed <style> or <script> up to the next tag is code and goes too.
 */
export function closeRawText(html: string): string {
  const unclosed = unclosedRawTextTags(html);
  let out = html;
  for (const { tag, index, length } of unclosed.reverse()) {
    let end = index + length;
    if (CODE_TAGS.has(tag)) {
      const next = out.indexOf("<", end);
      end = next < 0 ? out.length : next;
    }
    out = out.slice(0, index) + out.slice(end);
  }
  return out;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "small",
    "sub",
    "sup",
    "mark",
    "blockquote",
    "q",
    "cite",
    "abbr",
    "code",
    "pre",
    "span",
    "div",
    "ul",
    "ol",
    "li",
    "dl",
    "dt",
    "dd",
    "a",
    "img",
    "figure",
    "figcaption",
    "table",
    "caption",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
    "iframe",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading", "decoding"],
    iframe: ["src", "title", "width", "height", "allow", "allowfullscreen", "loading", "referrerpolicy"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    ol: ["start", "reversed"],
    abbr: ["title"],
    // An editor's Arabic or Sámi paragraph keeps its direction and language (alignment, the
    // full stop's side, the screen reader's voice); a dir other than ltr/rtl/auto goes ("*" below).
    "*": ["style", "dir", "lang"],
  },
  allowedStyles: { "*": { "text-align": [/^(left|right|center|justify)$/] } },
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: { img: ["http", "https"], iframe: ["https"] },
  allowProtocolRelative: false,
  allowedIframeHostnames: VIDEO_IFRAME_HOSTS,
  allowIframeRelativeUrls: false,
  // An iframe whose src was not a video host loses its src; drop the empty frame too.
  // An iframe whose src was not a video host loses its src; drop the empty frame too, and an
  // empty plain span (what an image without a usable src and without alt text leaves).
  exclusiveFilter: (frame) =>
    (frame.tag === "iframe" && !frame.attribs.src) ||
    (frame.tag === "span" && Object.keys(frame.attribs).length === 0 && frame.text.trim() === ""),
  transformTags: {
    "*": (tagName, attribs) =>
      attribs.dir === undefined || /^(ltr|rtl|auto)$/i.test(attribs.dir)
        ? { tagName, attribs }
        : { tagName, attribs: withoutDir(attribs) },
    // The page's own heading is the only h1.
    h1: "h2",
    // A link that leads nowhere would look clickable and do nothing: keep its text only.
    a: (tagName, attribs) =>
      isUsableHref(attribs.href) ? { tagName, attribs: linkAttributes(attribs) } : { tagName: "span", attribs: {} },
    // An image that cannot load would show as a broken-image icon: keep its alt text only.
    img: (tagName, attribs) =>
      isUsableImageSrc(attribs.src)
        ? { tagName, attribs: { ...attribs, loading: "lazy", decoding: "async", alt: attribs.alt ?? "" } }
        : { tagName: "span", attribs: {}, text: attribs.alt ?? "" },
    iframe: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, loading: "lazy", title: attribs.title || "Innebygd video" },
    }),
  },
};

function withoutDir({ dir: _dir, ...rest }: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  return rest;
}

function linkAttributes(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const external = /^https?:\/\//i.test(attribs.href ?? "");
  // A site path in the address form every host serves without a redirect (src/isomorphic/url.ts).
  if (attribs.href?.startsWith("/") && !attribs.href.startsWith("//"))
    attribs = { ...attribs, href: pageAddress(attribs.href) };
  const newWindow = attribs.target === "_blank";
  const { target: _target, rel: _rel, ...rest } = attribs;
  return {
    ...rest,
    ...(newWindow ? { target: "_blank" } : {}),
    ...(external || newWindow ? { rel: "noopener" } : {}),
  };
}

/** The pixel size of an image the build knows (the partner's local media, a CDN URL with w and h), or null. */
export type ImageSizeOf = (src: string) => { width: number; height: number } | null;

/**
 * CMS HTML reduced to the allowlist. With `sizeOf`, an image without width and height gets
 * the size the build knows for it, so the browser reserves its box before it loads (docs/performance.md:
 * an article image shifted the text below it, CLS 0.056).
 */
export function sanitizeCmsHtml(html: unknown, sizeOf?: ImageSizeOf, memos?: MemoSet): string {
  if (typeof html !== "string" || html.trim() === "") return "";
  // The same body or summary is shown on its own page and in every listing of it: sanitised
  // once per build, in the renderer's memos (the result depends on the text and the sizes the
  // build knows, one `sizeOf` per renderer, so one memo per `sizeOf`).
  const sanitize = (text: string) => sanitizeOnce(text, sizeOf);
  const memo: BoundedMemo<string, string> | undefined =
    memos && (sizeOf ? memos.ofOwner(SANITIZED, sizeOf) : memos.of(SANITIZED));
  return memo ? memo.get(html, sanitize) : sanitize(html);
}

function sanitizeOnce(html: string, sizeOf: ImageSizeOf | undefined): string {
  const options = sizeOf
    ? { ...OPTIONS, transformTags: { ...OPTIONS.transformTags, img: sizedImage(sizeOf) } }
    : OPTIONS;
  // An image dropped without alt text leaves an empty span (sanitize-html's filter does not see
  // a transformed void element): remove it.
  return sanitizeHtml(closeRawText(html), options)
    .replace(/<span><\/span>/g, "")
    .trim();
}

function sizedImage(sizeOf: ImageSizeOf): sanitizeHtml.Transformer {
  const plain = OPTIONS.transformTags!.img as (tagName: string, attribs: sanitizeHtml.Attributes) => sanitizeHtml.Tag;
  return (tagName, attribs) => {
    const tag = plain(tagName, attribs);
    if (tag.tagName !== "img" || tag.attribs.width || tag.attribs.height) return tag;
    const size = sizeOf(tag.attribs.src ?? "");
    return size ? { ...tag, attribs: { ...tag.attribs, width: String(size.width), height: String(size.height) } } : tag;
  };
}

/** Memo of sanitizeCmsHtml, bounded so a partner with 10,000 films does not keep every text twice. */
const SANITIZED = memoKind<string, string>("sanitizeCmsHtml", 20_000);

/**
 * What the sanitiser changes in a way an editor would not expect, one sentence each, for lint
 * (docs/rendering.md, Sanitiser allowlist). Dropped scripts, handlers and styles are not listed: they are meant to go.
 */
export function findHtmlLosses(html: unknown): string[] {
  if (typeof html !== "string" || html.trim() === "") return [];
  const losses = unclosedRawTextTags(html).map(
    ({ tag }) =>
      `<${tag}> is never closed, so a browser would hide all text after it; ${CODE_TAGS.has(tag) ? "the tag and its code are" : "the tag is"} dropped and the text after kept`,
  );
  let link: { href: string | undefined; text: string } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === "a") link = { href: attribs.href, text: "" };
        // 'media:<path>' names a file of the partner's media folder, which the build's media
        // stage turns into a site path before the sanitiser sees it (src/media/).
        if (name === "img" && !isUsableImageSrc(attribs.src) && !attribs.src?.startsWith("media:")) {
          const alt = attribs.alt?.trim();
          losses.push(
            `image with src ${JSON.stringify(attribs.src ?? "")} cannot load; it is dropped${alt ? ` and its alt text '${alt}' shown` : ""} (use an https:// URL)`,
          );
        }
      },
      ontext(text) {
        if (link) link.text += text;
      },
      onclosetag(name) {
        if (name !== "a" || !link) return;
        if (!isUsableHref(link.href)) {
          const text = link.text.replace(/\s+/g, " ").trim();
          losses.push(
            `link '${text}' has ${link.href === undefined || link.href.trim() === "" ? "no href" : `the unusable href ${JSON.stringify(link.href)}`}; it is shown as plain text`,
          );
        }
        link = null;
      },
    },
    { decodeEntities: true },
  );
  parser.write(closeRawText(html));
  parser.end();
  return losses;
}
