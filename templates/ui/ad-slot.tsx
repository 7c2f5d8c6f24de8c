import { islandAttributes } from "./island.js";

/**
 * The ad slot (spec 3.5 "Ad block"): an empty placeholder carrying the desktop and mobile
 * placement ids; the ad island asks the ad service to fill it. Not a landmark: a page has
 * several slots, and an empty placeholder is no part of the page's structure.
 */
export function AdSlot({ id, mobileId }: { id: string; mobileId: string }) {
  return (
    <div className="ad-slot" data-ad-id={id} data-ad-mobile-id={mobileId} {...islandAttributes("ad", { id, mobileId })}>
      <span className="ad-slot__label" aria-hidden="true">
        Annonse
      </span>
    </div>
  );
}
