/**
 * Browser entry of every page (bundled by the build as an ES module, see
 * src/emit/bundle-client.ts): the redirect table and the service worker. Browser-only code.
 */
import { startRedirects } from "./redirect-table.js";
import { registerServiceWorker } from "./service-worker.js";

void startRedirects();
registerServiceWorker();
