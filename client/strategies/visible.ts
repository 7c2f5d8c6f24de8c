/** client:visible: hydrate when the island comes near the viewport (200 px ahead), once. */
export function whenVisible(element: Element, hydrate: () => void): void {
  if (!("IntersectionObserver" in window)) return hydrate();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      hydrate();
    },
    { rootMargin: "200px" },
  );
  observer.observe(element);
}
