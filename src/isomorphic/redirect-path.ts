/**
 * The one normaliser of redirect paths and targets (docs/security.md), shared by the build
 * (src/emit/redirects.ts), the browser's redirect table (client/redirect-table.ts) and
 * `preview` (src/dev/preview-server.ts), so the three can never disagree about where a
 * visitor is sent. Pure: no Node or DOM imports (it is bundled into the boot script).
 *
 * A target is either a same-site path ('/x', no '//', no '\', no scheme, no control
 * characters, also after percent-decoding) or an absolute https URL on a host the partner
 * allows. A fromPath is a plain site path: wildcard and placeholder syntax ('*', ':slug') is
 * rejected, since a meta-refresh page and the client table cannot follow Netlify's rules.
 */

import { decodeOnce, pathKey } from "./path-key.js";

export type RedirectTarget = { ok: true; to: string; external: boolean } | { ok: false; reason: string };
export type RedirectSource = { ok: true; from: string } | { ok: false; reason: string };

/** Control characters (C0, DEL, C1) and white space: never part of a redirect path. */
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f\s]/;

/**
 * The comparison key of a path: percent-decoded, without trailing slashes ('/' stays '/').
 * Two paths with one key are served by one page folder (docs/redirects.md).
 */
export const redirectKey = pathKey;

/**
 * Checks a redirect target. `isAllowedHost(hostname)` decides the hosts of absolute targets
 * (the build: siteUrl's host, the ticketing host and partner.json redirectHosts). The browser
 * and preview, which do not know that list, use tableTarget below.
 */
export function normalizeRedirectTarget(toPath: string, isAllowedHost: (hostname: string) => boolean): RedirectTarget {
  if (toPath === "") return { ok: false, reason: "toPath is empty" };
  if (CONTROL_OR_SPACE.test(toPath)) return { ok: false, reason: "toPath contains white space or a control character" };
  if (toPath.includes("\\"))
    return { ok: false, reason: "toPath contains a backslash (browsers read '/\\host' as another site)" };
  if (toPath.startsWith("/")) {
    if (toPath.startsWith("//")) return { ok: false, reason: "toPath must not start with '//' (another site)" };
    const decoded = decodeOnce(toPath.replace(/[?#].*$/, ""));
    if (decoded.startsWith("//") || decoded.includes("\\") || CONTROL_OR_SPACE.test(decoded))
      return { ok: false, reason: "toPath decodes to '//', a backslash or a control character" };
    return { ok: true, to: toPath, external: false };
  }
  if (!/^https:\/\//i.test(toPath)) {
    return {
      ok: false,
      reason: /^[a-z][a-z0-9+.-]*:/i.test(toPath)
        ? "toPath must be a site path ('/…') or an https URL"
        : "toPath must start with '/' or 'https://'",
    };
  }
  let url: URL;
  try {
    url = new URL(toPath);
  } catch {
    return { ok: false, reason: "toPath is not a valid URL" };
  }
  if (url.username || url.password) return { ok: false, reason: "toPath must not carry credentials" };
  if (!isAllowedHost(url.hostname))
    return { ok: false, reason: `toPath host ${url.hostname} is not allowed (partner.json redirectHosts)` };
  return { ok: true, to: url.href, external: true };
}

/**
 * A target of redirects.json as the browser and `preview` follow it: only within the site
 * (`origin`: the page's own origin; null for preview, which knows no site address). An
 * absolute target on another host is never followed from the table, whose copy may be stale
 * or tampered with: the navigation goes to the fromPath, where the host's `_redirects` rule
 * or the meta-refresh page the build wrote (after checking the host against partner.json)
 * sends the visitor on (docs/security.md, "Redirects and paths").
 */
export function tableTarget(toPath: string, origin: string | null): RedirectTarget {
  const target = normalizeRedirectTarget(toPath, () => true);
  if (!target.ok || !target.external) return target;
  if (origin !== null && new URL(target.to).origin === origin) return target;
  return {
    ok: false,
    reason: `toPath leaves the site (${new URL(target.to).host}); the table is followed only within it`,
  };
}

/** Checks a fromPath: a plain site path, written as a folder of the output. */
export function normalizeRedirectSource(fromPath: string): RedirectSource {
  if (!fromPath.startsWith("/")) return { ok: false, reason: "fromPath must start with '/'" };
  if (fromPath.startsWith("//") || fromPath.includes("\\"))
    return { ok: false, reason: "fromPath must not start with '//' or contain a backslash" };
  if (/[?#]/.test(fromPath)) return { ok: false, reason: "fromPath must be a path without query or fragment" };
  if (CONTROL_OR_SPACE.test(fromPath))
    return { ok: false, reason: "fromPath contains white space or a control character" };
  const segments = decodeOnce(fromPath).split("/");
  if (segments.includes("..") || segments.includes("."))
    return { ok: false, reason: "fromPath must not contain '.' or '..' segments" };
  if (segments.some((segment) => segment.startsWith(":") || segment.includes("*"))) {
    return {
      ok: false,
      reason:
        "fromPath uses wildcard or placeholder syntax ('*', ':name'), which static pages and the client table cannot follow; list each path",
    };
  }
  return { ok: true, from: fromPath };
}
