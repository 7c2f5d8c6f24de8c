/**
 * Registers /sw.js (spec 2.1, 7.6) and reloads once when a new worker takes over (spec 2.1),
 * with the two messages of spec 8. The reload happens only when a worker replaces a previous
 * controller (not on a first install, which changes nothing on screen), at most once per
 * page, and never twice within RELOAD_GUARD_MS in one tab: a deploy that breaks the worker
 * cannot put the page in a reload loop (docs/service-worker.md).
 */
const RELOAD_KEY = "cinema-sw-reloaded-at";
const RELOAD_GUARD_MS = 10_000;

export function registerServiceWorker(scriptUrl = "/sw.js"): void {
  // Blocked by the browser (a policy, an automated browser that blocks workers), the property
  // can exist and be undefined: nothing to register, and nothing to log as an error.
  const container =
    "serviceWorker" in navigator ? (navigator.serviceWorker as ServiceWorkerContainer | undefined) : undefined;
  if (!container) return;
  let controller = container.controller;
  let reloading = false;

  container.addEventListener("controllerchange", () => {
    const previous = controller;
    controller = container.controller;
    if (!previous || reloading || reloadedRecently()) return;
    reloading = true;
    markReload();
    location.reload();
  });

  const register = () => {
    container
      .register(scriptUrl)
      .then((registration) => {
        registration?.addEventListener("updatefound", () => {
          const worker = registration.installing;
          worker?.addEventListener("statechange", () => {
            if (worker.state === "installed" && !container.controller) console.log("Content is now available offline!");
          });
        });
      })
      .catch((error: unknown) => {
        console.error("Error during service worker registration:", error);
      });
  };
  if (document.readyState === "complete") register();
  else addEventListener("load", register, { once: true });
}

function reloadedRecently(): boolean {
  try {
    const at = Number(sessionStorage.getItem(RELOAD_KEY));
    return Number.isFinite(at) && at > 0 && Date.now() - at < RELOAD_GUARD_MS;
  } catch {
    return false;
  }
}

function markReload(): void {
  try {
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    // Storage blocked (private mode): the in-page flag still allows one reload only.
  }
}
