/** One URL a page refers to, with the element and attribute it came from. */
export interface PageLink {
  url: string;
  /** The attribute it came from ('href', 'src', 'srcset', 'action', 'poster'), for the report. */
  from: string;
}

export interface ExtractedLinks {
  links: PageLink[];
  /** Every id of the page: fragment targets. */
  ids: Set<string>;
}

/**
 * One pass over the document: comments and the bodies of script and style are skipped whole
 * (text there is not markup; a script's own src is read), every other `href`, `src`, `srcset`,
 * `action`, `poster` and `id` attribute is taken. The build writes React's output and
 * sanitize-html's: lower-case names, double-quoted attributes, escaped text (a case-sensitive
 * pattern measured 1.5 times faster than one with the `i` flag).
 */
const TOKEN =
  /<(script|style)\b([^>]*)>[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->|[ \n\t](href|src|srcset|action|poster|id)="([^"]*)"/g;
const SCRIPT_SRC = /\ssrc="([^"]*)"/;

/**
 * The URLs and ids of one HTML document as the build writes it. A scanner rather than a
 * parser because the check runs on every build: on partner 178's 9.6 MB of HTML it measured
 * about 5 times faster than a tag-by-tag scan and 10–20 times faster than htmlparser2's Parser.
 */
export function extractLinks(html: string): ExtractedLinks {
  const links: PageLink[] = [];
  const ids = new Set<string>();
  for (const token of html.matchAll(TOKEN)) {
    if (token[1] !== undefined) {
      const src = token[1] === "script" ? SCRIPT_SRC.exec(token[2]) : null;
      if (src) links.push({ url: detach(decodeEntities(src[1])), from: "script[src]" });
      continue;
    }
    const attribute = token[3];
    if (attribute === undefined) continue;
    const value = detach(decodeEntities(token[4]));
    const name = attribute;
    if (name === "id") ids.add(value);
    else if (name === "srcset") for (const url of srcsetUrls(value)) links.push({ url, from: "srcset" });
    else links.push({ url: value, from: name });
  }
  return { links, ids };
}

/**
 * extractLinks(html) for a page that holds `parts` other pages hold too (the layout's header and
 * footer, in document order): the text between the parts is read here, each part's links come
 * from `partLinks` (a memo: on partner 178 the layout holds about 70 % of a page's links). The
 * parts are whole elements, so no link or skipped script straddles a boundary, and the result
 * is extractLinks(html)'s, link for link (tests/unit/extract-links.test.ts). A part `html` does
 * not hold is read with the text around it.
 */
export function extractLinksAround(
  html: string,
  parts: readonly string[],
  partLinks: (part: string) => ExtractedLinks,
): ExtractedLinks {
  const links: PageLink[] = [];
  const ids = new Set<string>();
  const take = (found: ExtractedLinks) => {
    for (const link of found.links) links.push(link);
    for (const id of found.ids) ids.add(id);
  };
  let at = 0;
  for (const part of parts) {
    const start = part === "" ? -1 : html.indexOf(part, at);
    if (start < 0) continue;
    take(extractLinks(html.slice(at, start)));
    take(partLinks(part));
    at = start + part.length;
  }
  take(extractLinks(html.slice(at)));
  return { links, ids };
}

/**
 * A copy of a matched substring that does not hold on to the page it came from: V8 keeps a
 * longer substring as a slice of its parent, so each kept link would keep the whole page's
 * HTML alive until the links are resolved (gigabytes at 10,000 films). Concatenating and
 * slicing flattens it into a string of its own.
 */
function detach(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] !== "#") return ENTITIES[entity.toLowerCase()] ?? whole;
    const code = entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * The URLs of a srcset, following HTML's parsing rules: a URL runs to the next white space (it
 * may hold commas, as image-CDN parameters such as 'crop=faces,top' do); a URL ending in a comma
 * ends its candidate; otherwise descriptors follow up to a comma.
 */
export function srcsetUrls(srcset: string): string[] {
  const urls: string[] = [];
  let expectUrl = true;
  for (const token of srcset.split(/\s+/)) {
    if (token === "") continue;
    if (expectUrl) {
      const url = token.replace(/^,+/, "");
      const ended = url.endsWith(",");
      const clean = url.replace(/,+$/, "");
      if (clean !== "") urls.push(clean);
      expectUrl = ended || clean === "";
    } else if (token.endsWith(",")) {
      expectUrl = true;
    } else if (token.includes(",")) {
      // 'descriptor,url' without a space after the comma.
      const rest = token.slice(token.indexOf(",") + 1).replace(/,+$/, "");
      if (rest !== "") urls.push(rest);
      expectUrl = token.endsWith(",");
    }
  }
  return urls;
}
