/**
 * Ad slots in Chromium (spec 3.3, 3.5 "Ad block"; client/ad-slots.ts): with partner.json's
 * adServer naming a local stand-in for the Adnuntius tag, nothing is asked of it before the
 * visitor's consent; after it, each slot asks for its placement (desktop, or mobile below
 * 768 px), the slot the stand-in has an ad for opens with it, the other stays collapsed. A
 * visitor who declines loads nothing of the ad server. Partner 178 (its /kommende has two
 * slots) is built from a copy of its folder whose partner.json names the stand-in.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { build } from "../../src/build.js";
import { startTestHost, type TestHost } from "../helpers/static-server.js";
import { describeBrowser, launchChromium } from "../helpers/chromium.js";

/** The placements the stand-in has an ad for; every other one gets "no matched ads". */
const ADS: Record<string, string> = {
  "kommende-1-desktop": "Kinoreklame (desktop)",
  "kommende-1-mobile": "Kinoreklame (mobil)",
};

/** A stand-in for the Adnuntius tag: adn.request fills a unit it has an ad for, else says none. */
const STAND_IN = `(function () {
  var ads = ${JSON.stringify(ADS)};
  var adn = (window.adn = window.adn || {});
  window.__adRequests = window.__adRequests || [];
  adn.request = function (options) {
    options.adUnits.forEach(function (unit) {
      window.__adRequests.push(options.network + "/" + unit.auId);
      setTimeout(function () {
        var target = document.getElementById(unit.targetId);
        if (ads[unit.auId] && target) {
          var ad = document.createElement("p");
          ad.className = "stand-in-ad";
          ad.textContent = ads[unit.auId];
          target.appendChild(ad);
          unit.onPageLoad({ auId: unit.auId, targetId: unit.targetId });
        } else unit.onNoMatchedAds({ auId: unit.auId, targetId: unit.targetId });
      }, 20);
    });
  };
  var queued = adn.calls || [];
  adn.calls = { push: function (call) { call(); } };
  queued.forEach(function (call) { call(); });
})();`;

let root: string;
let host: TestHost;
let adServer: Server;
let adUrl: string;
let scriptHits = 0;
let browser: Browser;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "cb-ads-e2e-"));
  adServer = createServer((req, res) => {
    if (req.url !== "/adn.js") return void res.writeHead(404).end();
    scriptHits++;
    res.writeHead(200, { "content-type": "text/javascript" }).end(STAND_IN);
  });
  await new Promise<void>((resolve) => adServer.listen(0, "127.0.0.1", resolve));
  adUrl = `http://127.0.0.1:${(adServer.address() as AddressInfo).port}/adn.js`;
  const partners = path.join(root, "partners");
  await cp(path.resolve("partners/178"), path.join(partners, "178"), { recursive: true });
  const configFile = path.join(partners, "178", "partner.json");
  const config = JSON.parse(await readFile(configFile, "utf8"));
  await writeFile(configFile, JSON.stringify({ ...config, adServer: { script: adUrl, network: "solvik" } }, null, 2));
  const out = path.join(root, "site");
  await build({ partner: "178", partnersDir: partners, source: "snapshot", out, cache: false });
  host = await startTestHost(out);
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await new Promise((resolve) => adServer?.close(resolve));
  await rm(root, { recursive: true, force: true });
});

/** /kommende at a width; consent stored beforehand when given. Scripts requested are recorded. */
async function open(width: number, consent: "granted" | "denied" | null = null) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  if (consent) await context.addInitScript((choice) => localStorage.setItem("cinema-consent", choice), consent);
  const tab = await context.newPage();
  const problems: string[] = [];
  const scripts: string[] = [];
  tab.on("pageerror", (error) => problems.push(error.message));
  tab.on("request", (request) => request.resourceType() === "script" && scripts.push(request.url()));
  // Only the site and the stand-in: the image CDN and analytics fail in the browser's resolver.
  await tab.goto(`${host.url}/kommende`, { waitUntil: "load" });
  return { tab, problems, scripts, close: () => context.close() };
}

const slot = (tab: Page, id: string) => tab.locator(`.ad-slot[data-ad-id="${id}"]`);
const requests = (tab: Page) =>
  tab.evaluate(() => (window as unknown as { __adRequests?: string[] }).__adRequests ?? []);

describeBrowser("ad slots in chromium", () => {
  it("asks nothing before consent; after 'Godta alle' the slot with an ad opens with it, the other stays collapsed", async () => {
    const hits = scriptHits;
    const { tab, problems, scripts, close } = await open(1280);
    try {
      await tab.getByRole("button", { name: "Godta alle" }).waitFor();
      await tab.waitForTimeout(300);
      expect(scriptHits).toBe(hits);
      await expect(slot(tab, "kommende-1-desktop").isHidden()).resolves.toBe(true);
      const before = scripts.length;
      await tab.getByRole("button", { name: "Godta alle" }).click();
      await slot(tab, "kommende-1-desktop").locator(".stand-in-ad").waitFor({ state: "visible" });
      expect(await slot(tab, "kommende-1-desktop").textContent()).toContain("Kinoreklame (desktop)");
      await expect.poll(() => requests(tab)).toEqual(["solvik/kommende-1-desktop", "solvik/kommende-2-desktop"]);
      expect(await slot(tab, "kommende-2-desktop").isHidden()).toBe(true);
      expect(scriptHits).toBe(hits + 1);
      // What consent brought from the site: the boot script's own chunks, no island (React) code.
      const own = scripts.slice(before).filter((url) => url.startsWith(host.url));
      expect(own.some((url) => /\/assets\/boot-ad-slots\./.test(url))).toBe(true);
      expect(own.filter((url) => !new URL(url).pathname.startsWith("/assets/boot-"))).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("below 768 px asks for the mobile placements", async () => {
    const { tab, problems, close } = await open(375, "granted");
    try {
      await slot(tab, "kommende-1-desktop").locator(".stand-in-ad").waitFor({ state: "visible" });
      expect(await slot(tab, "kommende-1-desktop").textContent()).toContain("Kinoreklame (mobil)");
      expect(await requests(tab)).toEqual(["solvik/kommende-1-mobile", "solvik/kommende-2-mobile"]);
      expect(await slot(tab, "kommende-2-desktop").isHidden()).toBe(true);
      const width = await tab.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(375);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a visitor who declines loads nothing of the ad server and sees no slot", async () => {
    const hits = scriptHits;
    const { tab, problems, close } = await open(1280, "denied");
    try {
      await tab.waitForTimeout(500);
      expect(scriptHits).toBe(hits);
      expect(await requests(tab)).toEqual([]);
      expect(await tab.locator(".ad-slot:not([hidden])").count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});
