/**
 * The redirect table in the browser (spec 2.1): applied on first load and on every
 * navigation, replacing the history entry. Paths compare by the same key as the build's
 * planRedirects (docs/redirects.md): percent-decoded, trailing slashes ignored. The build
 * writes only entries whose fromPath is not a page, so no page is ever redirected away.
 * Every entry passes the same normaliser as in the build (src/isomorphic/redirect-path.ts) before it
 * is used, and only targets on the page's own origin are followed, so a stale or tampered
 * table cannot send a visitor off the site ('/\evil.example', 'https://evil.example/').
 */
import { normalizeRedirectSource, redirectKey, tableTarget } from "../src/isomorphic/redirect-path.js";

export { redirectKey };

export interface RedirectEntry {
  fromPath: string;
  toPath: string;
}

let table: Map<string, string> | null = null;

/**
 * Loads /redirects.json once; a failed load (offline, old deploy) means no redirects. Only
 * targets on the page's own origin are kept (tableTarget in src/isomorphic/redirect-path.ts).
 */
export async function loadRedirectTable(
  url = "/redirects.json",
  origin: string | null = globalThis.location?.origin ?? null,
): Promise<Map<string, string>> {
  if (table) return table;
  const loaded = new Map<string, string>();
  try {
    const response = await fetch(url, { credentials: "same-origin" });
    if (response.ok) {
      const entries: unknown = await response.json();
      if (Array.isArray(entries)) {
        for (const entry of entries as RedirectEntry[]) {
          if (!entry || typeof entry.fromPath !== "string" || typeof entry.toPath !== "string") continue;
          const target = tableTarget(entry.toPath, origin);
          if (normalizeRedirectSource(entry.fromPath).ok && target.ok)
            loaded.set(redirectKey(entry.fromPath), target.to);
        }
      }
    }
  } catch {
    // Offline or a broken answer: navigation goes on without the table.
  }
  table = loaded;
  return loaded;
}

/** The target for a path, or null. Query and fragment of the visit are kept. */
export function findRedirect(entries: Map<string, string>, url: URL): string | null {
  const key = redirectKey(url.pathname);
  const to = entries.get(key);
  if (!to) return null;
  // A target that is this very path (also written as an absolute URL on this origin) would loop.
  const target = new URL(to, url);
  if (target.origin === url.origin && redirectKey(target.pathname) === key) return null;
  return /[?#]/.test(to) ? to : `${to}${url.search}${url.hash}`;
}

/** Applies the table now, on back/forward, and on clicks on same-origin links. */
export async function startRedirects(): Promise<void> {
  const entries = await loadRedirectTable();
  if (entries.size === 0) return;
  const redirectHere = () => {
    const to = findRedirect(entries, new URL(location.href));
    if (to) location.replace(to);
  };
  redirectHere();
  addEventListener("popstate", redirectHere);
  document.addEventListener("click", (event) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
    if (!anchor || anchor.hasAttribute("download") || (anchor.target && anchor.target !== "_self")) return;
    const url = new URL(anchor.href, location.href);
    if (url.origin !== location.origin) return;
    const to = findRedirect(entries, url);
    if (!to) return;
    // The fromPath never enters the history: the link goes straight to the target.
    event.preventDefault();
    location.assign(to);
  });
}
