/**
 * /sw.js, generated with workbox-build's generateSW and the workbox runtime inlined (no CDN
 * importScripts, so the build runs offline). Design (docs/service-worker.md):
 * - precache only the content-hashed CSS/JS and the offline page, never page HTML;
 * - navigations and page JSON: network first; the cached copy answers only when the network
 *   fails (offline), never because it is slow, so no copy older than the last deploy is shown
 *   while the network works (docs/security.md); URLs with a query (/search?q=…) are never cached;
 * - navigation with nothing cached: the precached offline page;
 * - images from the partner's image CDN: cache first, fetched with CORS so only real 200
 *   answers are cached (an opaque answer may be an error); without CORS they pass uncached;
 * - skipWaiting + clientsClaim: a new deploy takes over at once (the client reloads once).
 * The output is byte-identical for identical inputs: entries are sorted, revisions are
 * content hashes, and workbox adds no timestamps (tests/unit/service-worker.test.ts).
 */
import { realpathSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { threadId } from "node:worker_threads";
import type { generateSW, RuntimeCaching } from "workbox-build";
import { hashAsset } from "../shared/content-hash.js";
import type { OutputFile } from "../model/output-file.js";
import { isOtherProcessAlive } from "../shared/process-alive.js";
import { OFFLINE_PAGE_PATH } from "./offline-page.js";
import { memoizeWorker } from "./worker-cache.js";

export interface ServiceWorkerOptions {
  /** Files to precache: the hashed CSS/JS bundles and the offline page, paths relative to the site root. */
  precache: OutputFile[];
  /** partner.imageCdn.host, e.g. 'https://img.kinoplattform.example'. */
  imageCdnHost: string;
  /** Prefix of the cache names, e.g. 'cinema-178'. */
  cacheId?: string;
  /**
   * The address the host serves the offline page at, when it is not the file's own path
   * (Cloudflare Pages answers '/offline.html' with a 308 to '/offline').
   */
  offlineUrl?: string;
}

/** Cache names, exported for tests and the docs. */
export const CACHE_NAMES = { pages: "pages", pageData: "page-data", images: "cdn-images", islands: "islands" } as const;

/**
 * A file name with an 8-character content hash needs no revision: ours ('site.1a2b3c4d.css')
 * and esbuild's ('boot.YGAF4AYJ.js', base32).
 */
const HASHED_NAME = /\.([0-9a-f]{8}|[0-9A-Z]{8})\.[a-z0-9]+$/;

// Built with new Function so the serialised source is the same however this module was
// compiled (tsx, esbuild, tsc): workbox writes urlPattern functions into sw.js as text.
// A page is a navigation, or the page loader's fetch of a page's HTML (client/loader): a
// same-origin GET of a path without a file extension outside /page-data/ and /assets/ (files
// all have one), so a page reached through a link is there offline too.
const isNavigation = new Function(
  "context",
  "var r = context.request, p = context.url.pathname; return r.mode === 'navigate' || (r.method === 'GET' && context.sameOrigin && r.destination === '' && !/\\.[A-Za-z0-9]+$/.test(p) && !/^\\/(page-data|assets|__)/.test(p));",
) as Extract<RuntimeCaching["urlPattern"], (...args: never[]) => unknown>;

type Plugin = NonNullable<NonNullable<RuntimeCaching["options"]>["plugins"]>[number];
/**
 * Stores only direct answers to URLs without a query: '/search?q=…' and tracking parameters
 * never fill the cache, and neither does an answer that came through a redirect (a host's 308
 * to another slash form): served for a navigation, a redirected response is a network error,
 * so the page would be lost offline.
 */
const directWithoutQueryOnly = new Function(
  "args",
  "return new URL(args.request.url).search === '' && !args.response.redirected ? args.response : null;",
) as NonNullable<Plugin["cacheWillUpdate"]>;
/** CDN images are fetched with CORS, so the worker sees the real status instead of an opaque answer. */
const corsRequest = new Function(
  "args",
  "return new Request(args.request.url, { mode: 'cors', credentials: 'omit' });",
) as NonNullable<Plugin["requestWillFetch"]>;
/** A CDN without CORS headers: the image passes through as the page asked for it, uncached. */
const plainFetch = new Function(
  "args",
  "return fetch(args.request.url, { mode: 'no-cors', credentials: 'omit' }).catch(function () { return Response.error(); });",
) as NonNullable<Plugin["handlerDidError"]>;

export async function generateServiceWorker(options: ServiceWorkerOptions): Promise<string> {
  const offlineUrl = options.offlineUrl ?? `/${OFFLINE_PAGE_PATH}`;
  const urlOf = (file: OutputFile) => (file.path === OFFLINE_PAGE_PATH ? offlineUrl : `/${file.path}`);
  const entries = options.precache
    .map((file) => ({ url: urlOf(file), revision: HASHED_NAME.test(file.path) ? null : hashAsset(file.contents) }))
    .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  if (!entries.some((entry) => entry.url === offlineUrl))
    throw new Error(`the service worker's precache must include ${offlineUrl}`);
  // workbox makes the worker once per configuration, with placeholders where a partner's and a
  // build's own values go (its precache, cache prefix and image CDN), and each build fills them
  // in: the ~2.5 s of rollup and terser are paid once per machine, not once per partner and per
  // changed bundle. The whole configuration is the memo's key: changing a caching rule here
  // changes the key.
  const config = workboxConfig(
    { imageCdnHost: PLACEHOLDER.imageCdnHost, cacheId: options.cacheId && PLACEHOLDER.cacheId },
    [PLACEHOLDER.entry],
    offlineUrl,
  );
  const template = await memoizeWorker(config, () => runGenerateSW(config));
  return fillTemplate(template, entries, options);
}

/** What the template holds where a build's own values go; none can be a real value. */
const PLACEHOLDER = {
  entry: { url: "/__cinema-build-precache__", revision: null },
  cacheId: "__cinema-build-cache-id__",
  imageCdnHost: "https://cinema-build-image-cdn.invalid",
} as const;

/**
 * The build's values in the template, each where terser wrote its placeholder: the precache
 * list as terser writes an array of entries (so the worker is the one workbox would have made
 * with them), the cache prefix as a string, the image CDN inside its route's regular expression.
 */
function fillTemplate(
  template: string,
  entries: { url: string; revision: string | null }[],
  { cacheId, imageCdnHost }: Pick<ServiceWorkerOptions, "cacheId" | "imageCdnHost">,
): string {
  const entryText = ({ url, revision }: { url: string; revision: string | null }) =>
    `{url:${JSON.stringify(url)},revision:${JSON.stringify(revision)}}`;
  let worker = replaceOnce(template, `[${entryText(PLACEHOLDER.entry)}]`, `[${entries.map(entryText).join(",")}]`);
  if (cacheId) worker = replaceOnce(worker, JSON.stringify(PLACEHOLDER.cacheId), JSON.stringify(cacheId));
  return replaceOnce(worker, cdnPattern(PLACEHOLDER.imageCdnHost), cdnPattern(imageCdnHost));
}

/** `text` with its one `placeholder` replaced; a template without it exactly once is a bug here. */
function replaceOnce(text: string, placeholder: string, value: string): string {
  const at = text.indexOf(placeholder);
  if (at < 0 || text.indexOf(placeholder, at + 1) >= 0)
    throw new Error(`the service worker template holds ${placeholder} ${at < 0 ? "nowhere" : "more than once"}`);
  return text.slice(0, at) + value + text.slice(at + placeholder.length);
}

type WorkboxConfig = Omit<Parameters<typeof generateSW>[0], "swDest" | "globDirectory">;

async function runGenerateSW(config: WorkboxConfig): Promise<string> {
  await collectStaleWorkboxFolders();
  const bundlerTmp = claimBundlerTemp();
  // Imported only when the worker is not in the memo: workbox-build loads rollup, babel and
  // terser (0.7 s), which a build with an unchanged worker never needs (docs/performance.md).
  const { generateSW } = await import("workbox-build");
  // The pid in the name lets a later run collect the folder of a run that was killed here.
  const dir = await mkdtemp(path.join(os.tmpdir(), `${WORKBOX_TMP_PREFIX}${process.pid}-`));
  bundlerRuns += 1;
  try {
    if (bundlerTmp) await mkdir(bundlerTmp, { recursive: true });
    const swDest = path.join(dir, "sw.js");
    // Nothing is globbed (the folder is empty): the precache list is exactly the files given.
    // workbox only writes a precache manifest when globDirectory is set.
    await generateSW({ ...config, swDest, globDirectory: dir } as Parameters<typeof generateSW>[0]);
    return await readFile(swDest, "utf8");
  } finally {
    await rm(dir, { recursive: true, force: true });
    bundlerRuns -= 1;
    if (bundlerTmp && bundlerRuns === 0) await rm(bundlerTmp, { recursive: true, force: true });
  }
}

/** generateSW calls under way in this thread: the bundler's folder goes when the last ends. */
let bundlerRuns = 0;

/**
 * workbox-build's bundler writes its input to '<tmpdir>/<32 hex>/sw.js' through tempy and never
 * removes it (README: nothing is left in the temp folder). tempy takes its root once per thread from the
 * 'temp-dir' package, which keeps the first value in a global symbol: set before workbox is
 * loaded, it is a folder of this process's own, made for each run and removed after it (and,
 * after a kill, collected by collectStaleWorkboxFolders as it carries the pid). Null when
 * something else in this thread set the symbol first.
 */
function claimBundlerTemp(): string | null {
  const symbol = Symbol.for("__RESOLVED_TEMP_DIRECTORY__");
  const global = globalThis as Record<symbol, unknown>;
  if (!(symbol in global)) {
    const root = path.join(realpathSync(os.tmpdir()), `${WORKBOX_TMP_PREFIX}${process.pid}-bundler-${threadId}`);
    Object.defineProperty(global, symbol, { value: root });
  }
  const root = global[symbol];
  return typeof root === "string" && path.basename(root).startsWith(`${WORKBOX_TMP_PREFIX}${process.pid}-`)
    ? root
    : null;
}

function workboxConfig(
  options: Pick<ServiceWorkerOptions, "cacheId" | "imageCdnHost">,
  entries: readonly { url: string; revision: string | null }[],
  offlineUrl: string,
): WorkboxConfig {
  return {
    mode: "production",
    sourcemap: false,
    inlineWorkboxRuntime: true,
    disableDevLogs: true,
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    ...(options.cacheId ? { cacheId: options.cacheId } : {}),
    additionalManifestEntries: [...entries],
    globPatterns: [],
    runtimeCaching: [
      {
        urlPattern: isNavigation,
        handler: "NetworkFirst",
        options: {
          cacheName: CACHE_NAMES.pages,
          // No networkTimeoutSeconds: a slow network is waited for, never answered with an old copy.
          expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
          // Offline, '/kinoprogram?utm_source=x' is answered by the cached '/kinoprogram'.
          matchOptions: { ignoreSearch: true },
          plugins: [{ cacheWillUpdate: directWithoutQueryOnly }],
          precacheFallback: { fallbackURL: offlineUrl },
        },
      },
      {
        urlPattern: /\/(page-data\/.+\.json|redirects\.json|page-manifest\.json)(\?.*)?$/,
        handler: "NetworkFirst",
        options: {
          cacheName: CACHE_NAMES.pageData,
          expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
          plugins: [{ cacheWillUpdate: directWithoutQueryOnly }],
        },
      },
      {
        // Island bundles and chunks are left out of the precache (src/recipe/site-files.ts):
        // cached on first use; their names carry a content hash, so a cached copy never goes stale.
        urlPattern: /\/assets\/(island-|chunks\/)[^/]+\.js$/,
        handler: "CacheFirst",
        options: {
          cacheName: CACHE_NAMES.islands,
          expiration: { maxEntries: 60, maxAgeSeconds: 365 * 24 * 3600, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        urlPattern: new RegExp(`^${cdnPattern(options.imageCdnHost)}`),
        handler: "CacheFirst",
        options: {
          cacheName: CACHE_NAMES.images,
          // Only 200 answers: an opaque answer (status 0) can hide a 404 or 500, which would
          // then be shown for 14 days. The requests are made with CORS to see the status.
          expiration: { maxEntries: 120, maxAgeSeconds: 14 * 24 * 3600, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
          plugins: [{ requestWillFetch: corsRequest, handlerDidError: plainFetch }],
        },
      },
    ],
  };
}

const WORKBOX_TMP_PREFIX = "cinema-build-sw-";

/** Removes workbox temporary folders of cinema-build runs that no longer exist (killed mid-way). */
export async function collectStaleWorkboxFolders(tmp = os.tmpdir()): Promise<string[]> {
  const removed: string[] = [];
  for (const entry of await readdir(tmp).catch(() => [] as string[])) {
    if (!entry.startsWith(WORKBOX_TMP_PREFIX)) continue;
    const pid = Number(/^(\d+)-/.exec(entry.slice(WORKBOX_TMP_PREFIX.length))?.[1]);
    // Folders from before the pid was in the name have none: collect them too.
    if (pid === process.pid || isOtherProcessAlive(pid)) continue;
    await rm(path.join(tmp, entry), { recursive: true, force: true });
    removed.push(entry);
  }
  return removed;
}

/** The image CDN route's pattern, after its '^': the CDN's origin and a slash. */
function cdnPattern(imageCdnHost: string): string {
  return escapeRegExp(`${new URL(imageCdnHost).origin}/`);
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
