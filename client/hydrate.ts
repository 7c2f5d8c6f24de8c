/**
 * The one place the browser hydrates: an island bundle is `export default hydrateWith(Component)`.
 * hydrateRoot over the island element, with the same props and identifierPrefix the server
 * rendered with (templates/ui/island.tsx), so the markup matches and no hydration warning fires.
 */
import { createElement, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import type { IslandMount } from "./island-contract.js";

export function hydrateWith<P extends object>(Component: ComponentType<P>): IslandMount {
  return (element, props, identifierPrefix) => {
    const root = hydrateRoot(element, createElement(Component, props as P), {
      identifierPrefix,
      onRecoverableError: (error) => console.error("island hydration error", element.getAttribute("data-island"), error),
    });
    return () => root.unmount();
  };
}
