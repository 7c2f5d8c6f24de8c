/**
 * The ad slot (spec 3.5 "Ad block"): the desktop and mobile placement ids for the ad service.
 * It is written collapsed (`hidden`): an empty "Annonse" box, or 250 px of nothing in the
 * middle of a phone's page, helps nobody. An ad integration that fills the slot removes
 * `hidden`; none is configured today (docs/spec-decisions.md, client). Not a landmark: a
 * page has several slots.
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
