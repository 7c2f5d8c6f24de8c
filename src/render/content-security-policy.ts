/**
 * The Content-Security-Policy of every page, in one function (buildContentSecurityPolicy) for
 * `_headers` and, without the directives a <meta> ignores, for the <meta http-equiv> in every
 * page (src/render/document.ts), so a plain static host and `preview` enforce it too.
 * Every source is validated (src/shared/csp-source.ts): configured hosts by the partner schema,
 * hosts taken from content here, dropped when they are not plain https host sources.
 *
 * To allow a new third party (analytics, a widget), add its hosts in buildContentSecurityPolicy
 * next to the analytics ones, behind the configuration that turns it on.
 */
import type { PartnerConfig } from "../model/partner-schema.js";
import type { Site } from "../model/index.js";
import { VIDEO_IFRAME_HOSTS } from "./sanitize.js";
import { BuildError } from "../errors/index.js";
import { cspOriginOf } from "../shared/csp-source.js";
import { isExternalUrl } from "../isomorphic/url.js";

export interface PolicyOptions {
  /**
   * The site publishes a search index (src/search/): Pagefind's engine is WebAssembly, which
   * needs 'wasm-unsafe-eval' (it allows compiling WebAssembly, not JavaScript eval).
   */
  webAssembly?: boolean;
}

/** Directives a <meta http-equiv> policy ignores (CSP 3, section 3.3): kept in _headers only. */
const HEADER_ONLY_DIRECTIVES = ["frame-ancestors", "report-uri", "report-to", "sandbox"];

/**
 * Exactly the origins the site loads from. Inline JSON-LD blocks are data, not scripts; the
 * renderer emits no inline executable script. 'unsafe-inline' styles are allowed because CMS
 * rich text carries style attributes. connect-src also names the form origins: the newsletter
 * island posts its form with fetch (templates/islands/newsletter.tsx).
 */
export function buildContentSecurityPolicy(
  partner: PartnerConfig,
  site: Site,
  videoOrigins: string[] = [],
  imageOrigins: string[] = [],
  formOrigins: string[] = [],
  liveOrigins: string[] = [],
  options: PolicyOptions = {},
): string {
  const ga = partner.analytics.trackingId ?? site.trackingId;
  const pixel = partner.analytics.pixelId ?? site.pixelId;
  const gaHosts = ga
    ? ["https://*.googletagmanager.com", "https://*.google-analytics.com", "https://*.analytics.google.com"]
    : [];
  const fb = pixel ? ["https://www.facebook.com"] : [];
  const { scriptHosts, frameHosts, connectHosts } = partner.contentSecurity;
  const content = (origins: string[]) => origins.filter((value) => cspOriginOf(value) === value);

  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    [
      "script-src",
      [
        "'self'",
        ...(options.webAssembly ? ["'wasm-unsafe-eval'"] : []),
        ...scriptHosts,
        ...adServerSources(partner),
        ...(ga ? ["https://www.googletagmanager.com"] : []),
        ...(pixel ? ["https://connect.facebook.net"] : []),
      ],
    ],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    [
      "img-src",
      [
        "'self'",
        "data:",
        configured(origin(partner.imageCdn.host), "imageCdn.host"),
        ...memberImageSources(partner),
        ...content([...themeImageOrigins(site), ...imageOrigins]),
        ...gaHosts,
        ...fb,
      ],
    ],
    ["font-src", ["'self'", "data:"]],
    [
      "connect-src",
      [
        "'self'",
        ...(partner.memberService
          ? [configured(sourceOf(partner.memberService.baseUrl), "memberService.baseUrl")]
          : []),
        configured(sourceOf(partner.publicApi.baseUrl), "publicApi.baseUrl"),
        ...liveOrigins.map((url) => configured(origin(url), "liveData.url")),
        ...connectHosts,
        ...content(formOrigins),
        ...gaHosts,
        ...fb,
      ],
    ],
    ["frame-src", frameHosts.length + videoOrigins.length > 0 ? [...frameHosts, ...content(videoOrigins)] : ["'none'"]],
    // Not redundant: without it workers fall back to script-src and its third-party hosts.
    // manifest-src is left out: it falls back to default-src 'self' (docs/performance.md, lean pages).
    ["worker-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'", ...content(formOrigins)]],
    ["frame-ancestors", ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${unique(sources).join(" ")}`).join("; ");
}

/** The policy for <meta http-equiv="Content-Security-Policy">: the directives a meta honours. */
export function metaContentSecurityPolicy(policy: string): string {
  return policy
    .split("; ")
    .filter((directive) => !HEADER_ONLY_DIRECTIVES.includes(directive.split(" ")[0]))
    .join("; ");
}

/**
 * Origins of the video iframes in CMS HTML that the sanitiser keeps (its video hosts), sorted.
 * A partner need not list them in contentSecurity.frameHosts: an embed the page shows must load.
 */
export function embeddedVideoOrigins(htmlTexts: Iterable<string>): string[] {
  const origins = new Set<string>();
  for (const url of srcUrls(htmlTexts, "iframe"))
    if (VIDEO_IFRAME_HOSTS.includes(url.hostname) && cspOriginOf(url.origin)) origins.add(url.origin);
  return [...origins].sort();
}

/**
 * Origins of the images the content shows: <img> in CMS HTML (the sanitiser keeps any https
 * image) and image URLs in the data, sorted. Editors may use images from hosts other than the
 * image CDN; the policy names exactly those hosts rather than allowing every https image.
 * A host that is not a plain DNS name (';', ',' …) is left out: its images do not load.
 */
export function contentImageOrigins(htmlTexts: Iterable<string>, imageUrls: Iterable<string>): string[] {
  const origins = new Set<string>();
  for (const url of srcUrls(htmlTexts, "img")) {
    const safe = cspOriginOf(url.href);
    if (safe) origins.add(safe);
  }
  for (const value of imageUrls) {
    const safe = cspOriginOf(value);
    if (safe) origins.add(safe);
  }
  return [...origins].sort();
}

/** Origins forms post to: the theme's search submitPath when external, and newsletter actions. */
export function formActionOrigins(site: Site, actions: Iterable<string>): string[] {
  const origins = new Set<string>();
  for (const value of [site.theme.search?.submitPath ?? "", ...actions]) {
    const safe = cspOriginOf(value);
    if (safe) origins.add(safe);
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

/**
 * The member service's images (posters, QRUrl; spec 3.1): its own origin (the local service
 * of --member-url serves them there) and the image hosts partner.json names for it.
 */
function memberImageSources(partner: PartnerConfig): string[] {
  const service = partner.memberService;
  if (!service) return [];
  return [configured(origin(service.baseUrl), "memberService.baseUrl"), ...(service.imageHosts ?? [])];
}

/** The ad server's script origin, only when one is configured (spec 3.3; docs/data-format.md "adServer"). */
function adServerSources(partner: PartnerConfig): string[] {
  return partner.adServer ? [configured(origin(partner.adServer.script), "adServer.script")] : [];
}

/** A base URL as a CSP source: the origin, plus its path when it is not the root. */
function sourceOf(baseUrl: string): string {
  const url = new URL(baseUrl);
  return url.pathname === "/" ? url.origin : `${url.origin}${url.pathname}`;
}

/** A source from partner.json: an operator's URL, refused when it could change the policy. */
function configured(source: string, field: string): string {
  if (/[;,'"\s]/.test(source))
    throw new BuildError(
      `'${source}' would change the Content-Security-Policy (';', ',', a quote or white space)`,
      { file: "partner.json", field },
      { code: "E_CSP_SOURCE" },
    );
  return source;
}

function origin(url: string): string {
  return new URL(url).origin;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
