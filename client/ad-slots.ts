/**
 * The ad slots (spec 3.3 "an ad slot, named after its ad-serving service", 3.5 "Ad block":
 * a desktop and a mobile placement id), filled by the ad server partner.json names (adServer:
 * its script and network, on <body> as data-ad-script and data-ad-network). The boot script
 * loads this chunk only after the visitor's consent and only on a page with slots, so a page
 * without them, or a visitor who says no, downloads nothing of it; it imports no React.
 *
 * The ad server's script is loaded once per page view and asked for each slot's placement
 * through the Adnuntius tag's command queue (`window.adn.calls`, `adn.request({ network,
 * adUnits })`): the mobile placement below 768 px, else the desktop one. A slot is written
 * collapsed (templates/ui/ad-slot.tsx) and opens when its ad has loaded (`onPageLoad`); one
 * the server has no ad for (`onNoMatchedAds`), or that never answers, stays collapsed.
 */

/** Widths below this are phones and small tablets: they get the mobile placement. */
export const MOBILE_QUERY = "(max-width: 767.98px)";

/** One ad unit of an Adnuntius request. */
export interface AdnUnit {
  auId: string;
  /** Id of the element the ad is written into. */
  targetId: string;
  onPageLoad: () => void;
  onNoMatchedAds: () => void;
}

interface Adn {
  calls?: (() => void)[];
  request?: (options: { network: string; adUnits: AdnUnit[] }) => void;
}

declare global {
  interface Window {
    adn?: Adn;
  }
}

/** Slots already asked for (a page the loader swaps in brings new ones). */
const REQUESTED = "adRequested";
let targets = 0;

/** Asks the ad server for every slot of the page not asked for yet. */
export function fillAdSlots(doc: Document = document): void {
  const { adScript, adNetwork } = doc.body.dataset;
  if (!adScript || !adNetwork) return;
  const mobile = matchMedia(MOBILE_QUERY).matches;
  const units: AdnUnit[] = [];
  for (const slot of doc.querySelectorAll<HTMLElement>(".ad-slot")) {
    if (REQUESTED in slot.dataset) continue;
    slot.dataset[REQUESTED] = "";
    const auId = (mobile ? slot.dataset.adMobileId : slot.dataset.adId) || slot.dataset.adId || slot.dataset.adMobileId;
    if (auId) units.push(unitFor(slot, auId, doc));
  }
  if (units.length === 0) return;
  const adn = (window.adn ??= {});
  const request = () => adn.request?.({ network: adNetwork, adUnits: units });
  // Before the tag has loaded, its queue; after, it is asked directly.
  if (adn.request) request();
  else (adn.calls ??= []).push(request);
  loadScript(adScript, doc);
}

function unitFor(slot: HTMLElement, auId: string, doc: Document): AdnUnit {
  const target = doc.createElement("div");
  target.className = "ad-slot__ad";
  target.id = `adn-slot-${++targets}`;
  slot.append(target);
  return {
    auId,
    targetId: target.id,
    onPageLoad: () => {
      slot.hidden = false;
    },
    onNoMatchedAds: () => {
      slot.hidden = true;
      target.replaceChildren();
    },
  };
}

function loadScript(src: string, doc: Document): void {
  if (doc.querySelector(`script[data-ad-server]`)) return;
  const script = doc.createElement("script");
  script.src = src;
  script.async = true;
  script.dataset.adServer = "";
  doc.head.append(script);
}
