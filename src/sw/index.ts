/**
 * The service worker stage: from the emitted assets to /sw.js and /offline.html, or the
 * kill-switch worker when the build runs with --sw-kill-switch.
 */
import type { OutputFile } from "../model/output-file.js";
import { generateServiceWorker } from "./generate-sw.js";
import { generateKillSwitchWorker } from "./kill-switch.js";
import { OFFLINE_PAGE_PATH, renderOfflinePage, type OfflinePageOptions } from "./offline-page.js";

export { generateServiceWorker, CACHE_NAMES, type ServiceWorkerOptions } from "./generate-sw.js";
export { generateKillSwitchWorker } from "./kill-switch.js";
export { renderOfflinePage, OFFLINE_PAGE_PATH, type OfflinePageOptions } from "./offline-page.js";

export interface PlanServiceWorkerOptions {
  /** The hashed CSS/JS bundles (paths like 'assets/main.1a2b3c4d.js'). */
  assets: OutputFile[];
  /**
   * redirects.json from planRedirects: precached (by content hash) so the client applies the
   * table offline too; a changed table changes sw.js, so it is never stale after a deploy.
   */
  redirectTable?: OutputFile;
  imageCdnHost: string;
  offlinePage: OfflinePageOptions;
  killSwitch: boolean;
  cacheId?: string;
  /** The address the host serves the offline page at; default '/offline.html'. */
  offlineUrl?: string;
}

/** sw.js and offline.html (the offline page is written in both modes; it is harmless). */
export async function planServiceWorker(options: PlanServiceWorkerOptions): Promise<OutputFile[]> {
  const offline: OutputFile = { path: OFFLINE_PAGE_PATH, contents: renderOfflinePage(options.offlinePage) };
  if (options.killSwitch) return [{ path: "sw.js", contents: generateKillSwitchWorker() }, offline];
  const sw = await generateServiceWorker({
    precache: [...options.assets, ...(options.redirectTable ? [options.redirectTable] : []), offline],
    imageCdnHost: options.imageCdnHost,
    cacheId: options.cacheId,
    offlineUrl: options.offlineUrl,
  });
  return [{ path: "sw.js", contents: sw }, offline];
}
