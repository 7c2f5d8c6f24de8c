/**
 * The page written at a redirect's fromPath for hosts that read no redirect rules (the
 * `static` profile, docs/redirects.md). A script sends the visitor on at once and keeps the
 * query and fragment (`/program?utm_source=x` → `/kinoprogram?utm_source=x`), as a host's 301
 * would; without JavaScript a meta refresh does the same minus the query. The script is
 * allowed by its hash in the page's own CSP <meta>, so no 'unsafe-inline' is needed.
 */
import { createHash } from "node:crypto";
import { metaContentSecurityPolicy } from "../render/content-security-policy.js";
import { absoluteUrl, decodePath, encodeUrlPath, escapeXml, isExternalUrl } from "../isomorphic/url.js";

export interface RedirectPageOptions {
  /** Partner siteUrl, for the canonical link; a relative link without it. */
  siteUrl?: string;
  /** The site's Content-Security-Policy; the page carries it as a <meta> with its script's hash added. */
  contentSecurityPolicy?: string;
}

export function redirectPageHtml(toPath: string, options: RedirectPageOptions = {}): string {
  const target = isExternalUrl(toPath) ? new URL(toPath).href : encodeUrlPath(toPath);
  const href = escapeXml(target);
  const canonical = escapeXml(options.siteUrl ? absoluteUrl(options.siteUrl, toPath) : target);
  const script = forwardScript(target);
  const policy = options.contentSecurityPolicy
    ? withScriptHash(metaContentSecurityPolicy(options.contentSecurityPolicy), script)
    : null;
  return [
    "<!DOCTYPE html>",
    '<html lang="nb">',
    "<head>",
    '<meta charset="utf-8">',
    ...(policy ? [`<meta http-equiv="Content-Security-Policy" content="${escapeXml(policy)}">`] : []),
    "<title>Siden har flyttet</title>",
    '<meta name="robots" content="noindex">',
    `<script>${script}</script>`,
    `<noscript><meta http-equiv="refresh" content="0; url=${href}"></noscript>`,
    `<link rel="canonical" href="${canonical}">`,
    "</head>",
    "<body>",
    `<p>Siden har flyttet til <a href="${href}">${escapeXml(decodePath(toPath))}</a>.</p>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

/** The target plus the visitor's query and fragment where the target has none of its own. */
function forwardScript(target: string): string {
  const literal = JSON.stringify(target).replace(/</g, "\\u003c");
  return `var t=${literal};location.replace(t+(t.indexOf("?")<0?location.search:"")+(t.indexOf("#")<0?location.hash:""));`;
}

/** Adds the inline script's hash to script-src (a policy without script-src falls back to default-src). */
function withScriptHash(policy: string, script: string): string {
  const hash = `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
  const directives = policy.split("; ");
  const index = directives.findIndex((directive) => directive.startsWith("script-src "));
  if (index >= 0) directives[index] = `${directives[index]} ${hash}`;
  else directives.push(`script-src 'self' ${hash}`);
  return directives.join("; ");
}
