/**
 * `_headers` (Netlify / Cloudflare Pages format) and the Content-Security-Policy.
 *
 * Both hosts apply every rule that matches a path and join repeated header values with a
 * comma, so a Cache-Control on '/*' would be merged into the assets' 'immutable' one. Each
 * path therefore gets Cache-Control from exactly one rule: '/assets/*' immutable, and the
 * HTML pages, page JSON and the site-level files 'no-cache' through rules that cannot match
 * '/assets/…': one-segment placeholders, and a splat under each other top-level folder that
 * holds pages. The count of rules grows with the top-level folders, not with the pages, so a
 * site of any size stays within Cloudflare's 100 rules (src/hosts/check-host-limits.ts).
 */
import type { PartnerConfig } from "../model/partner-schema.js";
import type { Site } from "../model/index.js";
import {
  buildContentSecurityPolicy,
  contentImageOrigins,
  embeddedVideoOrigins,
  formActionOrigins,
} from "../render/content-security-policy.js";
import { hostProfile, type HostProfile } from "../hosts/host-profile.js";
import type { OutputFile } from "../model/output-file.js";
import { decodePath, encodeUrlPath } from "../isomorphic/url.js";
import { CALENDAR_FEED_PATH } from "../isomorphic/ics.js";
import { contentTypeOf } from "../shared/content-types.js";

const CALENDAR_CONTENT_TYPE = contentTypeOf(CALENDAR_FEED_PATH);
/** Every calendar feed: the cinema's '/kalender.ics' and each programme page's '<page>-kalender.ics' (both hosts read it so). */
export const CALENDAR_RULE = "/*.ics";

export {
  buildContentSecurityPolicy,
  contentImageOrigins,
  embeddedVideoOrigins,
  metaContentSecurityPolicy,
} from "../render/content-security-policy.js";

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
  /** Players the pages frame outside CMS HTML (films' trailers, src/render/stage/site-policy.ts): they join frame-src. */
  videoOrigins?: Iterable<string>;
  /** Image URLs the pages show outside CMS HTML (article images, production assets, cover images): their origins join img-src. */
  imageUrls?: Iterable<string>;
  /** Addresses forms post to (newsletter actions): their origins join form-action. */
  formActions?: Iterable<string>;
  /** URLs the live programme reads basic_events from (connect-src). */
  liveUrls?: string[];
  /** The site publishes a search index: its WebAssembly may run (src/render/content-security-policy.ts). */
  webAssembly?: boolean;
  /** The host the rules are written for (how it reads patterns). */
  host?: HostProfile;
}

/**
 * Headers every path gets besides the CSP (docs/security.md): HSTS for a year (no includeSubDomains
 * or preload: a partner's other subdomains may not all serve https), no framing by other
 * sites (also frame-ancestors in the CSP; X-Frame-Options for browsers without it), and the
 * powerful browser features no page of the site uses switched off.
 */
export const SECURITY_HEADERS: [string, string][] = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["Strict-Transport-Security", "max-age=31536000"],
  ["X-Frame-Options", "SAMEORIGIN"],
  ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), midi=()"],
  // No other site's window keeps a handle on ours (window.opener): the ticket checkout and
  // every external link open without one already (rel="noopener"), so nothing relies on it.
  ["Cross-Origin-Opener-Policy", "same-origin"],
];

export function planHeaders({
  partner,
  site,
  htmlPaths,
  cmsHtml = [],
  videoOrigins = [],
  imageUrls = [],
  formActions = [],
  liveUrls = [],
  webAssembly = false,
  host,
}: HeadersOptions): OutputFile {
  const html = [...cmsHtml];
  const policy = buildContentSecurityPolicy(
    partner,
    site,
    [...new Set([...embeddedVideoOrigins(html), ...videoOrigins])].sort(),
    contentImageOrigins(html, imageUrls),
    formActionOrigins(site, formActions),
    liveUrls,
    { webAssembly },
  );
  const rules: [string, [string, string][]][] = [
    ["/*", [["Content-Security-Policy", policy], ...SECURITY_HEADERS]],
    [`${ASSETS_PREFIX}*`, [["Cache-Control", IMMUTABLE]]],
    [`${PAGE_DATA_PREFIX}*`, [["Cache-Control", NO_CACHE]]],
    // The calendar feeds (src/emit/calendar-feed.ts), every one by one pattern (no page path ends
    // in '.ics', src/emit/site-path.ts): their type said, not left to the host's guess. Their
    // no-cache is the pages' patterns': '/kalender.ics' and '/kinoprogram-kalender.ics' are
    // '/:page', a feed beside '/a/b' is under '/a'.
    [CALENDAR_RULE, [["Content-Type", CALENDAR_CONTENT_TYPE]]],
    ...htmlRulePatterns(htmlPaths, host).map((pattern): [string, [string, string][]] => [
      pattern,
      [["Cache-Control", NO_CACHE]],
    ]),
  ];
  const text = rules
    .map(([pattern, headers]) => `${pattern}\n${headers.map(([name, value]) => `  ${name}: ${value}\n`).join("")}`)
    .join("");
  return { path: "_headers", contents: text };
}

/**
 * No-cache patterns for the HTML and every root-level file (sw.js, manifest.webmanifest,
 * redirects.json, robots.txt, sitemap*.xml, offline.html, 404.html): '/', '/:page', and one
 * splat under each top-level folder that holds a page deeper down ('/article/…', '/kinoprogram/…'
 * for its day pages); '/assets' and '/page-data' have rules of their own. The hosts read
 * patterns differently, and a path two rules match gets the value twice ('no-cache, no-cache'):
 * - Netlify ignores a trailing slash and lets '/folder/*' match '/folder' itself, so its
 *   patterns are '/:page' and '/folder/:sub/*';
 * - Cloudflare matches exactly, and '/folder/*' matches '/folder/' too; '/:page/' needs no
 *   rule there, as Cloudflare answers every '/page/' with a 308 to '/page' (pages are page.html).
 */
export function htmlRulePatterns(htmlPaths: Iterable<string>, host: HostProfile = hostProfile()): string[] {
  const folders = new Set<string>();
  for (const htmlPath of htmlPaths) {
    const segments = decodePath(htmlPath).split("/").filter(Boolean);
    if (segments.length < 2) continue;
    const folder = `/${segments[0]}/`;
    if (folder === ASSETS_PREFIX || folder === PAGE_DATA_PREFIX) continue;
    folders.add(encodeUrlPath(`/${segments[0]}`));
  }
  const exact = host.slashTwinRules;
  const below = [...folders].sort().map((folder) => (exact ? `${folder}/*` : `${folder}/:sub/*`));
  return ["/", "/:page", ...below];
}

/** How many rules planHeaders writes for these pages: the CSP, assets, page-data and calendar rules and the no-cache patterns. */
export function headerRuleCount(htmlPaths: Iterable<string>, host: HostProfile = hostProfile()): number {
  return 4 + htmlRulePatterns(htmlPaths, host).length;
}

/** The number of rules of a `_headers` text (a rule is a path line; its headers are indented). */
export function countHeaderRules(text: string): number {
  return text.split("\n").filter((line) => line.startsWith("/")).length;
}
