/**
 * The ad slot (spec 3.5 "Ad block"): the desktop and mobile placement ids for the ad service.
 * It is written collapsed (`hidden`): an empty "Annonse" box, or 250 px of nothing in the
 * middle of a phone's page, helps nobody. With partner.json's adServer, client/ad-slots.ts
 * asks for its placement after consent and removes `hidden` when an ad has loaded
 * (docs/data-format.md "adServer"). Not a landmark: a page has several slots.
 */
export function AdSlot({ id, mobileId }: { id: string; mobileId: string }) {
  return (
    <div className="ad-slot" data-ad-id={id} data-ad-mobile-id={mobileId} hidden>
      <span className="ad-slot__label" aria-hidden="true">
        Annonse
      </span>
    </div>
  );
}
