/**
 * URL helpers shared by the sitemap, redirects and structured data. Paths are serialised the
 * way a browser's URL parser does it (WHATWG), so the sitemap, canonical links and the
 * requests browsers send agree: 'æ' becomes %C3%A6, a colon stays a colon (a valid path
 * character), and already-encoded sequences are kept.
 */
const BASE = "https://placeholder.invalid";

/** '/filmer/kløver' → '/filmer/kl%C3%B8ver'; query and fragment are kept, encoded. */
export function encodeUrlPath(pathWithQuery: string): string {
  // Every page links the same menu, footer and film paths: each is parsed once per build.
  let encoded = encodedPaths.get(pathWithQuery);
  if (encoded === undefined) {
    const url = new URL(pathWithQuery, BASE);
    encoded = `${url.pathname}${url.search}${url.hash}`;
    if (encodedPaths.size >= ENCODED_PATHS_MAX) encodedPaths.clear();
    encodedPaths.set(pathWithQuery, encoded);
  }
  return encoded;
}
const encodedPaths = new Map<string, string>();
const ENCODED_PATHS_MAX = 50_000;

/**
 * The one form of a page's address on every host profile (src/hosts/host-profile.ts): the
 * spec's path without a trailing slash ('/priser-og-rabatter/' → '/priser-og-rabatter', as
 * the menu of spec 2.4 writes some), so no link starts with a host's slash redirect. The front
 * page stays '/', a path whose last segment names a file ('/sitemap.xml') is left alone, and
 * so are the query and fragment.
 */
export function pageAddress(pathWithQuery: string): string {
  const split = pathWithQuery.search(/[?#]/);
  const pathname = split < 0 ? pathWithQuery : pathWithQuery.slice(0, split);
  if (pathname.length <= 1 || !pathname.endsWith("/")) return pathWithQuery;
  const trimmed = pathname.replace(/\/+$/, "") || "/";
  return split < 0 ? trimmed : `${trimmed}${pathWithQuery.slice(split)}`;
}

/** Absolute URL of a site path on the partner's public siteUrl (which has no trailing slash). */
export function absoluteUrl(siteUrl: string, pathWithQuery: string): string {
  if (isExternalUrl(pathWithQuery)) return new URL(pathWithQuery).href;
  const base = new URL(siteUrl);
  const prefix = base.pathname.replace(/\/+$/, "");
  return `${base.origin}${prefix}${encodeUrlPath(pathWithQuery)}`;
}

export function isExternalUrl(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

/** Percent-decodes a path, leaving it as it was when it is not valid percent-encoding. */
export function decodePath(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The origin (scheme://host[:port]) of a URL. */
export function originOf(url: string): string {
  return new URL(url).origin;
}

/** Escapes text for XML/HTML element content and double- or single-quoted attributes. */
export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => XML_ENTITIES[char]);
}
const XML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
