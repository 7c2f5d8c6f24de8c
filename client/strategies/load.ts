/** client:load: hydrate as soon as the boot script runs. */
export function whenLoad(_element: Element, hydrate: () => void): void {
  hydrate();
}
