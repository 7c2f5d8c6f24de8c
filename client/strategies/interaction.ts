/**
 * client:interaction: hydrate when the visitor first reaches for the island (pointer over it,
 * focus inside it, a touch). For islands that only matter once used, such as a form: a page
 * whose visitor never touches it never downloads React. Until then the server HTML works on
 * its own (the newsletter form posts without JavaScript).
 */
const EVENTS = ["pointerenter", "focusin", "touchstart"] as const;

export function whenInteraction(element: Element, hydrate: () => void): void {
  const start = () => {
    for (const type of EVENTS) element.removeEventListener(type, start);
    hydrate();
  };
  for (const type of EVENTS) element.addEventListener(type, start, { passive: true });
}
