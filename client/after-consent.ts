/**
 * What runs once the visitor has agreed (client/consent.ts), loaded as a chunk of its own so
 * a visitor who says no never downloads it: the footer's held third-party html
 * (client/consent-scripts.ts), analytics (client/analytics.ts) and the ad slots
 * (client/ad-start.ts).
 */
import { startAds } from "./ad-start.js";

export { startAnalytics } from "./analytics.js";
export { releaseConsentHtml } from "./consent-scripts.js";

// Loading this chunk is the consent: the ad slots start with it (no line in the boot script,
// whose budget is spent).
startAds();
