import { beforeAll, describe, expect, it } from "vitest";
import vm from "node:vm";
import {
  generateKillSwitchWorker,
  generateServiceWorker,
  planServiceWorker,
  renderOfflinePage,
} from "../../src/sw/index.js";
import { hashAsset } from "../../src/shared/content-hash.js";

// These tests are about workbox's own output: bypass the disk memo (src/sw/worker-cache.ts).
process.env.CINEMA_BUILD_CACHE = "0";

const assets = [
  { path: "assets/site.abcdef12.css", contents: "body{}" },
  { path: "assets/main.1a2b3c4d.js", contents: "console.log(1)" },
];
const redirectTable = { path: "redirects.json", contents: '[{"fromPath":"/a","toPath":"/b"}]\n' };
const options = {
  assets,
  redirectTable,
  imageCdnHost: "https://img.kinoplattform.example",
  offlinePage: { name: "Solvik kino" },
  killSwitch: false,
};

describe("service worker", () => {
  let first: Awaited<ReturnType<typeof planServiceWorker>>;
  beforeAll(async () => {
    first = await planServiceWorker(options);
  });

  it("is byte-identical for identical inputs, whatever their order", async () => {
    const second = await planServiceWorker({ ...options, assets: [...assets].reverse() });
    expect(first.map((f) => f.path)).toEqual(["sw.js", "offline.html"]);
    expect(second[0].contents).toBe(first[0].contents);
    expect(String(first[0].contents)).not.toMatch(/importScripts|storage\.googleapis|workbox-cdn/);
  });

  it("precaches exactly the hashed assets, the redirect table and the offline page, never page HTML", async () => {
    const [sw, offline] = first;
    const manifest = /\(\[(\{url:"[^\]]*)\]\)/.exec(String(sw.contents))?.[1];
    expect(manifest).toBe(
      [
        '{url:"/assets/main.1a2b3c4d.js",revision:null}',
        '{url:"/assets/site.abcdef12.css",revision:null}',
        `{url:"/offline.html",revision:"${hashAsset(offline.contents)}"}`,
        `{url:"/redirects.json",revision:"${hashAsset(redirectTable.contents)}"}`,
      ].join(","),
    );
  });

  it("routes navigations and page JSON network-first without a timeout, CDN images cache-first, 200 only and bounded", async () => {
    const sw = String(first[0].contents);
    // Network first without a timeout: a slow network never brings back a copy from before the deploy.
    // Pages: navigations, and the page loader's fetch of a page's HTML (a same-origin GET of a
    // path without a file extension, outside /page-data/ and /assets/).
    expect(sw).toMatch(
      /function\(\w+\)\{var \w+=\w+\.request,\w+=\w+\.url\.pathname;return"navigate"===\w+\.mode\|\|"GET"===\w+\.method&&\w+\.sameOrigin&&""===\w+\.destination&&[^}]*\},new \w+\(\{cacheName:"pages",matchOptions:\{ignoreSearch:!0\},/,
    );
    expect(sw).not.toMatch(/networkTimeoutSeconds:\d/);
    // Never a URL with a query, never an answer that came through a redirect (a host's 308 to
    // another slash form: served for a navigation it is a network error, so offline is lost).
    expect(sw).toMatch(
      /cacheWillUpdate:function\(\w+\)\{return""!==new URL\(\w+\.request\.url\)\.search\|\|\w+\.response\.redirected\?null:\w+\.response\}/,
    );
    expect(sw).toMatch(/fallbackURL:"\/offline\.html"/);
    expect(sw).toContain("/\\/(page-data\\/.+\\.json|redirects\\.json|page-manifest\\.json)(\\?.*)?$/");
    expect(sw).toMatch(/cacheName:"page-data",plugins:/);
    expect(sw).toContain("/^https:\\/\\/img\\.kinoplattform\\.example\\//");
    // Only real 200 answers (fetched with CORS); an opaque answer is never cached.
    expect(sw).toMatch(
      /cacheName:"cdn-images",plugins:\[new \w+\(\{maxEntries:120,maxAgeSeconds:1209600,purgeOnQuotaError:!0\}\),new \w+\(\{statuses:\[200\]\}\),\{requestWillFetch:/,
    );
    expect(sw).toContain("self.skipWaiting()");
    expect(sw).toContain("self.clients.claim()");
  });

  it("asks for the offline page where the host serves it (Cloudflare: '/offline', not '/offline.html')", async () => {
    const sw = await generateServiceWorker({
      precache: [...assets, { path: "offline.html", contents: "<p>uten nett</p>" }],
      imageCdnHost: "https://img.kinoplattform.example",
      offlineUrl: "/offline",
    });
    expect(sw).toMatch(/fallbackURL:"\/offline"/);
    expect(sw).toMatch(/url:"\/offline",revision:"[0-9a-f]{8}"/);
    expect(sw).not.toContain("offline.html");
  });

  it("is one template for every partner and build, their own precache, cache prefix and image CDN filled in", async () => {
    const offline = { path: "offline.html", contents: "<p>uten nett</p>" };
    const workerOf = (cacheId: string, imageCdnHost: string, precache = [...assets, offline]) =>
      generateServiceWorker({ precache, imageCdnHost, cacheId });
    const a = await workerOf("cinema-178", "https://img.kinoplattform.example");
    const b = await workerOf("cinema-9000", "https://bilder.annen-kino.example:8443");
    expect(a).toContain('{prefix:"cinema-178"}');
    expect(a).toContain("/^https:\\/\\/img\\.kinoplattform\\.example\\//");
    expect(a).not.toMatch(/__cinema-build|cinema-build-image-cdn/);
    // The same worker but for the two values: one template, filled twice.
    expect(
      a
        .replace('"cinema-178"', '"cinema-9000"')
        .replace("img\\.kinoplattform\\.example", "bilder\\.annen-kino\\.example:8443"),
    ).toBe(b);
    // Another precache changes only the list.
    const more = await workerOf("cinema-178", "https://img.kinoplattform.example", [
      ...assets,
      offline,
      { path: "assets/extra.0badc0de.js", contents: "" },
    ]);
    expect(more).toBe(
      a.replace('{url:"/assets/main.1a2b3c4d.js"', '{url:"/assets/extra.0badc0de.js",revision:null},$&'),
    );
  });

  it("is made by workbox once for all of them: the memo holds one template", async () => {
    const { mkdtemp, readdir, rm } = await import("node:fs/promises");
    const os = await import("node:os");
    const path = await import("node:path");
    const dir = await mkdtemp(path.join(os.tmpdir(), "sw-memo-"));
    const saved = { on: process.env.CINEMA_BUILD_CACHE, dir: process.env.CINEMA_BUILD_CACHE_DIR };
    process.env.CINEMA_BUILD_CACHE = "1";
    process.env.CINEMA_BUILD_CACHE_DIR = dir;
    try {
      const offline = { path: "offline.html", contents: "<p>uten nett</p>" };
      for (const [cacheId, cdn, extra] of [
        ["cinema-1", "https://img.a.example", "x"],
        ["cinema-2", "https://img.b.example", "y"],
      ])
        await generateServiceWorker({
          precache: [...assets, offline, { path: `assets/${extra}.json`, contents: extra }],
          imageCdnHost: cdn,
          cacheId,
        });
      expect(await readdir(path.join(dir, "sw"))).toHaveLength(1);
    } finally {
      process.env.CINEMA_BUILD_CACHE = saved.on;
      if (saved.dir === undefined) delete process.env.CINEMA_BUILD_CACHE_DIR;
      else process.env.CINEMA_BUILD_CACHE_DIR = saved.dir;
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("refuses a precache without the offline page", async () => {
    await expect(
      generateServiceWorker({ precache: assets, imageCdnHost: "https://img.kinoplattform.example" }),
    ).rejects.toThrow(/offline\.html/);
  });

  it("writes a Norwegian offline page with nothing to load", () => {
    const html = renderOfflinePage({
      name: "Solvik kino",
      colors: { primary: "#123456", background: "red;}body{x:y", text: "#000" },
    });
    expect(html).toContain('<html lang="nb">');
    expect(html).toContain("Du er uten nett");
    expect(html).toContain("#123456");
    expect(html).not.toContain("red;}");
    expect(html).not.toMatch(/<script|<img|<link rel="stylesheet"/);
    expect(html).toContain('<link rel="icon" href="data:,">');
    const withPolicy = renderOfflinePage({
      name: "Solvik kino",
      contentSecurityPolicy: "default-src 'self'; style-src 'self' 'unsafe-inline'",
    });
    expect(withPolicy).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src &apos;self&apos;; style-src &apos;self&apos; &apos;unsafe-inline&apos;">`,
    );
  });
});

describe("kill switch", () => {
  it("clears every cache, unregisters and reloads the pages it controls", async () => {
    const calls: string[] = [];
    const listeners: Record<string, (event: { waitUntil(p: Promise<unknown>): void }) => void> = {};
    let pending: Promise<unknown> = Promise.resolve();
    const self = {
      addEventListener: (type: string, listener: (event: { waitUntil(p: Promise<unknown>): void }) => void) =>
        (listeners[type] = listener),
      skipWaiting: () => calls.push("skipWaiting"),
      registration: { unregister: async () => calls.push("unregister") },
      clients: {
        matchAll: async (options: unknown) => {
          calls.push(`matchAll ${JSON.stringify(options)}`);
          return [
            {
              url: "https://www.solvikkino.no/kinoprogram",
              navigate: async (url: string) => calls.push(`navigate ${url}`),
            },
          ];
        },
      },
    };
    const caches = {
      keys: async () => ["workbox-precache-v2", "pages"],
      delete: async (key: string) => calls.push(`delete ${key}`),
    };
    vm.runInNewContext(generateKillSwitchWorker(), { self, caches });
    listeners.install({ waitUntil: () => undefined });
    listeners.activate({ waitUntil: (p) => (pending = p) });
    await pending;
    expect(calls).toEqual([
      "skipWaiting",
      "delete workbox-precache-v2",
      "delete pages",
      "unregister",
      'matchAll {"type":"window"}',
      "navigate https://www.solvikkino.no/kinoprogram",
    ]);
    expect(generateKillSwitchWorker()).not.toContain("fetch");
  });

  it("is what planServiceWorker emits at /sw.js with the flag", async () => {
    const files = await planServiceWorker({ ...options, killSwitch: true });
    expect(files[0]).toEqual({ path: "sw.js", contents: generateKillSwitchWorker() });
  });
});

describe("workbox's temporary folders", () => {
  it("are collected when the run that made them is gone", async () => {
    const { mkdtemp, mkdir, readdir, rm } = await import("node:fs/promises");
    const { spawnSync } = await import("node:child_process");
    const os = await import("node:os");
    const path = await import("node:path");
    const { collectStaleWorkboxFolders } = await import("../../src/sw/generate-sw.js");
    const tmp = await mkdtemp(path.join(os.tmpdir(), "sw-tmp-"));
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid;
    await mkdir(path.join(tmp, `cinema-build-sw-${dead}-abc123`));
    await mkdir(path.join(tmp, `cinema-build-sw-${process.pid}-def456`));
    await mkdir(path.join(tmp, "cinema-build-sw-Xy12Zq"));
    await mkdir(path.join(tmp, "other-tool-1"));
    expect((await collectStaleWorkboxFolders(tmp)).sort()).toEqual([
      `cinema-build-sw-${dead}-abc123`,
      "cinema-build-sw-Xy12Zq",
    ]);
    expect((await readdir(tmp)).sort()).toEqual([`cinema-build-sw-${process.pid}-def456`, "other-tool-1"]);
    await rm(tmp, { recursive: true, force: true });
  });
});
