/**
 * Validation of every value that goes into the Content-Security-Policy (docs/security.md). A CSP is
 * a list of directives separated by ';' and a header may carry several policies separated by
 * ','; a content value such as an image host 'img.example;sandbox' or 'a.example,b' would
 * otherwise add a directive or a second policy (and block all first-party JavaScript). Only
 * plain host sources pass: scheme https, a DNS name (optionally '*.' first), an optional
 * port, and for API bases an optional path. Pure: no Node imports.
 */

const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const HOST = `(?:\\*\\.)?(?:${LABEL}\\.)*${LABEL}`;
const ORIGIN = new RegExp(`^https://${HOST}(?::\\d{1,5})?$`);
const ORIGIN_WITH_PATH = new RegExp(`^https://${HOST}(?::\\d{1,5})?(?:/[a-z0-9._~/-]*)?$`, "i");

/** True for 'https://host[:port]' or 'https://*.host' with nothing that could end a directive. */
export function isCspOrigin(value: string): boolean {
  return ORIGIN.test(value);
}

/** True for an origin optionally followed by a plain path ('https://api.example/v1/'). */
export function isCspSource(value: string): boolean {
  return ORIGIN_WITH_PATH.test(value) && isCspOrigin(value.replace(/^(https:\/\/[^/]+).*$/i, "$1").toLowerCase());
}

/** The https origin of a URL when it is a valid CSP host source, else null. */
export function cspOriginOf(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== "https:") return null;
  return isCspOrigin(parsed.origin) ? parsed.origin : null;
}

/** Why a configured host is not a CSP source, or null when it is one. */
export function cspSourceProblem(value: string): string | null {
  if (/[;,'"\s]/.test(value))
    return `'${value}' contains ';', ',', a quote or white space, which would change the policy`;
  if (!isCspSource(value))
    return `'${value}' is not an https host source like 'https://cdn.example' or 'https://*.example'`;
  return null;
}
