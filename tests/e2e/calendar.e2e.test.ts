/**
 * "Legg i kalender" in Chromium (docs/spec-decisions.md, "Calendar"): on the shared build of 178
 * a film page's ticket list gets the button once hydrated (the server HTML has none), and the
 * keyboard's Enter downloads a .ics that ical.js (tests/helpers/ical.ts) reads back with the
 * showing's Oslo start as the right UTC instant, on both sides of a DST change. The snapshot's
 * showings are all in winter time, so two of a page's rows are moved, in the HTML the browser is
 * given, to 28 March and 31 October 2027: the event is made from the island's props. A programme
 * row's button makes the event its page's own feed ('/kinoprogram-kalender.ics') holds.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, Download } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { describeBrowser, launchChromium } from "../helpers/chromium.js";
import { parseCalendar } from "../helpers/ical.js";
import { startTestHost, type TestHost } from "../helpers/static-server.js";

let host: TestHost;
let browser: Browser;
let film: { slug: string; html: string; title: string };

/** A film page whose ticket list is written as rows ([number, 'YYYY-MM-DD HH:mm:ss', hall, …]). */
const ROWS = /"rows":\[\[(\d+),"([^"]+)"(.*?)\],\[(\d+),"([^"]+)"/;

beforeAll(async () => {
  const out = inject("site178").out;
  const events = JSON.parse(await readFile(path.resolve("partners/178/snapshot/events.json"), "utf8")) as {
    productions: { object: string; parentSlug: string; parentTitle: string }[];
  };
  for (const production of events.productions.filter((p) => p.object === "movie")) {
    const html = await readFile(path.join(out, production.parentSlug, "index.html"), "utf8").catch(() => "");
    if (ROWS.test(html)) {
      film = { slug: production.parentSlug, html, title: production.parentTitle };
      break;
    }
  }
  host = await startTestHost(out);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await host?.close();
});

/** A download's text, read as a stream: the run's shared browser is connected, so it has no local path. */
async function downloadText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

describeBrowser("Legg i kalender", () => {
  it("downloads, from the keyboard, an event ical.js reads back with the Oslo start across DST changes", async () => {
    expect(film, "a film page with its showings as rows").toBeDefined();
    // No server bytes: the button is the island's, after hydration.
    expect(film.html).not.toContain("Legg i kalender");
    const [, first, , , second] = ROWS.exec(film.html)!;
    const moved = film.html.replace(
      ROWS,
      (_, n1, _d1, rest, n2) => `"rows":[[${n1},"2027-03-28 18:30:00"${rest}],[${n2},"2027-10-31 18:30:00"`,
    );
    const context = await browser.newContext({ viewport: { width: 375, height: 667 }, serviceWorkers: "block" });
    try {
      const page = await context.newPage();
      await page.route(`${host.url}/${film.slug}`, (route) =>
        route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: moved }),
      );
      await page.goto(`${host.url}/${film.slug}`, { waitUntil: "load" });
      await page.waitForSelector('[data-island="ticket-list"][data-island-hydrated]', { timeout: 15_000 });
      const expected: [string, string][] = [
        [first, "2027-03-28T16:30:00.000Z"], // summer time: 18:30 is UTC+2
        [second, "2027-10-31T17:30:00.000Z"], // winter time again that morning: UTC+1
      ];
      for (const [number, startUtc] of expected) {
        const id = `e-178${number.padStart(10, "0")}`;
        const button = page.locator(`li[data-ticket-id="${id}"] button.showtime__calendar`);
        await expect.poll(() => button.textContent()).toContain("Legg i kalender");
        await button.focus();
        const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
        expect(download.suggestedFilename()).toMatch(/^[a-z0-9-]+-\d{4}-\d{2}-\d{2}-\d{4}\.ics$/);
        const { events } = parseCalendar(await downloadText(download));
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({ uid: `${id}@127.0.0.1`, summary: film.title, startUtc });
        expect(events[0].startZone).toBe("Europe/Oslo");
        expect(events[0].location).toMatch(/^Sal \d+, /);
        expect(events[0].url).toContain("kanal=");
      }
    } finally {
      await context.close();
    }
  }, 60_000);

  it("on a programme row downloads the event its page's own feed holds; the feed answers as text/calendar", async () => {
    const html = await readFile(path.join(inject("site178").out, "kinoprogram", "index.html"), "utf8");
    expect(html).not.toContain("Legg i kalender");
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: "block" });
    try {
      const page = await context.newPage();
      await page.goto(`${host.url}/kinoprogram`, { waitUntil: "load" });
      // The programme links its own feed, which the preview serves with the type _headers gives it.
      const feedPath = await page.locator('.programme a[type="text/calendar"]').first().getAttribute("href");
      expect(feedPath).toBe("/kinoprogram-kalender.ics");
      const answer = await page.request.get(`${host.url}${feedPath}`);
      expect(answer.status()).toBe(200);
      expect(answer.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
      const feed = parseCalendar(await answer.text()).events;
      expect(feed.length).toBeGreaterThan(0);
      expect(feed.every((event) => event.startZone === "Europe/Oslo")).toBe(true);

      await page.waitForSelector('[data-island="programme"][data-island-hydrated]', { timeout: 15_000 });
      const row = page.locator("li.showtime:has(> button.showtime__calendar)").first();
      await expect.poll(() => row.count()).toBe(1);
      const id = await row.getAttribute("data-ticket-id");
      const title = await row.locator("xpath=ancestor::article[1]").locator(".film-row__title").textContent();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        row.locator("button.showtime__calendar").click(),
      ]);
      const { events } = parseCalendar(await downloadText(download));
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ uid: `${id}@127.0.0.1`, summary: title?.trim(), startZone: "Europe/Oslo" });
      // The same showing in the page's feed starts at the same instant (the feed's UID names the site's host).
      const listed = feed.find((event) => event.uid.startsWith(`${id}@`));
      expect(listed, "the row's showing is in its page's feed").toBeDefined();
      expect(events[0].startUtc).toBe(listed!.startUtc);
      expect(events[0].location).toBe(listed!.location);
    } finally {
      await context.close();
    }
  }, 60_000);
});
