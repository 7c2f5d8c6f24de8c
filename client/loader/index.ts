/**
 * The page loader (spec 2.1, 8, 9; docs/page-loader.md): internal links load the target's
 * data file and HTML and swap the main content, back/forward restore pages and scroll, the
 * redirect table applies on first load and on every navigation, and links are prefetched.
 */
import { pathKey as redirectKey } from "../../src/isomorphic/path-key.js";
import { redirectFor } from "./redirects.js";
import type { PageData } from "../../src/isomorphic/page-data-contract.js";
import { PAGE_LOADED_EVENT } from "./constants.js";
import { createFailureList } from "./failure-list.js";
import { pageUrlOfClick, startPrefetching } from "./links.js";
import { createResourceLoader } from "./load-resources.js";
import { createNavigator, loadSwap, rememberScroll } from "./navigate.js";
import { createLoadOutcomes } from "./online-status.js";
import { loadManifest } from "./page-manifest.js";

/** onPage: called with the page data of the first page and of every page swapped in. */
export function startLoader(onPage: (data: PageData) => void = () => undefined): void {
  const outcomes = createLoadOutcomes();
  const failures = createFailureList();
  const resources = createResourceLoader(outcomes);
  const { navigate } = createNavigator({ resources, outcomes, failures });

  // Spec 2.1: the table applies on first load too, replacing the history entry. Not awaited:
  // links work at once, and a navigation meanwhile applies the table itself.
  void redirectFor(new URL(location.href)).then((to) => to && location.replace(to));

  // Spec 2.1: every page loads its own data file, the first one too.
  const dataUrl = document.body.dataset.pageData;
  if (dataUrl)
    resources.json(dataUrl).then(
      (data) => onPage(data as PageData),
      () => undefined,
    );
  addEventListener(PAGE_LOADED_EVENT, (event) => onPage((event as CustomEvent<{ data: PageData }>).detail.data));

  if ("scrollRestoration" in history) history.scrollRestoration = "manual";
  let shownPath = location.pathname;
  addEventListener(PAGE_LOADED_EVENT, () => (shownPath = location.pathname));
  document.addEventListener("click", (event) => {
    const url = pageUrlOfClick(event);
    if (!url) return;
    event.preventDefault();
    const same = url.href === location.href;
    void navigate(url, same ? "replace" : "push");
  });
  addEventListener("popstate", () => {
    // Only the hash or the query changed (an anchor, the search island's ?q=): not a new page.
    if (location.pathname === shownPath) return;
    void navigate(new URL(location.href), "pop");
  });
  addEventListener("pagehide", rememberScroll);

  const prefetcher = startPrefetching((url, withHtml) => {
    if (failures.has(url.pathname)) return;
    if (withHtml) loadSwap().catch(() => undefined);
    loadManifest(resources.json)
      .then((manifest) => manifest.get(redirectKey(url.pathname)))
      .then((entry) => (entry ? resources.page(entry, { html: withHtml }) : undefined))
      .catch(() => undefined);
  });
  const observeLinks = () =>
    "requestIdleCallback" in window
      ? requestIdleCallback(() => prefetcher.observe(document))
      : setTimeout(() => prefetcher.observe(document), 200);
  observeLinks();
  addEventListener(PAGE_LOADED_EVENT, observeLinks);
}
