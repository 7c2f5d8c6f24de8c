/**
 * The footer html item (spec 2.7: "injects a third-party deep-linking and marketing script"),
 * restricted to what that needs (docs/security.md): <script src> from the hosts the partner allows in
 * `contentSecurity.scriptHosts` (the CSP's script hosts), plus the rich-text tags a small
 * widget uses. No inline script, no event handler, no javascript: or data: URL, no style
 * element, no frames or forms. Everything else is dropped, and each dropped part is reported
 * so lint and build can name the item. Its own allowlist, separate from the CMS rich-text one
 * (src/render/sanitize.ts), because only here is a script ever allowed.
 */
import sanitizeHtml from "sanitize-html";
import { memoised, memoKind, type MemoSet } from "../shared/bounded-memo.js";

export interface FooterHtmlResult {
  /** The HTML to insert. */
  html: string;
  /** What was dropped, e.g. "inline <script>", "onerror handler on <img>"; sorted, once each. */
  dropped: string[];
}

const TAGS = ["p", "br", "span", "div", "strong", "b", "em", "i", "small", "a", "img", "ul", "ol", "li", "script"];
// id, class and data-* run no script, and a widget finds its mount point by them (spec 2.7:
// '<div id="dl-banner" data-partner="118">'), so they stay on every element as written.
const COMMON = ["id", "class", "data-*", "title", "aria-label", "aria-hidden", "role"];

/**
 * data-* names the site's own scripts read (islands, consent, the profile link, analytics,
 * image fallbacks, the page loader, carousels, ad slots): dropped from the footer item, so its
 * markup cannot pose as one of ours (docs/spec-decisions.md "Footer html item").
 */
const RESERVED_DATA =
  /^data-(?:island|consent|profile|analytics|page|choice|fallback|carousel|ready|ad-|json-name|route-kind|layout|pixel-id)/i;

/** An element's attributes without the reserved data-* names. */
function withoutReservedData(attribs: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(attribs).filter(([name]) => !RESERVED_DATA.test(name)));
}
const ATTRIBUTES: Record<string, string[]> = {
  a: ["href", "target", "rel", ...COMMON],
  img: ["src", "alt", "width", "height", "loading", "decoding", ...COMMON],
  script: ["src", "async", "defer", "type", "crossorigin", "integrity", "referrerpolicy", "data-*"],
  "*": COMMON,
};

/** The footer html item reduced to its allowlist, with what was dropped. */
export function sanitizeFooterHtml(html: string, scriptHosts: readonly string[], memos?: MemoSet): FooterHtmlResult {
  // The footer is on every page: each item is sanitised once per build, in the renderer's memos (the result is not mutated).
  return memoised(memos, SANITIZED, `${scriptHosts.join(" ")}\n${html}`, () => sanitizeOnce(html, scriptHosts));
}
const SANITIZED = memoKind<string, FooterHtmlResult>("sanitizeFooterHtml", 100);

function sanitizeOnce(html: string, scriptHosts: readonly string[]): FooterHtmlResult {
  const dropped = new Set<string>();
  const scriptAllowed = (src: string | undefined) => src !== undefined && allowsScript(src, scriptHosts);
  const clean = sanitizeHtml(html, {
    allowedTags: TAGS,
    allowedAttributes: ATTRIBUTES,
    allowedSchemes: ["https", "mailto", "tel"],
    allowedSchemesByTag: { img: ["https"], script: ["https"] },
    allowProtocolRelative: false,
    allowVulnerableTags: true,
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "title"],
    onOpenTag: (name, attribs) => noteDrops(name, attribs, scriptHosts, dropped),
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: withoutReservedData(attribs.target === "_blank" ? { ...attribs, rel: "noopener" } : attribs),
      }),
      "*": (tagName, attribs) => ({ tagName, attribs: withoutReservedData(attribs) }),
    },
    // A script element stays only with an allowed src and no inline code. (With a src the
    // inline text never runs, but code that looks as if it might is not shipped either.)
    exclusiveFilter: (frame) => {
      if (frame.tag !== "script") return false;
      if (frame.text.trim() !== "" && scriptAllowed(frame.attribs.src)) dropped.add("inline code inside <script src>");
      return !scriptAllowed(frame.attribs.src) || frame.text.trim() !== "";
    },
  }).trim();
  return { html: clean, dropped: [...dropped].sort() };
}

/**
 * A sanitised footer html item (sanitizeFooterHtml) in two parts: what only shows, written in
 * the page (its text is the partner's, visible with or without consent), and what loads from a
 * third party (its scripts, images from another host), held until the visitor consents
 * (templates/layout/footer.tsx, client/consent-scripts.ts). A widget's script finds its
 * container in the visible part, as it would in one piece.
 */
export function splitFooterHtml(html: string, memos?: MemoSet): { visible: string; held: string } {
  // The footer is on every page: each item is split once per build, in the renderer's memos.
  return memoised(memos, SPLITS, html, splitOnce);
}
const SPLITS = memoKind<string, { visible: string; held: string }>("splitFooterHtml", 100);

function splitOnce(html: string): { visible: string; held: string } {
  const external = (frame: sanitizeHtml.IFrame) => frame.tag === "img" && /^https?:/i.test(frame.attribs.src ?? "");
  const visible = sanitizeHtml(html, {
    allowedTags: TAGS.filter((tag) => tag !== "script"),
    allowedAttributes: ATTRIBUTES,
    allowedSchemes: ["https", "mailto", "tel"],
    allowedSchemesByTag: { img: ["https"] },
    allowProtocolRelative: false,
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "title"],
    exclusiveFilter: external,
  }).trim();
  const held = sanitizeHtml(html, {
    allowedTags: ["script", "img"],
    allowedAttributes: { script: ATTRIBUTES.script, img: ATTRIBUTES.img },
    allowedSchemesByTag: { img: ["https"], script: ["https"] },
    allowProtocolRelative: false,
    allowVulnerableTags: true,
    exclusiveFilter: (frame) => frame.tag === "img" && !external(frame),
    textFilter: () => "",
  }).trim();
  return { visible, held };
}

/** True when `src` is an https URL on one of the allowed script hosts ('https://*.example' included). */
export function allowsScript(src: string, scriptHosts: readonly string[]): boolean {
  if (!URL.canParse(src)) return false;
  const url = new URL(src);
  if (url.protocol !== "https:") return false;
  return scriptHosts.some((host) => {
    if (!URL.canParse(host.replace("*.", "wildcard."))) return false;
    const allowed = new URL(host.replace("*.", "wildcard."));
    if (allowed.protocol !== url.protocol || allowed.port !== url.port) return false;
    return host.includes("*.")
      ? url.hostname.endsWith(allowed.hostname.slice("wildcard".length))
      : url.hostname === allowed.hostname;
  });
}

function noteDrops(
  tag: string,
  attribs: Record<string, string>,
  scriptHosts: readonly string[],
  dropped: Set<string>,
): void {
  if (tag === "script") {
    if (attribs.src === undefined) dropped.add("inline <script>");
    else if (!allowsScript(attribs.src, scriptHosts))
      dropped.add(`<script> from ${hostOf(attribs.src)} (not in partner.json contentSecurity.scriptHosts)`);
  } else if (!TAGS.includes(tag)) {
    dropped.add(`<${tag}> element`);
  }
  const allowed = [...(ATTRIBUTES[tag] ?? []), ...ATTRIBUTES["*"]];
  for (const [name, value] of Object.entries(attribs)) {
    if (/^on/i.test(name)) dropped.add(`${name} handler on <${tag}>`);
    else if (RESERVED_DATA.test(name) && TAGS.includes(tag))
      dropped.add(`${name} attribute on <${tag}> (a name the site's own scripts read)`);
    else if (!allowed.includes(name) && !(name.startsWith("data-") && allowed.includes("data-*")) && TAGS.includes(tag))
      dropped.add(`${name} attribute on <${tag}>`);
    else if (
      (name === "href" || (name === "src" && tag !== "script")) &&
      /^(?:[a-z][a-z0-9+.-]*:|\/\/|\\)/i.test(value.trim()) &&
      !/^(https|mailto|tel):/i.test(value.trim())
    )
      dropped.add(`${name} '${value.slice(0, 40)}' on <${tag}>`);
  }
}

function hostOf(src: string): string {
  return URL.canParse(src) ? new URL(src).origin : `'${src.slice(0, 40)}'`;
}
