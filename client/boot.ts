/**
 * The boot script every page loads (bundled by src/emit/bundle-client.ts): placeholders for
 * images that fail, the redirect table, the service worker and the islands runtime. It imports no React: a page without
 * islands loads nothing else (docs/islands.md).
 */
import { watchImageFailures } from "./image-fallback.js";
import { mountIslands } from "./islands-runtime.js";
import { startRedirects } from "./redirect-table.js";
import { registerServiceWorker } from "./service-worker.js";

watchImageFailures(document);
void startRedirects();
registerServiceWorker();
mountIslands(document);
