/**
 * What runs once the visitor has agreed (client/consent.ts), loaded as a chunk of its own so
 * a visitor who says no never downloads it: the footer's held third-party html
 * (client/consent-scripts.ts) and analytics (client/analytics.ts).
 */
export { startAnalytics } from "./analytics.js";
export { releaseConsentHtml } from "./consent-scripts.js";
