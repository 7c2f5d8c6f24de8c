import { islandAttributes } from "./island.js";

/**
 * The ad slot (spec 3.5 "Ad block"): an empty, labelled placeholder carrying the desktop and
 * mobile placement ids; the ad island asks the ad service to fill it.
 */
export function AdSlot({ id, mobileId }: { id: string; mobileId: string }) {
  return (
    <aside className="ad-slot" aria-label="Annonse" data-ad-id={id} data-ad-mobile-id={mobileId} {...islandAttributes("ad", { id, mobileId })}>
      <span className="ad-slot__label" aria-hidden="true">
        Annonse
      </span>
    </aside>
  );
}
