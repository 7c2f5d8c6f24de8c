/**
 * Starts the ad slots after consent (part of the after-consent chunk): the slot loader
 * (client/ad-slots.ts) is fetched only when partner.json names an ad server and the page has
 * a slot, now and on every page the page loader swaps in.
 */

/**
 * client/loader/constants.ts PAGE_LOADED_EVENT and MESSAGES.bundle, repeated: importing them
 * here would move the loader's constants into a chunk the boot script loads too, past its
 * 4 KB budget (tests/unit/client-budget.test.ts; tests/unit/ad-server-config.test.ts checks
 * they agree).
 */
export const AD_PAGE_EVENT = "cinema:page-loaded";
export const AD_BUNDLE_MESSAGE = "bundle loading error";

export function startAds(): void {
  const fill = () => {
    if (!document.body.dataset.adScript || !document.querySelector(".ad-slot")) return;
    import("./ad-slots.js").then(
      ({ fillAdSlots }) => fillAdSlots(),
      (error: unknown) => console.error(AD_BUNDLE_MESSAGE, error),
    );
  };
  fill();
  addEventListener(AD_PAGE_EVENT, fill);
}
