/**
 * /sw.js, generated with workbox-build's generateSW and the workbox runtime inlined (no CDN
 * importScripts, so the build runs offline). Design (docs/service-worker.md):
 * - precache only the content-hashed CSS/JS and the offline page, never page HTML;
 * - navigations and page JSON: network first with a short timeout, cache fallback, so a
 *   weekly visitor sees this week's programme and pages seen before work offline;
 * - navigation with nothing cached: the precached offline page;
 * - images from the partner's image CDN: cache first, bounded in count and age;
 * - skipWaiting + clientsClaim: a new deploy takes over at once (the client reloads once).
 * The output is byte-identical for identical inputs: entries are sorted, revisions are
 * content hashes, and workbox adds no timestamps (tests/unit/service-worker.test.ts).
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { generateSW, RuntimeCaching } from "workbox-build";
import { hashAsset } from "../emit/content-hash.js";
import type { OutputFile } from "../emit/output-file.js";
import { OFFLINE_PAGE_PATH } from "./offline-page.js";
import { memoizeWorker } from "./worker-cache.js";

export interface ServiceWorkerOptions {
  /** Files to precache: the hashed CSS/JS bundles and the offline page, paths relative to the site root. */
  precache: OutputFile[];
  /** partner.imageCdn.host, e.g. 'https://img.kinoplattform.example'. */
  imageCdnHost: string;
  /** Seconds before a navigation or page-JSON request falls back to the cache. Default 3. */
  networkTimeoutSeconds?: number;
  /** Prefix of the cache names, e.g. 'cinema-178'. */
  cacheId?: string;
}

/** Cache names, exported for tests and the docs. */
export const CACHE_NAMES = { pages: "pages", pageData: "page-data", images: "cdn-images" } as const;

/**
 * A file name with an 8-character content hash needs no revision: ours ('site.1a2b3c4d.css')
 * and esbuild's ('boot.YGAF4AYJ.js', base32).
 */
const HASHED_NAME = /\.([0-9a-f]{8}|[0-9A-Z]{8})\.[a-z0-9]+$/;

// Built with new Function so the serialised source is the same however this module was
// compiled (tsx, esbuild, tsc): workbox writes urlPattern functions into sw.js as text.
const isNavigation = new Function("context", "return context.request.mode === 'navigate';") as Extract<RuntimeCaching["urlPattern"], (...args: never[]) => unknown>;

export async function generateServiceWorker(options: ServiceWorkerOptions): Promise<string> {
  const timeout = options.networkTimeoutSeconds ?? 3;
  const entries = options.precache
    .map((file) => ({ url: `/${file.path}`, revision: HASHED_NAME.test(file.path) ? null : hashAsset(file.contents) }))
    .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  const offlineUrl = `/${OFFLINE_PAGE_PATH}`;
  if (!entries.some((entry) => entry.url === offlineUrl)) throw new Error(`the service worker's precache must include ${offlineUrl}`);
  const config = workboxConfig(options, entries, timeout, offlineUrl);
  // The whole configuration is the memo's key: changing a caching rule here changes the key.
  return memoizeWorker(config, () => runGenerateSW(config));
}

type WorkboxConfig = Omit<Parameters<typeof generateSW>[0], "swDest" | "globDirectory">;

async function runGenerateSW(config: WorkboxConfig): Promise<string> {
  // Imported only when the worker is not in the memo: workbox-build loads rollup, babel and
  // terser (0.7 s), which a build with an unchanged worker never needs (issue 14).
  const { generateSW } = await import("workbox-build");
  const dir = await mkdtemp(path.join(os.tmpdir(), "cinema-build-sw-"));
  try {
    const swDest = path.join(dir, "sw.js");
    // Nothing is globbed (the folder is empty): the precache list is exactly the files given.
    // workbox only writes a precache manifest when globDirectory is set.
    await generateSW({ ...config, swDest, globDirectory: dir } as Parameters<typeof generateSW>[0]);
    return await readFile(swDest, "utf8");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function workboxConfig(options: ServiceWorkerOptions, entries: { url: string; revision: string | null }[], timeout: number, offlineUrl: string): WorkboxConfig {
  return {
    mode: "production",
    sourcemap: false,
    inlineWorkboxRuntime: true,
    disableDevLogs: true,
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    ...(options.cacheId ? { cacheId: options.cacheId } : {}),
    additionalManifestEntries: entries,
    globPatterns: [],
    runtimeCaching: [
      {
        urlPattern: isNavigation,
        handler: "NetworkFirst",
        options: {
          cacheName: CACHE_NAMES.pages,
          networkTimeoutSeconds: timeout,
          expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
          precacheFallback: { fallbackURL: offlineUrl },
        },
      },
      {
        urlPattern: /\/(page-data\/.+\.json|redirects\.json|page-manifest\.json)(\?.*)?$/,
        handler: "NetworkFirst",
        options: {
          cacheName: CACHE_NAMES.pageData,
          networkTimeoutSeconds: timeout,
          expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        urlPattern: new RegExp(`^${escapeRegExp(new URL(options.imageCdnHost).origin)}/`),
        handler: "CacheFirst",
        options: {
          cacheName: CACHE_NAMES.images,
          // Cross-origin <img> answers are opaque (status 0); browsers count each at several
          // MB of quota, so the bound is kept small and quota errors purge this cache.
          expiration: { maxEntries: 120, maxAgeSeconds: 14 * 24 * 3600, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [0, 200] },
        },
      },
    ],
  };
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
