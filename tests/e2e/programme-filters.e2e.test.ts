/**
 * The programme's filters in Chromium (docs/spec-decisions.md "Programme filters"), on the run's
 * shared build of 178: on a day page, flag and hall filters narrow the day to the showings the
 * server HTML says have that flag and hall; the filters are in the URL, so a reload and a shared
 * link show the same, and the back button undoes each change; when nothing matches the listing
 * says so and a button widens it; a page without islands still loads no React.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { CONSENT_KEY } from "../../client/consent.js";
import { describeBrowser, launchChromium } from "../helpers/chromium.js";
import { startTestHost, type TestHost } from "../helpers/static-server.js";

const FLAG = "Babykino";

let host: TestHost;
let browser: Browser;
/** One context for the file: its pages share the HTTP cache, so only the first load fetches the bundles. */
let context: BrowserContext;
let dayPath: string;
let plainPath: string;

beforeAll(async () => {
  const out = inject("site178").out;
  // The day page with the most showings of FLAG (178's snapshot has a few a day).
  const days = (await readdir(path.join(out, "kinoprogram", "dag"))).sort();
  const flagged = await Promise.all(
    days.map(async (day) => {
      const html = await readFile(path.join(out, "kinoprogram", "dag", day, "index.html"), "utf8");
      return html.split(`showtime__flag">${FLAG}<`).length - 1;
    }),
  );
  dayPath = `/kinoprogram/dag/${days[flagged.indexOf(Math.max(...flagged))]}`;
  const manifest: { path: string }[] = JSON.parse(await readFile(path.join(out, "page-manifest.json"), "utf8"));
  for (const entry of manifest) {
    if (entry.path === "/404.html") continue;
    const html = await readFile(path.join(out, entry.path.slice(1), "index.html"), "utf8").catch(() => "");
    if (html && !html.includes("data-island-src")) {
      plainPath = entry.path;
      break;
    }
  }
  host = await startTestHost(out);
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: "block" });
  await context.addInitScript((key) => localStorage.setItem(key, "denied"), CONSENT_KEY);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await host?.close();
});

/** A new tab (its own history), as a visitor opening a link. */
async function openTab(): Promise<{ page: Page; close: () => Promise<void> }> {
  const page = await context.newPage();
  return { page, close: () => page.close() };
}

interface ShownShowing {
  id: string;
  hall: string;
  time: string;
  flags: string[];
}

/** The showings the programme lists now, as the page shows them. */
function shown(page: Page): Promise<ShownShowing[]> {
  return page.$$eval(".programme li.showtime", (items) =>
    items.map((item) => ({
      id: item.getAttribute("data-ticket-id") ?? "",
      hall: item.querySelector(".showtime__meta > span:not(.showtime__status)")?.textContent ?? "",
      time: item.querySelector("time")?.textContent ?? "",
      flags: [...item.querySelectorAll(".showtime__flag")].map((flag) => flag.textContent ?? ""),
    })),
  );
}

const idsOf = (showings: ShownShowing[]) => showings.map((showing) => showing.id).sort();

async function expectShown(page: Page, ids: string[]): Promise<void> {
  await expect.poll(async () => idsOf(await shown(page))).toEqual(ids);
}

async function ready(page: Page): Promise<void> {
  await page.waitForSelector(".programme .filters[data-ready]");
}

describeBrowser("the programme's filters (178, Chromium)", () => {
  it("narrow a day to the expected showings, survive a reload and a shared link, and back undoes them", async () => {
    const { page, close } = await openTab();
    try {
      await page.goto(host.url + dayPath, { waitUntil: "load" });
      await ready(page);
      const all = await shown(page);
      const flagged = all.filter((showing) => showing.flags.includes(FLAG));
      expect(flagged.length, `${dayPath} has ${FLAG}`).toBeGreaterThan(0);
      expect(flagged.length).toBeLessThan(all.length);
      const hall = flagged[0].hall;
      const both = flagged.filter((showing) => showing.hall === hall);

      await page.locator(".programme .filters__more > summary").click();
      await page.getByRole("checkbox", { name: FLAG }).check();
      await expectShown(page, idsOf(flagged));
      expect(new URL(page.url()).searchParams.getAll("merke")).toEqual([FLAG]);
      await expect.poll(() => page.locator(".programme .filters__count").textContent()).toContain(`av ${all.length}`);
      await page.getByRole("checkbox", { name: hall, exact: true }).check();
      await expectShown(page, idsOf(both));
      const filteredUrl = page.url();
      expect(new URL(filteredUrl).searchParams.getAll("sal")).toEqual([hall]);

      await page.reload({ waitUntil: "load" });
      await ready(page);
      await expectShown(page, idsOf(both));

      const shared = await openTab();
      try {
        await shared.page.goto(filteredUrl, { waitUntil: "load" });
        await ready(shared.page);
        await expectShown(shared.page, idsOf(both));
      } finally {
        await shared.close();
      }

      await page.goBack();
      await expectShown(page, idsOf(flagged));
      await page.goBack();
      await expectShown(page, idsOf(all));
      expect(new URL(page.url()).search).toBe("");
      expect(new URL(page.url()).pathname).toBe(dayPath);
    } finally {
      await close();
    }
  });

  it("says when nothing matches, and a button widens the filters", async () => {
    const { page, close } = await openTab();
    try {
      await page.goto(host.url + dayPath, { waitUntil: "load" });
      await ready(page);
      const times = (await shown(page)).filter((s) => s.flags.includes(FLAG)).map((s) => s.time);
      // A time of day without a showing of FLAG: the two filters together leave nothing.
      const slot = [
        ["for-17", (t: string) => t < "17:00"],
        ["17-20", (t: string) => t >= "17:00" && t < "20:00"],
        ["etter-20", (t: string) => t >= "20:00"],
      ].find(([, within]) => !times.some(within as (t: string) => boolean))![0] as string;
      await page.goto(`${host.url}${dayPath}?merke=${FLAG}&tid=${slot}`, { waitUntil: "load" });
      await ready(page);
      await expectShown(page, []);
      await expect
        .poll(() => page.locator(".programme .filters__count").textContent())
        .toMatch(/^Ingen av \d+ visninger passer filtrene\.$/);
      await page.locator(".programme .filters__widen .button").first().click();
      await expect.poll(async () => (await shown(page)).length).toBeGreaterThan(0);
      await page.getByRole("button", { name: "Nullstill filtre" }).click();
      await expect.poll(() => page.url()).toBe(host.url + dayPath);
    } finally {
      await close();
    }
  });

  it("leaves a page without islands without React", async () => {
    const { page, close } = await openTab();
    const scripts: string[] = [];
    page.on("request", (request) => request.resourceType() === "script" && scripts.push(request.url()));
    try {
      await page.goto(host.url + plainPath, { waitUntil: "load" });
      await page.waitForTimeout(300);
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((url) => /\/assets\/(island-|chunks\/)/.test(url))).toEqual([]);
      expect(await page.evaluate(() => document.querySelector("[data-island]"))).toBeNull();
    } finally {
      await close();
    }
  });
});
