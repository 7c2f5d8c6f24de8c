/**
 * The service worker's caching policy in Chromium (docs/security.md, docs/service-worker.md): a slow
 * network is waited for instead of answered with a copy from before the last deploy; search
 * URLs are never cached; a CDN image that failed is not cached, one without CORS passes
 * through uncached, a good one is cached. Offline, a page seen before still answers.
 */
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Browser, type Page } from "playwright-core";
import { bundleClient } from "../../src/emit/bundle-client.js";
import { hashedName } from "../../src/shared/content-hash.js";
import { planRedirects } from "../../src/emit/redirects.js";
import { writeOutputAtomically } from "../../src/emit/write-output.js";
import type { OutputFile } from "../../src/model/output-file.js";
import { planServiceWorker } from "../../src/sw/index.js";
import { describeBrowser, launchChromium } from "../helpers/chromium.js";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

let root: string;
let out: string;
let site: Server;
let cdn: Server;
let base: string;
let cdnBase: string;
let online = true;
/** Milliseconds the site waits before answering a page (a slow, not a broken, network). */
let delayMs = 0;
const cdnRequests: string[] = [];

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve(`http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`);
    }),
  );
}

function page(title: string, script: string, css: string): string {
  const images = ["ok.png", "missing.png", "nocors.png"]
    .map((name) => `<img alt="" src="${cdnBase}/${name}">`)
    .join("");
  return `<!doctype html><html lang="nb"><head><meta charset="utf-8"><title>${title}</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/${css}"></head><body><h1>${title}</h1>${images}<script type="module" src="${script}"></script></body></html>`;
}

async function buildSite(version: string): Promise<void> {
  const client = await bundleClient();
  const cssText = "body{font-family:sans-serif}";
  const css: OutputFile = { path: hashedName("assets/site.css", cssText), contents: cssText };
  const redirects = planRedirects([], new Set(["/"]));
  const table = redirects.files.find((file) => file.path === "redirects.json")!;
  const sw = await planServiceWorker({
    assets: [css, ...client.files],
    redirectTable: table,
    imageCdnHost: cdnBase,
    offlinePage: { name: "Solvik kino" },
    killSwitch: false,
  });
  await writeOutputAtomically(out, [
    { path: "index.html", contents: page(`Forside ${version}`, client.assets.js, css.path) },
    { path: "kinoprogram/index.html", contents: page(`Kinoprogram ${version}`, client.assets.js, css.path) },
    { path: "search/index.html", contents: page(`Søk ${version}`, client.assets.js, css.path) },
    css,
    ...client.files,
    ...redirects.files,
    ...sw,
  ]);
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
};

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "sw-policy-"));
  out = path.join(root, "site");
  cdn = createServer((req, res) => {
    const name = new URL(req.url ?? "/", "http://localhost").pathname;
    cdnRequests.push(`${req.headers.origin ? "cors" : "no-cors"} ${name}`);
    const cors = name === "/nocors.png" ? {} : { "access-control-allow-origin": "*" };
    if (name === "/missing.png") res.writeHead(404, { ...cors, "content-type": "text/plain" }).end("not found");
    else res.writeHead(200, { ...cors, "content-type": "image/png", "cache-control": "no-cache" }).end(PNG);
  });
  cdnBase = await listen(cdn);
  site = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (!online) return void req.socket.destroy();
    const target = path.join(out, decodeURIComponent(url.pathname));
    const file = (await stat(target).catch(() => null))?.isFile() ? target : path.join(target, "index.html");
    const body = await readFile(file).catch(() => null);
    if (!body) return void res.writeHead(404).end();
    if (file.endsWith(".html") && delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    res
      .writeHead(200, {
        "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
        "cache-control": "no-cache",
      })
      .end(body);
  });
  base = await listen(site);
}, 60_000);

afterAll(async () => {
  for (const server of [site, cdn]) {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  }
  await rm(root, { recursive: true, force: true });
});

describeBrowser("service worker policy in chromium", () => {
  let browser: Browser;
  let tab: Page;

  beforeAll(async () => {
    await buildSite("v1");
    browser = await launchChromium();
    tab = await (await browser.newContext()).newPage();
    await tab.goto(`${base}/`);
    await tab.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  const heading = () => tab.textContent("h1").catch(() => null);
  /** Every cached URL, by cache name (the precache left out). */
  const cached = () =>
    tab.evaluate(async () => {
      const result: Record<string, string[]> = {};
      for (const name of await caches.keys()) {
        if (name.includes("precache")) continue;
        result[name] = (await (await caches.open(name)).keys()).map((request) => request.url).sort();
      }
      return result;
    });

  it("caches only good CDN images: not a 404 hidden in an opaque answer, not an image without CORS", async () => {
    await tab.goto(`${base}/kinoprogram`);
    await expect.poll(async () => (await cached())["cdn-images"] ?? []).toEqual([`${cdnBase}/ok.png`]);
    // The image without CORS headers still shows (passed through), 1x1 pixel.
    await expect
      .poll(() =>
        tab.evaluate(() => (document.querySelector('img[src$="nocors.png"]') as HTMLImageElement).naturalWidth),
      )
      .toBe(1);
    expect(cdnRequests).toContain("cors /ok.png");
  });

  it("never caches a search URL", async () => {
    await tab.goto(`${base}/search?q=dune`);
    await expect.poll(heading).toBe("Søk v1");
    await tab.goto(`${base}/search`);
    await expect.poll(heading).toBe("Søk v1");
    const pages = (await cached()).pages ?? [];
    expect(pages).toContain(`${base}/search`);
    expect(pages.filter((url) => url.includes("?"))).toEqual([]);
  });

  it("waits for a slow network instead of showing the copy from before the deploy", async () => {
    await tab.goto(`${base}/kinoprogram`);
    await expect.poll(heading).toBe("Kinoprogram v1");
    await buildSite("v2");
    // Slower than workbox's old 3 s timeout, which then answered with the v1 copy.
    delayMs = 4500;
    try {
      await tab.goto(`${base}/kinoprogram`, { timeout: 30_000 });
      expect(await heading()).toBe("Kinoprogram v2");
    } finally {
      delayMs = 0;
    }
  }, 40_000);

  it("still answers a page seen before when the network is gone", async () => {
    await tab.goto(`${base}/kinoprogram`);
    online = false;
    try {
      await tab.goto(`${base}/kinoprogram`);
      await expect.poll(heading).toBe("Kinoprogram v2");
      await tab.goto(`${base}/kinoprogram?utm_source=nyhetsbrev`);
      await expect.poll(heading).toBe("Kinoprogram v2");
    } finally {
      online = true;
    }
  });
});
