/**
 * The form of a CMS page path (docs/security.md, "Redirects and paths"): a page at '//x/pwned2' or '/x\r\nSet-Cookie: a=b'
 * was written, and its canonical link, sitemap entry and manifest named addresses that do not
 * exist ('//x' is another host to a browser; a control character cannot be sent in a URL).
 * The same rules as a redirect's fromPath (src/isomorphic/redirect-path.ts), checked on the path as
 * written and once percent-decoded, since hosts and browsers decode it.
 */
import { decodeOnce } from "../isomorphic/path-key.js";

/** C0 and C1 control characters and DEL. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Why `pagePath` is not a usable page path, or null when it is. */
export function pagePathProblem(pagePath: string): string | null {
  for (const form of new Set([pagePath, decodeOnce(pagePath)])) {
    if (CONTROL.test(form)) return "the path contains a control character (a line break, tab or the like)";
    if (form.includes("\\")) return "the path contains a backslash (browsers read '/\\host' as another site)";
    if (form.startsWith("//")) return "the path starts with '//' (browsers read '//host' as another site)";
    if (/[?#]/.test(form)) return "the path contains '?' or '#' (a page path has no query or fragment)";
    const segments = form.split("/");
    if (segments.includes("..") || segments.includes(".")) return "the path has a '.' or '..' segment";
  }
  return null;
}

/** A path as it can be shown in a one-line error: control characters escaped ('\r\n'). */
export function showPagePath(pagePath: string): string {
  return JSON.stringify(pagePath).slice(1, -1);
}
