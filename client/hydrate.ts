/**
 * The one place the browser hydrates: an island bundle is `export default hydrateWith(Component)`.
 * hydrateRoot over the island element, with the same props and identifierPrefix the server
 * rendered with (templates/ui/island.tsx), so the markup matches and no hydration warning fires.
 */
import { createElement, startTransition, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import type { IslandMount } from "../src/isomorphic/island-contract.js";
import { readIslandProps, readSharedProps } from "../src/isomorphic/island-props.js";

export function hydrateWith<P extends object>(Component: ComponentType<P>): IslandMount {
  return (element, identifierPrefix) => {
    // The page's shared values: one <main> is in the document at a time (the page loader swaps it).
    const props = readIslandProps(element, readSharedProps(element.ownerDocument));
    // In a transition, React hydrates in slices of a few milliseconds and yields to the browser
    // between them, instead of one task as long as the island is big (docs/performance.md: the programme
    // island's hydration was a 250 ms task on a throttled phone, most of /kinoprogram's
    // blocking time). The server HTML is on screen and usable meanwhile.
    let root: ReturnType<typeof hydrateRoot> | undefined;
    // The page loader may unmount an island whose sliced hydration has not finished (a quick
    // click away). React then reports the unmount as an early update to the root (error 424):
    // caused by us, not by a mismatch, so it is not reported as one.
    let unmounting = false;
    startTransition(() => {
      root = hydrateRoot(element, createElement(Component, props as P), {
        identifierPrefix,
        onRecoverableError: (error) => {
          if (!unmounting) console.error("island hydration error", element.getAttribute("data-island"), error);
        },
      });
    });
    return () => {
      unmounting = true;
      root?.unmount();
    };
  };
}
