/**
 * Finds the island markers the server wrote (templates/ui/island.tsx) and hydrates each one
 * by its strategy: the island's own bundle is imported from data-island-src, so a page loads
 * only the islands it uses, and React only when one of them hydrates. A bundle that fails to
 * load leaves the server HTML as it is (spec 8: 'bundle loading error').
 */
import { ISLAND_ATTRIBUTES as A, type IslandMount, type IslandWhen } from "../src/isomorphic/island-contract.js";
import { MESSAGES } from "./loader/constants.js";
import { whenIdle } from "./strategies/idle.js";
import { whenInteraction } from "./strategies/interaction.js";
import { whenLoad } from "./strategies/load.js";
import { whenVisible } from "./strategies/visible.js";

const STRATEGIES: Record<IslandWhen, (element: Element, hydrate: () => void) => void> = {
  load: whenLoad,
  idle: whenIdle,
  visible: whenVisible,
  interaction: whenInteraction,
};

/** What unmounts each hydrated island (the page loader calls unmountIslands before a swap). */
const mounted = new Map<Element, () => void>();

export function mountIslands(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement>(`[${A.kind}][${A.src}]`)) {
    if (mounted.has(element) || element.hasAttribute(A.pending)) continue;
    const when = (element.getAttribute(A.when) as IslandWhen | null) ?? "load";
    element.setAttribute(A.pending, "");
    (STRATEGIES[when] ?? whenLoad)(element, () => void hydrateIsland(element));
  }
}

export function unmountIslands(root: ParentNode): void {
  for (const [element, unmount] of mounted) {
    if (!root.contains(element)) continue;
    mounted.delete(element);
    unmount();
  }
}

async function hydrateIsland(element: HTMLElement): Promise<void> {
  if (!element.isConnected) return;
  // mountIslands selects only markers with a bundle URL.
  const src = element.getAttribute(A.src)!;
  let mount: IslandMount;
  try {
    mount = ((await import(/* @vite-ignore */ src)) as { default: IslandMount }).default;
  } catch (error) {
    // Spec 8: the failure goes back to the caller (here: the island stays server HTML).
    console.error(MESSAGES.bundle, error);
    element.removeAttribute(A.pending);
    return;
  }
  if (!element.isConnected) return;
  mounted.set(element, mount(element, element.getAttribute(A.id) ?? ""));
  element.removeAttribute(A.pending);
  element.setAttribute(A.hydrated, "");
}
