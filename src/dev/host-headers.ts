/**
 * `_headers` (Netlify / Cloudflare Pages format, src/emit/headers.ts) read back and applied by
 * `preview`, so local testing sees the CSP, security and caching headers the host sends. Every
 * matching rule applies, and one header from several rules is joined with ', '. The hosts read
 * patterns differently (src/dev/host-emulation.ts):
 * - Netlify (@netlify/headers-parser): a trailing slash is optional, letters match in any case,
 *   '/folder/*' also matches '/folder';
 * - Cloudflare Pages: the exact path; only the first 100 rules are read; '! Name' removes a
 *   header an earlier rule set.
 */
import type { HostName } from "../hosts/host-profile.js";

export interface HeaderRule {
  pattern: string;
  matcher: RegExp;
  headers: [string, string][];
  /** Header names an earlier rule set that this rule removes ('! Name', Cloudflare). */
  unset: string[];
}

/** Cloudflare Pages reads this many rules of `_headers` and skips the rest. */
export const CLOUDFLARE_HEADER_RULES = 100;

export function parseHeadersFile(text: string, host: HostName = "netlify"): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), matcher: patternToRegExp(line.trim(), host), headers: [], unset: [] });
      continue;
    }
    if (rules.length === 0) continue;
    const rule = rules[rules.length - 1];
    if (line.trim().startsWith("! ")) {
      rule.unset.push(line.trim().slice(2).trim().toLowerCase());
      continue;
    }
    const colon = line.indexOf(":");
    if (colon >= 0) rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return host === "cloudflare" ? rules.slice(0, CLOUDFLARE_HEADER_RULES) : rules;
}

/** The headers for a request path (as sent, percent-encoded), names lower-cased. */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules) {
    if (!rule.matcher.test(pathname)) continue;
    for (const name of rule.unset) delete out[name];
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      out[key] = out[key] === undefined ? value : `${out[key]}, ${value}`;
    }
  }
  return out;
}

function patternToRegExp(pattern: string, host: HostName): RegExp {
  const escape = (part: string) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
  if (host === "cloudflare") {
    const source = pattern
      .split("/")
      .map((part) => (part.startsWith(":") ? "[^/]+" : escape(part).replace(/\*/g, ".*")))
      .join("/");
    return new RegExp(`^${source}$`);
  }
  // @netlify/headers-parser's getForRegExp: empty parts dropped, a trailing slash optional.
  const parts = pattern
    .split("/")
    .filter(Boolean)
    .map((part) => (part.startsWith(":") ? "([^/]+)" : part === "*" ? "?(.*)" : escape(part).replace(/\*/g, "(.*)")));
  return new RegExp(`^/${parts.join("/")}/?$`, "iu");
}
