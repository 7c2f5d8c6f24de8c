/**
 * A partner unlike 178 in Chromium (regression of the probe with partner 6161): a light theme,
 * template rows without the container flag, words longer than a phone's line and six top menu
 * entries. No page may scroll sideways at 375 or 1280 px, no text may fail axe's contrast
 * check, full-width rows keep the container's inner padding, and the header keeps every menu
 * label on one line with the whole search placeholder at 1280 px.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { build } from "../../src/build.js";
import { startPreviewServer, type PreviewServer } from "../../src/dev/index.js";
import { hostileCopy } from "../fixtures/partners/hostile-copy.js";
import { axeViolations, describeBrowser, launchChromium } from "../helpers/chromium.js";

const LONG_WORD = "Sjøsprøytslangeoppdrettsanleggsbestyrerassistentkandidatsøknadsskjemautfyllingsveiledningsbrosjyre";
const MENU = ["Filmoversikt", "Kultur", "Arrangementer", "Filmopplevelser", "Bedrift"];

let root: string;
let preview: PreviewServer;
let browser: Browser;
let filmPath: string;
let articlePath: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "cb-light-e2e-"));
  const partnersDir = await hostileCopy(({ site, events, articles }) => {
    site.theme.colors = { primary: "#0a7", background: "#fbf8f1", text: "#1d2433" };
    for (const row of site.pages.find((page: { path: string }) => page.path === "/").template.rows)
      row.container = false;
    const header = (id: string, label: string, parent = "", path = "") => ({
      id,
      path,
      parent,
      label,
      place: "header",
      locale: "nb",
      order: site.theme.menu.length,
      openInNewWindow: false,
    });
    site.theme.menu = site.theme.menu.filter((item: { place: string }) => item.place !== "header");
    MENU.forEach((label, i) =>
      site.theme.menu.push(header(`g${i}`, label), header(`g${i}-1`, `${label} i dag`, `g${i}`, "/kinoprogram")),
    );
    site.theme.menu.push(header("om", "Om oss", "", "/om-kinoen"));
    const film = events.productions.find((production: { objectClass: string }) => production.objectClass === "movie");
    film.title = film.parentTitle = `Filmen om ${LONG_WORD.slice(0, 56)}`;
    film.contents[0].body = `<p>Handlinga: ${LONG_WORD.slice(0, 56)} og meir.</p>`;
    filmPath = `/${film.parentSlug}`;
    articles[0].content += `<p>Eit langt ord: ${LONG_WORD}.</p>`;
    articlePath = `/article/${articles[0].slug}`;
  });
  await build({ partner: "4242", partnersDir, source: "snapshot", out: path.join(root, "site") });
  await rm(partnersDir, { recursive: true, force: true });
  preview = await startPreviewServer({ root: path.join(root, "site"), port: 0 });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await preview?.close();
  await rm(root, { recursive: true, force: true });
});

describeBrowser("a light theme with full-width rows and long words in chromium", () => {
  for (const width of [375, 1280]) {
    it(`no sideways scroll and no contrast failure at ${width} px`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, serviceWorkers: "block" });
      try {
        // One tab loads each page in full: a new tab per page cost about 1.3 s each here
        // (docs/performance.md "What the test suite spends").
        const tab = await context.newPage();
        for (const pagePath of ["/", "/kinoprogram", filmPath, articlePath]) {
          await tab.goto(`${preview.url}${encodeURI(pagePath)}`, { waitUntil: "load" });
          await tab.waitForTimeout(300);
          const { scrollWidth, clientWidth } = await tab.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            clientWidth: document.documentElement.clientWidth,
          }));
          expect(scrollWidth, `${pagePath} at ${width}px`).toBeLessThanOrEqual(clientWidth);
          if (pagePath === "/") {
            // The full-width rows' headings start where the container's would.
            const left = await tab.evaluate(() =>
              Math.min(
                ...[...document.querySelectorAll(".grid-row--full h1, .grid-row--full h2")].map(
                  (h) => h.getBoundingClientRect().left,
                ),
              ),
            );
            expect(left, `headings of full-width rows at ${width}px`).toBeGreaterThanOrEqual(16);
          }
          const failures = await axeViolations(tab, ["color-contrast"]);
          expect(failures, `contrast on ${pagePath} at ${width}px`).toEqual([]);
        }
      } finally {
        await context.close();
      }
    });
  }

  it("keeps six top menu entries on one line each, and the whole search placeholder, at 1280 px", async () => {
    const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await tab.goto(`${preview.url}/`, { waitUntil: "load" });
    const header = await tab.evaluate(() => {
      const items = [...document.querySelectorAll(".menu > li")].map((li) => li.getBoundingClientRect());
      const input = document.querySelector<HTMLInputElement>(".header-search input")!;
      const text = document.createElement("span");
      text.textContent = input.placeholder;
      text.style.cssText = `position:absolute;white-space:pre;font:${getComputedStyle(input).font}`;
      document.body.append(text);
      const style = getComputedStyle(input);
      return {
        tops: new Set(items.map((r) => Math.round(r.top))).size,
        heights: items.map((r) => Math.round(r.height)),
        // Room for the text beside the paddings and Chromium's 20 px for the clear button.
        room:
          input.clientWidth -
          parseFloat(style.paddingLeft) -
          parseFloat(style.paddingRight) -
          20 -
          text.getBoundingClientRect().width,
      };
    });
    expect(header.heights).toHaveLength(6);
    expect(header.tops).toBe(1);
    expect(Math.max(...header.heights)).toBeLessThanOrEqual(48);
    expect(header.room).toBeGreaterThanOrEqual(0);
    await tab.close();
  });
});
