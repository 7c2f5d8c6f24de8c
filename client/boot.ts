/**
 * The boot script every page loads (bundled by src/emit/bundle-client.ts): placeholders for
 * images that fail (the drawing loads only when one does), the page loader
 * with the redirect table, consent and analytics, the service worker and the islands
 * runtime. It imports no React: a page without islands loads nothing else (docs/islands.md),
 * and its size is pinned under 4 KB gzip (tests/unit/client-budget.test.ts).
 */
import type { Analytics } from "./analytics.js";
import { watchImageFailures } from "./image-fallback.js";
import { startConsent } from "./consent.js";
import { mountIslands } from "./islands-runtime.js";
import { startLoader } from "./loader/index.js";
import { MESSAGES } from "./loader/constants.js";
import type { PageData } from "../src/isomorphic/page-data-contract.js";

watchImageFailures(document);
// The header names the logged-in member, as text (docs/member.md "The header"). The link
// names its storage key, so partners without the member service carry none of it; these
// lines repeat src/isomorphic/member/header-name.ts for the boot script's budget.
try {
  const link = document.querySelector<HTMLElement>("[data-profile]")!;
  const profile = JSON.parse(localStorage[link.dataset.profile!]);
  if (profile.token) link.lastChild!.textContent = profile.userName || profile.email;
} catch {
  // no member link, nothing stored, or storage blocked: the link stays "Min side / Logg inn"
}
let shown: PageData | null = null;
let analytics: Analytics | null = null;

startLoader((data) => {
  shown = data;
  analytics?.pageShown(data);
});
// The worker registers after the load event anyway (client/service-worker.ts): its code
// waits outside the boot script until then.
const registerWorker = () =>
  import("./service-worker.js").then(
    ({ registerServiceWorker }) => registerServiceWorker(),
    (error: unknown) => console.error(MESSAGES.bundle, error),
  );
if (document.readyState === "complete") void registerWorker();
else addEventListener("load", () => void registerWorker(), { once: true });
mountIslands(document);
// Its own chunk: a visitor who has not agreed never downloads it.
startConsent(() => {
  import("./after-consent.js").then(
    ({ releaseConsentHtml, startAnalytics }) => {
      releaseConsentHtml();
      analytics = startAnalytics();
      if (shown) analytics?.pageShown(shown);
    },
    (error: unknown) => console.error(MESSAGES.bundle, error),
  );
});
