/**
 * The HTML document around a rendered body: <html lang="nb">, meta, canonical, OpenGraph and
 * Twitter cards (spec 2.6), favicon, manifest, the hashed stylesheet and client bundle, and
 * the JSON-LD data blocks. Built as text because everything here is known strings; every
 * value is escaped.
 */
import { escapeXml } from "../isomorphic/url.js";
import { serializeJsonLd, type JsonLd } from "./structured-data.js";
import { sizeOf } from "../isomorphic/image-url.js";

export interface DocumentInput {
  /** The page's own title (OpenGraph and Twitter cards). */
  title: string;
  /** The <title>: the page's resolved meta title, exactly (document-title.ts). */
  documentTitle: string;
  description: string;
  keywords: string;
  /** Absolute canonical URL, null for the not-found page. */
  canonical: string | null;
  image: string | null;
  /** og:image:width/height; default: read from the image URL's w/h parameters. */
  imageSize?: { width: number; height: number } | null;
  siteName: string;
  ogType: "website" | "article" | "video.movie";
  favicon: string | null;
  themeColor: string | null;
  /** A ':root { … }' rule with the theme's colours, or ''. */
  themeStyle: string;
  facebookVerification: string | null;
  /**
   * The Content-Security-Policy for hosts that ignore `_headers` (a plain static host, a
   * bucket): without frame-ancestors and report-uri, which a <meta> cannot carry (docs/security.md).
   */
  contentSecurityPolicy?: string | null;
  noindex: boolean;
  cssUrl: string;
  jsUrl: string;
  /** Lazy parts of the boot script this page will surely import: `<link rel="modulepreload">`. */
  preloadScripts?: string[];
  /** `cinema-build dev` only: its client script, after the page's own. */
  devScript?: string | null;
  jsonLd: JsonLd[];
  /** Attributes on <body> that tell the client which page data to load. */
  bodyData: Record<string, string>;
  body: string;
}

/**
 * A double-quoted attribute value: '&', '<', '>' and '"' escaped. An apostrophe needs no
 * escape there, and the CSP's dozen quoted keywords ('self', 'none') cost 100 bytes a page
 * as &apos; (docs/performance.md).
 */
const attr = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function meta(name: string, content: string, key: "name" | "property" = "name"): string {
  return content ? `<meta ${key}="${attr(name)}" content="${attr(content)}">` : "";
}

function faviconType(url: string): string {
  const ext = url.split(/[?#]/)[0].split(".").pop()?.toLowerCase();
  return ext === "svg" ? "image/svg+xml" : ext === "png" ? "image/png" : ext === "ico" ? "image/x-icon" : "";
}

function imageTags(image: string | null, imageSize: DocumentInput["imageSize"]): string[] {
  if (!image) return [];
  const size = imageSize !== undefined ? imageSize : sizeOf(image, { width: 1920, height: 1080 });
  return [
    meta("og:image", image, "property"),
    size ? meta("og:image:width", String(size.width), "property") : "",
    size ? meta("og:image:height", String(size.height), "property") : "",
  ];
}

export function renderDocument(input: DocumentInput): string {
  const head = [
    '<meta charset="utf-8">',
    // Before any script or stylesheet: a meta policy only covers what comes after it.
    input.contentSecurityPolicy
      ? `<meta http-equiv="Content-Security-Policy" content="${attr(input.contentSecurityPolicy)}">`
      : "",
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeXml(input.documentTitle)}</title>`,
    meta("description", input.description),
    meta("keywords", input.keywords),
    input.noindex ? meta("robots", "noindex") : "",
    input.canonical ? `<link rel="canonical" href="${attr(input.canonical)}">` : "",
    meta("og:type", input.ogType, "property"),
    meta("og:site_name", input.siteName, "property"),
    meta("og:locale", "nb_NO", "property"),
    meta("og:title", input.title, "property"),
    meta("og:description", input.description, "property"),
    input.canonical ? meta("og:url", input.canonical, "property") : "",
    // X reads title, description and image from the og: tags when its own are missing
    // (docs/performance.md: the copies were 0.5 KB of each film page).
    meta("twitter:card", input.image ? "summary_large_image" : "summary"),
    ...imageTags(input.image, input.imageSize),
    input.facebookVerification ? meta("facebook-domain-verification", input.facebookVerification) : "",
    input.favicon
      ? `<link rel="icon" href="${attr(input.favicon)}"${faviconType(input.favicon) ? ` type="${faviconType(input.favicon)}"` : ""}>`
      : "",
    '<link rel="manifest" href="/manifest.webmanifest">',
    input.themeColor ? meta("theme-color", input.themeColor) : "",
    `<link rel="stylesheet" href="${attr(input.cssUrl)}">`,
    input.themeStyle ? `<style>${input.themeStyle}</style>` : "",
    `<script type="module" src="${attr(input.jsUrl)}"></script>`,
    ...(input.preloadScripts ?? []).map((url) => `<link rel="modulepreload" href="${attr(url)}">`),
    input.devScript ? `<script type="module" src="${attr(input.devScript)}"></script>` : "",
    ...input.jsonLd.map((entry) => `<script type="application/ld+json">${serializeJsonLd(entry)}</script>`),
  ].filter(Boolean);
  const bodyAttributes = Object.entries(input.bodyData)
    .map(([key, value]) => ` ${key}="${attr(value)}"`)
    .join("");
  return `<!DOCTYPE html>\n<html lang="nb">\n<head>\n${head.join("\n")}\n</head>\n<body${bodyAttributes}>\n${input.body}\n</body>\n</html>\n`;
}
