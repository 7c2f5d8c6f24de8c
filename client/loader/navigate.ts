/**
 * One navigation of the page loader (spec 2.1, 8, 9), in the order the spec gives:
 * redirect table (history entry replaced) -> a path that failed before, while online, is a
 * full navigation -> unknown path: /404.html -> load data and HTML (delayed-load event after
 * DELAYED_LOAD_MS, navigation still goes ahead) -> swap, focus, announce, scroll. A failed
 * load is logged, remembered, and while online becomes a full browser navigation.
 */
import { pathKey as redirectKey } from "../../src/isomorphic/path-key.js";
import { redirectFor } from "./redirects.js";
import { DELAYED_LOAD_EVENT, DELAYED_LOAD_MS, MESSAGES, PAGE_LOADED_EVENT, formatMessage } from "./constants.js";
import type { FailureList } from "./failure-list.js";
import { mountIslands, unmountIslands } from "../islands-runtime.js";
import { resourceFailure, type ResourceFailure, type ResourceLoader } from "./load-resources.js";
import type { LoadOutcomes } from "./online-status.js";
import { loadManifest, pageHtmlUrlOf, type ManifestEntry } from "./page-manifest.js";

/** push: a link; replace: a redirect or the same URL again; pop: back/forward (URL already changed). */
export type NavigationMode = "push" | "replace" | "pop";

export interface NavigatorDeps {
  resources: ResourceLoader;
  outcomes: LoadOutcomes;
  failures: FailureList;
}

const ISLANDS = { mount: mountIslands, unmount: unmountIslands };

interface ScrollState {
  cinemaScrollY?: number;
}

export function createNavigator({ resources, outcomes, failures }: NavigatorDeps) {
  let latest = 0;
  const online = () => outcomes.isOnline(navigator.onLine);

  async function entryOf(path: string): Promise<ManifestEntry | undefined> {
    return (await loadManifest(resources.json)).get(redirectKey(path));
  }

  async function navigate(requested: URL, requestedMode: NavigationMode): Promise<void> {
    const id = ++latest;
    let url = requested;
    let mode = requestedMode;
    const redirect = await redirectFor(url);
    if (redirect) {
      const target = new URL(redirect, location.href);
      // The fromPath never stays in the history (spec 2.1).
      if (target.origin !== location.origin) return leave(target, mode === "push" ? "push" : "replace");
      url = target;
      if (mode === "pop") mode = "replace";
    }
    const path = url.pathname;
    if (failures.has(path) && online()) {
      console.warn(formatMessage(MESSAGES.previousFailure, redirectKey(path)));
      return leave(url, mode);
    }
    const delayed = setTimeout(() => {
      document.documentElement.setAttribute("data-page-loading", "slow");
      dispatchEvent(new CustomEvent(DELAYED_LOAD_EVENT, { detail: { path } }));
    }, DELAYED_LOAD_MS);
    try {
      const entry = await entryOf(path);
      if (!entry) {
        // Unknown to this document's page list, which may be older than the site (a deploy
        // since it loaded): the host answers with the page, its redirect, or its 404.html.
        console.warn(formatMessage(MESSAGES.notFound, redirectKey(path)));
        return leave(url, mode);
      }
      const [{ data, html }, { swapPage, focusAndAnnounce }] = await Promise.all([resources.page(entry), loadSwap()]);
      if (id !== latest) return;
      commitHistory(url, mode);
      const main = swapPage(data, html, ISLANDS);
      if (!main) throw resourceFailure("Layout", pageHtmlUrlOf(entry));
      failures.delete(path);
      focusAndAnnounce(main, data.title);
      restoreScroll(url, mode);
      dispatchEvent(new CustomEvent(PAGE_LOADED_EVENT, { detail: { path: url.pathname, data } }));
    } catch (error) {
      if (id !== latest) return;
      const resource = (error as ResourceFailure).resource
        ? `${(error as ResourceFailure).resource} ${(error as ResourceFailure).url}`
        : error;
      console.error(formatMessage(MESSAGES.resourceFailure, redirectKey(path)), resource);
      failures.add(path);
      // Offline with a service worker, the browser's own navigation gets the stored page or
      // the worker's offline page: something to see, not a click that does nothing.
      if (online() || navigator.serviceWorker?.controller) return leave(url, mode);
      announceOffline();
    } finally {
      clearTimeout(delayed);
      if (id === latest) document.documentElement.removeAttribute("data-page-loading");
    }
  }

  return { navigate };
}

/** The DOM half of the loader, a chunk of its own; spec 8: a chunk that fails is logged. */
export function loadSwap(): Promise<typeof import("./swap-page.js")> {
  swap ??= import("./swap-page.js").catch((error: unknown) => {
    swap = null;
    console.error(MESSAGES.bundle, error);
    throw error;
  });
  return swap;
}
let swap: Promise<typeof import("./swap-page.js")> | null = null;

/** A full browser navigation (spec 2.1: failed loads while online). */
function leave(url: URL, mode: NavigationMode): void {
  if (mode === "push") location.assign(url.href);
  else location.replace(url.href);
}

function commitHistory(url: URL, mode: NavigationMode): void {
  const href = `${url.pathname}${url.search}${url.hash}`;
  if (mode === "push") {
    rememberScroll();
    history.pushState({ cinemaScrollY: 0 } satisfies ScrollState, "", href);
  } else if (mode === "replace") history.replaceState({ cinemaScrollY: 0 } satisfies ScrollState, "", href);
}

/** Stores the scroll position in the current history entry, for back/forward. */
export function rememberScroll(): void {
  const state = (history.state ?? {}) as ScrollState;
  history.replaceState({ ...state, cinemaScrollY: scrollY }, "");
}

function restoreScroll(url: URL, mode: NavigationMode): void {
  if (mode === "pop") {
    jumpTo(((history.state ?? {}) as ScrollState).cinemaScrollY ?? 0);
    return;
  }
  const target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
  if (target) target.scrollIntoView();
  else jumpTo(0);
}

/** Instant, whatever the stylesheet's scroll-behavior: a new page starts where it starts. */
function jumpTo(top: number): void {
  scrollTo({ top, behavior: "instant" });
}

function announceOffline(): void {
  const announcer = document.getElementById("sidelaster-kunngjoring");
  if (announcer) announcer.textContent = "Siden kunne ikke lastes. Sjekk nettforbindelsen.";
}
