/**
 * `_headers` (Netlify / Cloudflare Pages format) and the Content-Security-Policy.
 *
 * Both hosts apply every rule that matches a path and join repeated header values with a
 * comma, so a Cache-Control on '/*' would be merged into the assets' 'immutable' one. Each
 * path therefore gets Cache-Control from exactly one rule: '/assets/*' immutable, and the
 * HTML pages, page JSON and the site-level files 'no-cache' through rules that cannot match
 * '/assets/…' (one-segment placeholders, and a placeholder under each deeper parent folder).
 */
import type { PartnerConfig } from "../config/partner-schema.js";
import type { Site } from "../model/index.js";
import { VIDEO_IFRAME_HOSTS } from "../render/sanitize.js";
import type { OutputFile } from "./output-file.js";
import { decodePath, encodeUrlPath, isExternalUrl } from "./url.js";

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const NO_CACHE = "no-cache";

/** Folders of hashed, immutable files and of page JSON (spec 7.4). */
export const ASSETS_PREFIX = "/assets/";
export const PAGE_DATA_PREFIX = "/page-data/";

export interface HeadersOptions {
  partner: PartnerConfig;
  site: Site;
  /** Paths of every HTML file: the routes and the redirect pages (the fromPaths). */
  htmlPaths: Iterable<string>;
  /** CMS HTML the pages may show (articles, production texts, block data): the video iframes it embeds join frame-src, its images img-src. */
  cmsHtml?: Iterable<string>;
  /** Image URLs the pages show outside CMS HTML (article images, production assets, cover images): their origins join img-src. */
  imageUrls?: Iterable<string>;
  /** The site publishes a search index: its engine is WebAssembly ('wasm-unsafe-eval', which allows no JavaScript eval). */
  webAssembly?: boolean;
}

export function planHeaders({ partner, site, htmlPaths, cmsHtml = [], imageUrls = [], webAssembly = false }: HeadersOptions): OutputFile {
  const html = [...cmsHtml];
  const rules: [string, [string, string][]][] = [
    ["/*", [
      ["Content-Security-Policy", buildContentSecurityPolicy(partner, site, embeddedVideoOrigins(html), contentImageOrigins(html, imageUrls), webAssembly)],
      ["X-Content-Type-Options", "nosniff"],
      ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ]],
    [`${ASSETS_PREFIX}*`, [["Cache-Control", IMMUTABLE]]],
    [`${PAGE_DATA_PREFIX}*`, [["Cache-Control", NO_CACHE]]],
    ...htmlRulePatterns(htmlPaths).map((pattern): [string, [string, string][]] => [pattern, [["Cache-Control", NO_CACHE]]]),
  ];
  const text = rules.map(([pattern, headers]) => `${pattern}\n${headers.map(([name, value]) => `  ${name}: ${value}\n`).join("")}`).join("");
  return { path: "_headers", contents: text };
}

/**
 * No-cache patterns for the HTML and every root-level file (sw.js, manifest.webmanifest,
 * redirects.json, robots.txt, sitemap*.xml, offline.html, 404.html): '/', '/:page',
 * '/:page/', and '<parent>/:page' plus '<parent>/:page/' for each deeper parent folder.
 */
export function htmlRulePatterns(htmlPaths: Iterable<string>): string[] {
  const parents = new Set<string>();
  for (const htmlPath of htmlPaths) {
    const segments = decodePath(htmlPath).split("/").filter(Boolean);
    if (segments.length < 2) continue;
    const parent = `/${segments.slice(0, -1).join("/")}`;
    if (`${parent}/`.startsWith(ASSETS_PREFIX) || `${parent}/`.startsWith(PAGE_DATA_PREFIX)) continue;
    parents.add(encodeUrlPath(parent));
  }
  const deeper = [...parents].sort().flatMap((parent) => [`${parent}/:page`, `${parent}/:page/`]);
  return ["/", "/:page", "/:page/", ...deeper];
}

/**
 * The Content-Security-Policy of every page: exactly the origins the site loads from.
 * Inline JSON-LD blocks are data, not scripts; the renderer emits no inline executable
 * script. 'unsafe-inline' styles are allowed because CMS rich text carries style attributes.
 */
export function buildContentSecurityPolicy(partner: PartnerConfig, site: Site, videoOrigins: string[] = [], imageOrigins: string[] = [], webAssembly = false): string {
  const ga = partner.analytics.trackingId ?? site.trackingId;
  const pixel = partner.analytics.pixelId ?? site.pixelId;
  const gaHosts = ga ? ["https://*.googletagmanager.com", "https://*.google-analytics.com", "https://*.analytics.google.com"] : [];
  const fb = pixel ? ["https://www.facebook.com"] : [];
  const { scriptHosts, frameHosts, connectHosts } = partner.contentSecurity;

  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", ...(webAssembly ? ["'wasm-unsafe-eval'"] : []), ...scriptHosts, ...(ga ? ["https://www.googletagmanager.com"] : []), ...(pixel ? ["https://connect.facebook.net"] : [])]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", origin(partner.imageCdn.host), ...themeImageOrigins(site), ...imageOrigins, ...gaHosts, ...fb]],
    ["font-src", ["'self'", "data:"]],
    ["connect-src", ["'self'", ...(partner.memberService ? [sourceOf(partner.memberService.baseUrl)] : []), sourceOf(partner.publicApi.baseUrl), ...connectHosts, ...gaHosts, ...fb]],
    ["frame-src", frameHosts.length + videoOrigins.length > 0 ? [...frameHosts, ...videoOrigins] : ["'none'"]],
    ["worker-src", ["'self'"]],
    ["manifest-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["frame-ancestors", ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${unique(sources).join(" ")}`).join("; ");
}

/**
 * Origins of the video iframes in CMS HTML that the sanitiser keeps (its video hosts), sorted.
 * A partner need not list them in contentSecurity.frameHosts: an embed the page shows must load.
 */
export function embeddedVideoOrigins(htmlTexts: Iterable<string>): string[] {
  const origins = new Set<string>();
  for (const url of srcUrls(htmlTexts, "iframe")) if (VIDEO_IFRAME_HOSTS.includes(url.hostname)) origins.add(url.origin);
  return [...origins].sort();
}

/**
 * Origins of the images the content shows: <img> in CMS HTML (the sanitiser keeps any https
 * image) and image URLs in the data, sorted. Editors may use images from hosts other than the
 * image CDN; the policy names exactly those hosts rather than allowing every https image.
 */
export function contentImageOrigins(htmlTexts: Iterable<string>, imageUrls: Iterable<string>): string[] {
  const origins = new Set<string>();
  for (const url of srcUrls(htmlTexts, "img")) origins.add(url.origin);
  for (const value of imageUrls) {
    const url = URL.canParse(value) ? new URL(value) : null;
    if (url?.protocol === "https:") origins.add(url.origin);
  }
  return [...origins].sort();
}

/** The https `src` (scheme and host) of every `<tag>` in the HTML texts. */
function* srcUrls(htmlTexts: Iterable<string>, tag: "img" | "iframe"): Generator<URL> {
  const pattern = new RegExp(`<${tag}\\b[^>]*?\\ssrc\\s*=\\s*["']?(https:\\/\\/[^"'\\s>/]+)`, "gi");
  for (const html of htmlTexts) {
    for (const match of html.matchAll(pattern)) if (URL.canParse(match[1])) yield new URL(match[1]);
  }
}

/** Origins of theme images (logo, favicon, club logo) served from outside the image CDN. */
function themeImageOrigins(site: Site): string[] {
  const urls = [site.theme.logo, site.theme.favicon, site.theme.clubLogo?.src ?? ""];
  return urls.filter(isExternalUrl).map(origin);
}

/** A base URL as a CSP source: the origin, plus its path when it is not the root. */
function sourceOf(baseUrl: string): string {
  const url = new URL(baseUrl);
  return url.pathname === "/" ? url.origin : `${url.origin}${url.pathname}`;
}

function origin(url: string): string {
  return new URL(url).origin;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
