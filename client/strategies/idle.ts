/** client:idle: hydrate when the main thread is idle (after the page's own work), at most 2 s later. */
export function whenIdle(_element: Element, hydrate: () => void): void {
  if ("requestIdleCallback" in window) window.requestIdleCallback(hydrate, { timeout: 2000 });
  else setTimeout(hydrate, 200);
}
