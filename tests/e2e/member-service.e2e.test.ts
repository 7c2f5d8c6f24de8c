/**
 * The member features against a member service that behaves like the real one (docs/member.md,
 * "What a real member service sends"): partner
 * 178 built with --member-url pointing at the local service (src/member-server), which serves
 * its posters and QR images from its own origin like a real service's image host. A ticket
 * with only a QRUrl shows a QR code that scans; posters from the service's origin and from
 * partner.json's memberService.imageHosts load (the CSP allows them), a failed one names its
 * film; the header names the logged-in member on every page, as text; a service answering
 * 100,000 tickets and watch-list items gets 10 of each rendered, and the tab stays usable.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import jsQRModule from "jsqr";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { PNG } from "pngjs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { build } from "../../src/build.js";
import {
  SEED_MEMBER,
  SEED_QR_URL_MEMBER,
  startMemberServer,
  type MemberServer,
} from "../../src/member-server/index.js";
import { startTestHost, type TestHost } from "../helpers/static-server.js";
import { describeBrowser, launchChromium, SKIP_BROWSER_TESTS } from "../helpers/chromium.js";

// jsqr is CommonJS whose typings describe an ES default export; under Node's interop both are the function.
const jsQR = ((jsQRModule as unknown as { default?: typeof jsQRModule }).default ?? jsQRModule) as unknown as (
  data: Uint8ClampedArray,
  width: number,
  height: number,
) => { data: string } | null;
/** partners/178/partner.json memberService.imageHosts[0]. */
const IMAGE_HOST = "https://plakater178.kinoplattform.example";
const SHOTS = path.resolve("test-results/screens");

let root: string;
let member: MemberServer;
let host: TestHost;
let browser: Browser;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "cb-member-service-e2e-"));
  member = await startMemberServer({ partner: "178", partnersDir: path.resolve("partners") });
  await build({
    partner: "178",
    partnersDir: path.resolve("partners"),
    source: "snapshot",
    out: path.join(root, "178"),
    memberUrl: member.url,
  });
  host = await startTestHost(path.join(root, "178"));
  if (!SKIP_BROWSER_TESTS) browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await member?.close();
  await rm(root, { recursive: true, force: true });
});

interface Tab {
  tab: Page;
  context: BrowserContext;
  problems: string[];
  blocked: string[];
}

/** A tab whose https requests go nowhere, except `fulfil`'s; CSP refusals are collected. */
async function openTab(width: number, fulfil: Record<string, Buffer> = {}): Promise<Tab> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, serviceWorkers: "block" });
  await context.addInitScript(() => localStorage.setItem("cinema-consent", "denied"));
  await context.route(/^https:\/\//, (route) => {
    const body = fulfil[route.request().url()];
    return body ? route.fulfill({ status: 200, contentType: "image/png", body }) : route.abort();
  });
  const tab = await context.newPage();
  const problems: string[] = [];
  const blocked: string[] = [];
  tab.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  tab.on("console", (message) => {
    if (message.type() === "error" && message.text().includes("Content Security Policy")) blocked.push(message.text());
  });
  return { tab, context, problems, blocked };
}

async function logIn(tab: Page, email: string, password: string): Promise<void> {
  await tab.goto(`${host.url}/min-side`);
  const form = tab.locator(".my-page .member-form");
  await form.getByLabel("E-post").fill(email);
  await form.getByLabel("Passord").fill(password);
  await form.getByRole("button", { name: "Logg inn" }).click();
}

/** Waits until the (lazy) image has loaded or failed, then says whether it shows its own pixels. */
async function loaded(tab: Page, selector: string): Promise<boolean> {
  const image = tab.locator(selector).first();
  await image.scrollIntoViewIfNeeded();
  return image.evaluate(async (element: HTMLImageElement) => {
    if (!element.complete) {
      await new Promise((resolve) => {
        element.addEventListener("load", resolve, { once: true });
        element.addEventListener("error", resolve, { once: true });
      });
    }
    return element.naturalWidth > 0 && !element.src.startsWith("data:");
  });
}

/** A small PNG poster (2x3 px), what an image host answers. */
function posterPng(): Buffer {
  const png = new PNG({ width: 2, height: 3 });
  png.data.fill(200);
  return PNG.sync.write(png);
}

describeBrowser("a member service like the real one, in chromium", () => {
  it("shows a ticket's QRUrl image when it has no QRCode, and it scans (spec 3.1)", async () => {
    const { tab, context, problems, blocked } = await openTab(375);
    await logIn(tab, SEED_QR_URL_MEMBER.email, SEED_QR_URL_MEMBER.password);
    const image = tab.locator(".ticket-card img.qr-code").first();
    await image.waitFor();
    expect(await image.getAttribute("src")).toBe(`${member.url}qr/TKT-178-000125-Q.svg`);
    expect(await loaded(tab, ".ticket-card img.qr-code")).toBe(true);
    const png = PNG.sync.read(await image.screenshot());
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe("TKT-178-000125-Q");
    await tab.getByRole("button", { name: "Vis QR-kode i fullskjerm" }).click();
    const big = PNG.sync.read(await tab.locator(".qr-dialog[open] img.qr-code").screenshot());
    expect(big.width).toBeGreaterThanOrEqual(280);
    expect(jsQR(new Uint8ClampedArray(big.data), big.width, big.height)?.data).toBe("TKT-178-000125-Q");
    await tab.getByRole("button", { name: "Lukk" }).click();
    // The clock time is one unit at 375 px ('kl. / 18:30' broke before).
    const clock = tab.locator(".ticket-card time .member-time__clock").first();
    expect(await clock.innerText()).toBe("kl. 18:30");
    const lines = await clock.evaluate((element) =>
      [...element.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)),
    );
    expect(new Set(lines).size, `line tops ${lines.join(", ")}`).toBe(1);
    await tab.screenshot({ path: path.join(SHOTS, "member-service-qr-url-375.png"), fullPage: true });
    expect(blocked).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("loads posters from the service's origin and from its configured image host (the CSP allows both); a failed one names its film", async () => {
    const poster = `${IMAGE_HOST}/plakater/p.png`;
    const { tab, context, problems, blocked } = await openTab(1280, { [poster]: posterPng() });
    // The watch list answers with one poster on the configured image host and one that fails there.
    await context.route(/GetWatchlistDx/, async (route) => {
      const response = await route.fetch();
      const items = (await response.json()) as { Title: string; Poster: string | null }[];
      items[0].Poster = poster;
      items[1].Poster = `${IMAGE_HOST}/plakater/borte.png`;
      await route.fulfill({ response, json: items });
    });
    await logIn(tab, SEED_MEMBER.email, SEED_MEMBER.password);
    await tab.locator(".ticket-card__poster").first().waitFor();
    // Tickets: the service's own origin (another origin than the site).
    expect(await tab.locator(".ticket-card__poster").first().getAttribute("src")).toMatch(
      new RegExp(`^${member.url}media/plakater/`),
    );
    expect(await loaded(tab, ".ticket-card__poster")).toBe(true);
    await tab.locator(".watch-list__item").nth(1).waitFor();
    expect(await loaded(tab, ".watch-list__item:nth-child(1) .watch-list__poster")).toBe(true);
    // The failed one: the boot script's fallback draws the film's title in its box.
    const failed = tab.locator(".watch-list__item").nth(1);
    await failed.scrollIntoViewIfNeeded();
    expect(await failed.locator("img").getAttribute("data-fallback")).toBe(
      await failed.locator(".watch-list__title").innerText(),
    );
    await expect.poll(() => failed.locator("img").getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent((await failed.locator("img").getAttribute("src"))!)).toMatch(
      /<tspan[^>]*>[^<]+<\/tspan>/,
    );
    await tab.screenshot({ path: path.join(SHOTS, "member-service-posters-1280.png"), fullPage: true });
    expect(blocked).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("names the logged-in member in the header, on /min-side at once and on every page after, as text", async () => {
    const { tab, context, problems } = await openTab(375);
    const sub = tab.locator("header .member-link__sub");
    await tab.goto(`${host.url}/`);
    expect(await sub.innerText()).toBe("Logg inn");
    await logIn(tab, SEED_MEMBER.email, SEED_MEMBER.password);
    await expect.poll(() => sub.innerText()).toBe(SEED_MEMBER.userName);
    // A page without member islands: the boot script alone names the member, no React loaded.
    await tab.goto(`${host.url}/kinoprogram`);
    await expect.poll(() => sub.innerText()).toBe(SEED_MEMBER.userName);
    expect(await tab.getByRole("link", { name: `Min side / ${SEED_MEMBER.userName}` }).count()).toBe(1);
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await tab.screenshot({ path: path.join(SHOTS, "member-service-header-375.png") });
    // A name with markup is text.
    await tab.evaluate(() =>
      localStorage.setItem(
        "cw-profile-new",
        JSON.stringify({ userName: "<b>Per</b>", email: "per@example.no", token: "t" }),
      ),
    );
    await tab.reload();
    await expect.poll(() => sub.innerText()).toBe("<b>Per</b>");
    expect(await tab.locator("header .member-link b").count()).toBe(0);
    // Logging out on /min-side says "Logg inn" again.
    await tab.goto(`${host.url}/min-side`);
    await tab.getByRole("button", { name: "Logg ut" }).click();
    await expect.poll(() => sub.innerText()).toBe("Logg inn");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("renders 10 tickets and 10 watch-list items when the service answers 100,000 of each, and the tab stays responsive", async () => {
    member.setFault("tickets", { kind: "flood", count: 100_000 });
    member.setFault("watchlist", { kind: "flood", count: 100_000 });
    const { tab, context, problems } = await openTab(1280);
    try {
      await context.addInitScript(() => {
        const longest = { ms: 0 };
        (window as unknown as { __longest: typeof longest }).__longest = longest;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) longest.ms = Math.max(longest.ms, entry.duration);
        }).observe({ type: "longtask", buffered: true });
      });
      await logIn(tab, SEED_MEMBER.email, SEED_MEMBER.password);
      const started = Date.now();
      await tab.locator(".ticket-card").first().waitFor({ timeout: 60_000 });
      await tab.locator(".watch-list__item").first().waitFor({ timeout: 60_000 });
      const shownMs = Date.now() - started;
      expect(await tab.locator(".ticket-card").count()).toBe(10);
      expect(await tab.locator(".watch-list__item").count()).toBe(10);
      const longestMs = await tab.evaluate(() => (window as unknown as { __longest: { ms: number } }).__longest.ms);
      console.log(`100,000-item answers: shown after ${shownMs} ms, longest task ${Math.round(longestMs)} ms`);
      // Parsing 30 MB of JSON is one task; rendering all of it blocked the tab for over 20 s.
      expect(longestMs).toBeLessThan(5_000);
      expect(problems).toEqual([]);
    } finally {
      member.clearFaults();
      await context.close();
    }
  }, 180_000);
});
