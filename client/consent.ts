/**
 * Consent first (spec 3.6, 7.6; docs/islands.md): a small Norwegian banner, built without
 * React, that asks before anything leaves for a third party. The choice is remembered in
 * localStorage and can be changed from the footer's "Innstillinger for informasjonskapsler"
 * button ([data-consent-open]). Until the visitor says yes, no analytics, pixel or
 * third-party footer script loads. Withdrawing a yes reloads the page, since scripts
 * already running cannot be unloaded. The banner itself (client/consent-banner.ts) is a chunk
 * loaded only when there is a question to ask: a returning visitor never downloads it. A
 * partner with nothing third-party is asked nothing.
 */
import type { ConsentChoice } from "./consent-banner.js";
import { CONSENT_KEY, readConsent } from "./consent-choice.js";
import { MESSAGES } from "./loader/constants.js";

export { CONSENT_KEY, readConsent };

function storeConsent(choice: ConsentChoice): void {
  try {
    localStorage.setItem(CONSENT_KEY, choice);
  } catch {
    // Storage blocked: the choice holds for this page view only.
  }
}

/** Shows the banner when no choice is stored; calls onGranted once the visitor agrees. */
export function startConsent(onGranted: () => void): void {
  // Nothing to ask about (no tracking id, pixel or ad server on <body>, no held footer html): no banner, no button.
  if (!document.querySelector("[data-analytics-id],[data-pixel-id],[data-ad-script],template[data-consent-html]"))
    return;
  const showBanner = (choose: (choice: ConsentChoice) => void, focus?: boolean) =>
    import("./consent-banner.js").then(
      ({ showConsentBanner }) => showConsentBanner(choose, focus),
      (error: unknown) => console.error(MESSAGES.bundle, error),
    );
  let granted = readConsent() === "granted";
  if (granted) onGranted();
  else if (readConsent() === null) void showBanner(choose);
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-consent-open]")) {
    button.hidden = false;
    button.addEventListener("click", () => void showBanner(choose, true));
  }

  function choose(choice: ConsentChoice): void {
    storeConsent(choice);
    if (choice === "granted" && !granted) {
      granted = true;
      onGranted();
    } else if (choice === "denied" && granted) location.reload();
  }
}
