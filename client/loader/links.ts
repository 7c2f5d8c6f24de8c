/**
 * Which clicks the loader takes over, and prefetching (spec 2.1): a plain left click on a
 * same-origin link to a page, never a new window, a download, a modified click, a file
 * (/sitemap.xml, /assets/…) or an in-page anchor. Prefetch on hover/focus (data and HTML) and
 * when a link enters the viewport (data file only, at most VIEWPORT_PREFETCH_LIMIT per
 * page), never when the visitor saves data or is on 2g. A hover counts after HOVER_PREFETCH_MS.
 */
const FILE_EXTENSION = /\.(?!html?$)[a-z0-9]{1,8}$/i;
const NOT_PAGES = /^\/(assets|page-data)\//;
export const VIEWPORT_PREFETCH_LIMIT = 30;
/** A pointer must rest this long on a link: sweeping across the menu fetches nothing. */
export const HOVER_PREFETCH_MS = 65;

/** The URL a click should load in the page, or null to leave it to the browser. */
export function pageUrlOfClick(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
  return anchor ? pageUrlOfLink(anchor) : null;
}

export function pageUrlOfLink(anchor: HTMLAnchorElement): URL | null {
  if (
    anchor.hasAttribute("download") ||
    (anchor.target && anchor.target !== "_self") ||
    anchor.hasAttribute("data-reload")
  )
    return null;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin || NOT_PAGES.test(url.pathname) || FILE_EXTENSION.test(url.pathname)) return null;
  // An anchor on the page shown: the browser scrolls to it.
  if (url.hash && url.pathname === location.pathname && url.search === location.search) return null;
  return url;
}

/** Save-Data or a 2g connection: no prefetching (Network Information API, where it exists). */
export function prefetchAllowed(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } })
    .connection;
  if (!connection) return true;
  return !connection.saveData && !/(^|-)2g$/.test(connection.effectiveType ?? "");
}

export type Prefetch = (url: URL, withHtml: boolean) => void;

export function startPrefetching(prefetch: Prefetch): { observe(root: ParentNode): void } {
  const onIntent = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
    const url = anchor && prefetchAllowed() ? pageUrlOfLink(anchor) : null;
    if (url) prefetch(url, true);
  };
  let hover: ReturnType<typeof setTimeout> | undefined;
  document.addEventListener(
    "mouseover",
    (event) => {
      clearTimeout(hover);
      hover = setTimeout(() => onIntent(event), HOVER_PREFETCH_MS);
    },
    { passive: true },
  );
  document.addEventListener("focusin", onIntent);
  document.addEventListener("touchstart", onIntent, { passive: true });

  let budget = VIEWPORT_PREFETCH_LIMIT;
  const observer =
    "IntersectionObserver" in window
      ? new IntersectionObserver((entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            observer?.unobserve(entry.target);
            const url = prefetchAllowed() && budget > 0 ? pageUrlOfLink(entry.target as HTMLAnchorElement) : null;
            if (!url) continue;
            budget -= 1;
            prefetch(url, false);
          }
        })
      : null;
  return {
    observe(root) {
      if (!observer) return;
      observer.disconnect();
      budget = VIEWPORT_PREFETCH_LIMIT;
      for (const anchor of root.querySelectorAll<HTMLAnchorElement>("main a[href]")) observer.observe(anchor);
    },
  };
}
