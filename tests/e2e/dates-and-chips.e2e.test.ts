/**
 * What a visitor meets in a programme over New Year and in a programme whose first day fills a
 * listing page, in Chromium after hydration (docs/spec-decisions.md "Dates of next year", "Day
 * chips of a paged listing"): every date of next year names its year (day-page titles, the
 * "Vis …" links, the screen-reader text of a purchase link), and every day chip leads to a page
 * that holds its day.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { build } from "../../src/build.js";
import { startPreviewServer, type PreviewServer } from "../../src/dev/preview-server.js";
import { LATER_DAYS, PAGED_PARTNER, writePagedProgrammePartner } from "../fixtures/paged-programme.js";
import { describeBrowser, launchChromium } from "../helpers/chromium.js";

let root: string;
let browser: Browser;
let newYear: PreviewServer;
let paged: PreviewServer;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "cb-dates-chips-"));
  await build({
    partner: "178",
    partnersDir: path.resolve("partners"),
    source: "snapshot",
    out: path.join(root, "ny"),
    now: "2026-12-28T12:00",
    cache: false,
  });
  newYear = await startPreviewServer({ root: path.join(root, "ny") });
  await writePagedProgrammePartner(path.join(root, "partners"));
  await build({
    partner: String(PAGED_PARTNER),
    partnersDir: path.join(root, "partners"),
    source: "snapshot",
    out: path.join(root, "paged"),
    cache: false,
  });
  paged = await startPreviewServer({ root: path.join(root, "paged") });
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await newYear?.close();
  await paged?.close();
  await rm(root, { recursive: true, force: true });
});

/** The page with its programme hydrated (the island marks itself; every page opened here has one). */
async function open(tab: Page, url: string): Promise<void> {
  await tab.goto(url, { waitUntil: "load" });
  await tab.waitForSelector('[data-island="programme"][data-island-hydrated]', { state: "attached", timeout: 15_000 });
}

describeBrowser("dates of next year and day chips, as a visitor meets them", () => {
  it("names the year of every date of next year: day-page titles, 'Vis …' links, a purchase link's hidden text", async () => {
    const tab = await browser.newPage({ viewport: { width: 375, height: 800 } });
    try {
      await open(tab, `${newYear.url}/kinoprogram/dag/2027-01-01`);
      expect(await tab.title()).toBe("Kinoprogram – fredag 1. januar 2027");
      const hidden = await tab.$$eval("a .visually-hidden", (spans) =>
        spans.map((span) => span.textContent ?? "").filter((text) => text.startsWith("Kjøp billett")),
      );
      expect(hidden.length, "purchase links' hidden text").toBeGreaterThan(0);
      for (const text of hidden) expect(text).toMatch(/januar 2027, kl\. $/);
      const visLinks = async () =>
        tab.$$eval("a", (anchors) =>
          anchors.map((a) => a.textContent ?? "").filter((text) => /^Vis \S+ \d+\. \S+/.test(text)),
        );
      await open(tab, `${newYear.url}/kinoprogram/dag/2026-12-31`);
      expect(await visLinks()).toEqual(["Vis fredag 1. januar 2027"]);
      // A date of this year names no year.
      await open(tab, `${newYear.url}/kinoprogram`);
      expect(await visLinks()).toEqual(["Vis torsdag 31. desember"]);
    } finally {
      await tab.close();
    }
  }, 120_000);

  it("leads every day chip to a page that holds its day, also when the day moved to /side/2", async () => {
    const tab = await browser.newPage();
    try {
      await open(tab, `${paged.url}/kinoprogram`);
      const chips = await tab.$$eval('[data-island="programme"] .day-nav a', (anchors) =>
        anchors.map((a) => a.getAttribute("href")!),
      );
      expect(chips.length).toBeGreaterThan(2);
      for (const day of LATER_DAYS)
        expect(chips.find((href) => href.endsWith(day))).toMatch(/^\/kinoprogram\/side\/2#/);
      for (const href of chips) {
        const target = new URL(href, `${paged.url}/kinoprogram`);
        await open(tab, target.href);
        const id = decodeURIComponent(target.hash.slice(1));
        if (id) expect(await tab.$(`[id="${id}"]`), href).not.toBeNull();
        expect(await tab.textContent("h1"), href).toBeTruthy();
      }
    } finally {
      await tab.close();
    }
  }, 180_000);
});
