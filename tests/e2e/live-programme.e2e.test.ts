/**
 * The live programme in Chromium (docs/islands.md): with the clock past a showing's
 * start the showing disappears, and "I dag" moves after midnight Oslo time (Playwright clock);
 * counts from the local API server's basic_events replace the build's, and follow the server
 * when its counts change (spec 7.2, docs/spec-decisions.md "Live seat counts in production and
 * in 178's demo"); a failing basic_events
 * leaves the page as built; later days load from their day pages, which work without
 * JavaScript. The site is built once (snapshot build pointed at a local api-server).
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startApiServer, type ApiServer } from "../../src/api-server/index.js";
import { build } from "../../src/build.js";
import { startTestHost, type TestHost } from "../helpers/static-server.js";
import { axeViolations, describeBrowser, launchChromium } from "../helpers/chromium.js";

const SHOTS = path.resolve("test-results/screens");

let root: string;
let out: string;
let host: TestHost;
let api: ApiServer;
let browser: Browser;
let film: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "cb-live-e2e-"));
  out = path.join(root, "site");
  // The API server serves a copy of the snapshot in which every showing has sold out since the build.
  const served = path.join(root, "served");
  await cp(path.resolve("partners/178/snapshot"), served, { recursive: true });
  const events = JSON.parse(await readFile(path.join(served, "events.json"), "utf8"));
  for (const event of events.events) for (const sale of event.ticketSales ?? []) sale.available = 0;
  await writeFile(path.join(served, "events.json"), JSON.stringify(events));
  film = events.productions.find(
    (p: { objectClass: string; id: string }) =>
      p.objectClass === "movie" &&
      events.events.some((e: { production: string; begin: string }) => e.production === p.id && e.begin > "2026-11-21"),
  ).parentSlug;
  api = await startApiServer({ partnersDir: path.resolve("partners"), partner: 178, snapshotDir: served });
  await build({ partner: "178", partnersDir: path.resolve("partners"), source: "snapshot", apiUrl: api.url, out });
  host = await startTestHost(out);
  await mkdir(SHOTS, { recursive: true });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await api?.close();
  await rm(root, { recursive: true, force: true });
});

/** A page that fails the test on console errors and hydration warnings; basic_events optionally failing. */
async function open(
  pagePath: string,
  options: { width?: number; clock?: boolean; failCounts?: boolean; serviceWorkers?: "allow" | "block" } = {},
): Promise<{ tab: Page; problems: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    serviceWorkers: options.serviceWorkers ?? "allow",
  });
  const tab = await context.newPage();
  const problems: string[] = [];
  // Spec 8: a failed movie-info call is logged to the console; no member service runs here.
  const isExpectedMemberLog = (text: string) => text.startsWith("member service: movie info failed");
  tab.on("console", (message) => {
    const text = message.text();
    if (
      (message.type() === "error" || message.type() === "warning") &&
      !/ERR_FAILED|ERR_NAME_NOT_RESOLVED|status of 503/.test(text) &&
      // Playwright's own notice where the context blocks service workers, not the page's.
      text !== "Service Worker registration blocked by Playwright" &&
      !isExpectedMemberLog(text)
    )
      problems.push(`${message.type()}: ${text}`);
  });
  tab.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  // Only our two local servers: the image CDN and third-party scripts fail in the browser's resolver.
  if (options.failCounts) await tab.route("**/basic_events", (route) => route.fulfill({ status: 503, body: "{}" }));
  if (options.clock) await tab.clock.install();
  await tab.goto(`${host.url}${pagePath}`, { waitUntil: "load" });
  return { tab, problems, close: () => context.close() };
}

const hydrated = (tab: Page, kind: string) =>
  tab.waitForSelector(`[data-island="${kind}"][data-island-hydrated]`, { timeout: 15_000 });
const statuses = (tab: Page, scope: string) => tab.locator(`${scope} .showtime__status`).allTextContents();

describeBrowser("the live programme in chromium", () => {
  /** Showings on sale in the build's HTML (not sold out, web sale started) and those sold out. */
  const builtStates = async () => {
    const html = await readFile(path.join(out, "kinoprogram/index.html"), "utf8");
    return {
      onSale: (html.match(/class="showtime showtime--(available|few|hidden)"/g) ?? []).length,
      soldOut: (html.match(/class="showtime showtime--sold-out"/g) ?? []).length,
    };
  };
  const liveStates = async (tab: Page) => ({
    onSale: await tab
      .locator(
        ".programme-day li.showtime--available, .programme-day li.showtime--few, .programme-day li.showtime--hidden",
      )
      .count(),
    soldOut: await tab.locator(".programme-day li.showtime--sold-out").count(),
  });

  it("counts from basic_events replace the build's: everything sold out since reads 'Utsolgt', with no purchase link", async () => {
    const built = await builtStates();
    expect(built.onSale).toBeGreaterThan(10);
    const { tab, problems, close } = await open("/kinoprogram");
    try {
      await hydrated(tab, "programme");
      await expect.poll(() => liveStates(tab)).toEqual({ onSale: 0, soldOut: built.onSale + built.soldOut });
      expect(new Set(await statuses(tab, ".programme-day .showtime--sold-out"))).toEqual(new Set(["Utsolgt"]));
      expect(await tab.locator(".programme-day .showtime > a").count()).toBe(0);
      expect(api.stats.count("basicEvents")).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("asks basic_events again for a page the page loader swaps in: counts are never older than the page", async () => {
    const { tab, problems, close } = await open("/kinoprogram");
    try {
      await hydrated(tab, "programme");
      await expect.poll(() => api.stats.count("basicEvents")).toBeGreaterThan(0);
      const before = api.stats.count("basicEvents");
      await tab.evaluate(() => ((window as unknown as { __kept: boolean }).__kept = true));
      await tab.locator(".programme-day .film-row__title a").first().click();
      await hydrated(tab, "ticket-list");
      expect(await tab.evaluate(() => (window as unknown as { __kept?: boolean }).__kept)).toBe(true);
      await expect.poll(() => api.stats.count("basicEvents")).toBeGreaterThan(before);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("counts follow the local API server when its counts change: sold out, then on sale again at the next page view", async () => {
    const built = await builtStates();
    const soldOut = await open("/kinoprogram");
    try {
      await hydrated(soldOut.tab, "programme");
      await expect.poll(() => liveStates(soldOut.tab)).toEqual({ onSale: 0, soldOut: built.onSale + built.soldOut });
      expect(soldOut.problems).toEqual([]);
    } finally {
      await soldOut.close();
    }
    // The server's counts change: it now answers with the snapshot as built (seats on sale again),
    // on the same address the pages were built with.
    const port = Number(new URL(api.url).port);
    await api.close();
    api = await startApiServer({ partnersDir: path.resolve("partners"), partner: 178, port });
    try {
      const again = await open("/kinoprogram");
      try {
        await hydrated(again.tab, "programme");
        await expect.poll(() => api.stats.count("basicEvents")).toBeGreaterThan(0);
        await expect.poll(() => liveStates(again.tab)).toEqual(built);
        expect(await again.tab.locator(".programme-day .showtime > a").count()).toBeGreaterThan(10);
        expect(again.problems).toEqual([]);
      } finally {
        await again.close();
      }
    } finally {
      // The other tests expect the sold-out server.
      await api.close();
      api = await startApiServer({
        partnersDir: path.resolve("partners"),
        partner: 178,
        snapshotDir: path.join(root, "served"),
        port,
      });
    }
  });

  it("a failing basic_events leaves the page as built", async () => {
    const { tab, problems, close } = await open("/kinoprogram", { failCounts: true });
    try {
      await hydrated(tab, "programme");
      await tab.waitForTimeout(500);
      expect(await liveStates(tab)).toEqual(await builtStates());
      const html = await readFile(path.join(out, "kinoprogram/index.html"), "utf8");
      const builtStatuses = [...html.matchAll(/showtime__status">([^<]*)</g)].map((match) => match[1]);
      expect(await statuses(tab, ".programme-day")).toEqual(builtStatuses);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("with the clock past a showing's start it disappears; after Oslo midnight 'I dag' is the next day", async () => {
    const { tab, problems, close } = await open("/kinoprogram", { clock: true, failCounts: true });
    try {
      await hydrated(tab, "programme");
      const first = tab.locator(".programme-day").first();
      const firstId = await first.locator("li.showtime[data-ticket-id]").first().getAttribute("data-ticket-id");
      // The first day is the build's (Friday 20 November, asserted below); a showing's <time> is its wall-clock time.
      const firstClock = await first.locator("li.showtime > * > time").first().textContent();
      const firstTime = `2026-11-20T${firstClock}:00+01:00`;
      expect(await tab.locator(".day-nav a").first().textContent()).toBe("I dag");
      const today = await first.locator(".day-heading").textContent();
      // The build's reference time is 2026-11-20 09:00 Oslo; the page follows it plus the time since load.
      const untilStart = Date.parse(firstTime) - Date.parse("2026-11-20T09:00:00+01:00");
      await tab.clock.fastForward(untilStart + 60_000);
      await expect.poll(() => tab.locator(`li.showtime[data-ticket-id="${firstId}"]`).count()).toBe(0);
      // Past midnight in Oslo (23:00 UTC): the first day and its chip are gone, 'I dag' is Saturday.
      await tab.clock.fastForward(Date.parse("2026-11-21T00:00:30+01:00") - Date.parse(firstTime) - 60_000);
      await expect
        .poll(() => tab.locator(".programme-day .day-heading").first().textContent())
        .toBe("Lørdag 21. november");
      expect(today).toBe("Fredag 20. november");
      expect(await tab.locator(".day-nav a").first().textContent()).toBe("I dag");
      expect(await tab.locator(".day-nav a").nth(1).textContent()).toBe("I morgen");
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a later day loads from its day page without leaving; the day page itself works without JavaScript", async () => {
    const { tab, problems, close } = await open("/kinoprogram", { failCounts: true });
    try {
      await hydrated(tab, "programme");
      const before = await tab.locator(".programme-day").count();
      const chips = await tab.locator(".day-nav a").allTextContents();
      const more = tab.locator(".day-more a");
      const href = await more.getAttribute("href");
      expect(href).toMatch(/^\/kinoprogram\/dag\/\d{4}-\d{2}-\d{2}$/);
      await more.click();
      await expect.poll(() => tab.locator(".programme-day").count()).toBe(before + 1);
      expect(new URL(tab.url()).pathname).toBe("/kinoprogram");
      expect(await tab.evaluate(() => document.activeElement?.className)).toBe("day-heading");
      // The same chips as the page and its day pages have; the day loaded is the current one,
      // and its heading is not under the sticky chips.
      expect(await tab.locator(".day-nav a").allTextContents()).toEqual(chips);
      expect(await tab.locator('.day-nav a[aria-current="true"]').getAttribute("href")).toBe(
        `#${await tab.locator(".programme-day").last().getAttribute("id")}`,
      );
      const dayChips = await tab.request
        .get(`${host.url}${href}`)
        .then((response) => response.text())
        .then((html) => [...html.matchAll(/<nav class="day-nav".*?<\/nav>/gs)][0][0]);
      expect([...dayChips.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((match) => match[1])).toEqual(chips);
      await tab.waitForTimeout(800);
      const navBottom = await tab.locator(".day-nav").evaluate((nav) => nav.getBoundingClientRect().bottom);
      expect(await tab.evaluate(() => document.activeElement!.getBoundingClientRect().top)).toBeGreaterThanOrEqual(
        navBottom,
      );
      const dayHtml = await readFile(path.join(out, href!.slice(1), "index.html"), "utf8");
      expect(dayHtml).toContain('class="programme-day"');
      expect(dayHtml).toMatch(/<title>Kinoprogram – \w+ \d+\. \w+/);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a campaign page's chip leads to its programme's day page and loads that day in place", async () => {
    // /den-store-kinodagen lists what /kinoprogram does, which comes first in the menu and owns
    // the day pages (docs/spec-decisions.md "Shared day pages").
    const { tab, problems, close } = await open("/den-store-kinodagen", { failCounts: true });
    try {
      await hydrated(tab, "programme");
      const before = await tab.locator(".programme-day").count();
      const prefix = (await tab.locator(".programme-day").first().getAttribute("id"))!.slice(0, 12);
      const chip = tab.locator('.day-nav a[href^="/kinoprogram/dag/"]').first();
      const date = (await chip.getAttribute("href"))!.slice("/kinoprogram/dag/".length);
      await chip.click();
      await expect.poll(() => tab.locator(".programme-day").count()).toBe(before + 1);
      expect(new URL(tab.url()).pathname).toBe("/den-store-kinodagen");
      // The day takes this page's anchors, under its own chips.
      expect(await tab.locator(".programme-day").last().getAttribute("id")).toBe(`${prefix}-${date}`);
      expect(await tab.locator(`.day-nav a[href="#${prefix}-${date}"]`).getAttribute("aria-current")).toBe("true");
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("programme, day, film, schedule, listing and upcoming pages hydrate without warnings, fit 375 px and pass axe", async () => {
    const pages = [
      { name: "live-kinoprogram", path: "/kinoprogram", kind: "programme" },
      { name: "live-dag", path: "/kinoprogram/dag/2026-12-01", kind: "programme" },
      { name: "live-film", path: `/${film}`, kind: "ticket-list" },
      { name: "live-schedule", path: "/kinosjefens-utvalgte", kind: "schedule" },
      { name: "live-filmer", path: "/filmer", kind: "next-showing" },
      // A listing's later page (src/render/listing-pages.ts: 178's /filmer lists 88 films, 60 a page).
      { name: "live-filmer-2", path: "/filmer/side/2", kind: "next-showing" },
      { name: "live-kommende", path: "/kommende", kind: "programme" },
    ];
    for (const width of [375, 1280]) {
      // One tab visits every page, each loaded in full; no page is served by the worker the
      // first one installed (tests/e2e/sw.e2e.test.ts covers it).
      const { tab, problems, close } = await open(pages[0].path, { width, serviceWorkers: "block" });
      try {
        for (const page of pages) {
          problems.length = 0;
          if (page !== pages[0]) await tab.goto(`${host.url}${page.path}`, { waitUntil: "load" });
          if (page.kind === "next-showing")
            await tab.locator('[data-island="next-showing"]').first().scrollIntoViewIfNeeded();
          await hydrated(tab, page.kind);
          await tab.waitForTimeout(300);
          const { scrollWidth, clientWidth } = await tab.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            clientWidth: document.documentElement.clientWidth,
          }));
          expect(scrollWidth, `${page.path} at ${width}px`).toBeLessThanOrEqual(clientWidth);
          for (const link of await tab.locator('nav[aria-label="Sider"] a').all())
            expect((await link.boundingBox())!.height, `pager link on ${page.path}`).toBeGreaterThanOrEqual(44);
          await tab.screenshot({ path: path.join(SHOTS, `${page.name}-${width}.png`) });
          const violations = await axeViolations(tab);
          expect(violations, `axe on ${page.path} at ${width}px`).toEqual([]);
          expect(problems, page.path).toEqual([]);
        }
      } finally {
        await close();
      }
    }
  }, 400_000);
});
