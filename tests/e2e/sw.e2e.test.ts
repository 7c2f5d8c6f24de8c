/**
 * The service worker and the client shell in a real browser (Debian chromium): first install
 * and the spec 8 message, offline use of a page seen before, the offline page for one never
 * seen, the redirect table on first load and on link clicks, exactly one reload when a new
 * deploy's worker takes over, and the kill switch. Fails when chromium is not installed (tests/helpers/chromium.ts).
 */
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Browser, type BrowserContext, type Page } from "playwright-core";
import { bundleClient } from "../../src/emit/bundle-client.js";
import { hashedName } from "../../src/shared/content-hash.js";
import { planRedirects } from "../../src/emit/redirects.js";
import { writeOutputAtomically } from "../../src/emit/write-output.js";
import type { OutputFile } from "../../src/model/output-file.js";
import { generateKillSwitchWorker, planServiceWorker } from "../../src/sw/index.js";
import { describeBrowser, launchChromium } from "../helpers/chromium.js";

let root: string;
let out: string;
let server: Server;
let base: string;
let online = true;
const requests: string[] = [];

function page(title: string, script: string, css: string): string {
  return `<!doctype html><html lang="nb"><head><meta charset="utf-8"><title>${title}</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/${css}"></head><body><h1>${title}</h1><a id="old" href="/gammelt-program">Gammelt program</a><script type="module" src="${script}"></script></body></html>`;
}

/** Builds the tiny site: pages, redirects, the bundled client and the worker (version `v`). */
async function buildSite(version: string, killSwitch = false): Promise<void> {
  const client = await bundleClient();
  const cssText = `body{font-family:sans-serif}/*${version}*/`;
  const css: OutputFile = { path: hashedName("assets/site.css", cssText), contents: cssText };
  const redirects = planRedirects(
    [
      { fromPath: "/gammelt-program", toPath: "/kinoprogram" },
      { fromPath: "/uten-side", toPath: "/kinoprogram" },
      { fromPath: "/om-kinoen/", toPath: "/om-kinoen" },
    ],
    new Set(["/", "/kinoprogram", "/om-kinoen", "/404.html"]),
  );
  // '/uten-side' has no meta-refresh page here, as on a host that serves 404.html instead:
  // the client applies the table on first load.
  const redirectFiles = redirects.files.filter((file) => file.path !== "uten-side/index.html");
  const table = redirects.files.find((file) => file.path === "redirects.json")!;
  const sw = await planServiceWorker({
    assets: [css, ...client.files],
    redirectTable: table,
    imageCdnHost: "https://img.kinoplattform.example",
    offlinePage: { name: "Solvik kino" },
    killSwitch,
  });
  await writeOutputAtomically(out, [
    { path: "index.html", contents: page(`Forside ${version}`, client.assets.js, css.path) },
    { path: "kinoprogram/index.html", contents: page(`Kinoprogram ${version}`, client.assets.js, css.path) },
    { path: "om-kinoen/index.html", contents: page(`Om kinoen ${version}`, client.assets.js, css.path) },
    { path: "404.html", contents: page("Fant ikke siden", client.assets.js, css.path) },
    // No page data here: an empty page manifest leaves every navigation to the browser
    // (the page loader swaps only pages the manifest lists, docs/page-loader.md).
    { path: "page-manifest.json", contents: "[]" },
    css,
    ...client.files,
    ...redirectFiles,
    ...sw,
  ]);
}

async function fileFor(pathname: string): Promise<{ file: string; status: number }> {
  const target = path.join(out, decodeURIComponent(pathname));
  for (const candidate of [target, path.join(target, "index.html")]) {
    if (candidate.startsWith(out) && (await stat(candidate).catch(() => null))?.isFile())
      return { file: candidate, status: 200 };
  }
  return { file: path.join(out, "404.html"), status: 404 };
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
};

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "sw-e2e-"));
  out = path.join(root, "site");
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    requests.push(url.pathname);
    if (!online) {
      req.socket.destroy();
      return;
    }
    const { file, status } = await fileFor(url.pathname);
    const body = await readFile(file);
    const immutable = url.pathname.startsWith("/assets/");
    res.writeHead(status, {
      "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
      "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
}, 60_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await rm(root, { recursive: true, force: true });
});

describeBrowser("service worker in chromium", () => {
  let browser: Browser;
  let context: BrowserContext;
  let tab: Page;
  const consoleMessages: string[] = [];
  const loads: string[] = [];

  beforeAll(async () => {
    await buildSite("v1");
    browser = await launchChromium();
    context = await browser.newContext();
    tab = await context.newPage();
    tab.on("console", (message) =>
      consoleMessages.push(`${message.type()}: ${message.text()} @ ${message.location().url}`),
    );
    tab.on("pageerror", (error) => consoleMessages.push(`pageerror: ${error.message}`));
    tab.on("load", () => loads.push(tab.url()));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  const heading = () => tab.textContent("h1").catch(() => null);
  const controlled = () => tab.evaluate(() => navigator.serviceWorker.controller !== null);

  it("installs, logs the spec 8 message and takes control", async () => {
    await tab.goto(`${base}/`);
    await expect.poll(controlled, { timeout: 20_000 }).toBe(true);
    await expect
      .poll(() => consoleMessages)
      .toContainEqual(expect.stringMatching(/^log: Content is now available offline! @/));
    expect(consoleMessages.filter((message) => message.startsWith("error"))).toEqual([]);
  });

  it("applies the redirect table on first load, replacing the history entry", async () => {
    await tab.goto(`${base}/kinoprogram`);
    const before = await tab.evaluate(() => history.length);
    await tab.goto(`${base}/uten-side`);
    await tab.waitForURL(`${base}/kinoprogram`);
    expect(await tab.evaluate(() => history.length)).toBe(before + 1);
    await expect.poll(heading).toBe("Kinoprogram v1");
  });

  it("sends same-origin link clicks straight to the target", async () => {
    await tab.goto(`${base}/`);
    await tab.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    requests.length = 0;
    await tab.click("#old");
    await tab.waitForURL(`${base}/kinoprogram`);
    expect(requests).not.toContain("/gammelt-program");
  });

  it("keeps trailing-slash twins on the page itself", async () => {
    await tab.goto(`${base}/om-kinoen/`);
    await expect.poll(heading).toBe("Om kinoen v1");
    expect(new URL(tab.url()).pathname).toBe("/om-kinoen/");
  });

  it("serves pages seen before when offline, and the offline page otherwise", async () => {
    await tab.goto(`${base}/kinoprogram`);
    online = false;
    try {
      await tab.goto(`${base}/kinoprogram`);
      await expect.poll(heading).toBe("Kinoprogram v1");
      await tab.goto(`${base}/aldri-sett`);
      await expect.poll(heading).toBe("Du er uten nett");
    } finally {
      online = true;
    }
  });

  it("reloads exactly once when a new deploy's worker takes over", async () => {
    await tab.goto(`${base}/`);
    await expect.poll(heading).toBe("Forside v1");
    await buildSite("v2");
    loads.length = 0;
    await tab.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
    await expect.poll(() => loads.length, { timeout: 20_000 }).toBe(1);
    await tab.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1500)));
    expect(loads).toEqual([`${base}/`]);
    await expect.poll(heading).toBe("Forside v2");
  });

  it("kill switch: clears caches, unregisters and reloads", async () => {
    await buildSite("v3", true);
    await tab.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
    await expect
      .poll(
        () =>
          tab.evaluate(async () => ({
            registrations: (await navigator.serviceWorker.getRegistrations()).length,
            caches: (await caches.keys()).length,
          })),
        { timeout: 20_000 },
      )
      .toEqual({ registrations: 0, caches: 0 });
    // The kill switch navigated the page it controlled: v3 comes from the network.
    await expect.poll(heading, { timeout: 20_000 }).toBe("Forside v3");
    expect(await controlled()).toBe(false);
    // The only error is the browser's own line for the deliberate 404 of '/uten-side'.
    const errors = consoleMessages.filter((message) => /^(error|pageerror)/.test(message));
    expect(errors).toEqual([expect.stringMatching(/status of 404 .* @ http:\/\/127\.0\.0\.1:\d+\/uten-side$/)]);
    expect(generateKillSwitchWorker()).toContain("unregister");
  });
});
