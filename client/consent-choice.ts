/**
 * The visitor's stored consent (client/consent.ts asks for it), on its own so an island can read
 * it without the banner's code: the trailer facade (client/islands/trailer.ts) plays at once
 * after a yes (docs/spec-decisions.md, "Trailers").
 */
import type { ConsentChoice } from "./consent-banner.js";

export const CONSENT_KEY = "cinema-consent";

export function readConsent(): ConsentChoice | null {
  try {
    const value = localStorage.getItem(CONSENT_KEY);
    return value === "granted" || value === "denied" ? value : null;
  } catch {
    return null;
  }
}
