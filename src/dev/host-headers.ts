/**
 * `_headers` (Netlify / Cloudflare Pages format, src/emit/headers.ts) read back and applied by
 * `preview`, so local testing sees the CSP, security and caching headers a host sends. Rules
 * match like the hosts do: '*' matches anything (also '/'), ':name' one path segment; every
 * matching rule applies, and one header from several rules is joined with ', '.
 */
export interface HeaderRule {
  pattern: string;
  matcher: RegExp;
  headers: [string, string][];
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), matcher: patternToRegExp(line.trim()), headers: [] });
      continue;
    }
    const colon = line.indexOf(":");
    if (colon < 0 || rules.length === 0) continue;
    rules[rules.length - 1].headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/** The headers for a request path (as sent, percent-encoded), names lower-cased. */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules) {
    if (!rule.matcher.test(pathname)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      out[key] = out[key] === undefined ? value : `${out[key]}, ${value}`;
    }
  }
  return out;
}

function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split("/")
    .map((part) => (part === "*" ? ".*" : part.startsWith(":") ? "[^/]+" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")))
    .join("/");
  return new RegExp(`^${source}$`);
}
