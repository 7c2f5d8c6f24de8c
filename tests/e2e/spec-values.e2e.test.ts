/**
 * The spec's exact values as a visitor meets them in Chromium (docs/spec-decisions.md), on a copy of
 * partner 4242: the tab title is the page's meta title exactly (spec 2.3, 2.6), the other reading
 * of an article's path lands on the article (2.6), and the footer html item's third-party widget
 * finds its mount point after consent (2.7), served by a local stand-in for its script.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { build } from "../../src/build.js";
import { startPreviewServer, type PreviewServer } from "../../src/dev/index.js";
import { hostileCopy } from "../fixtures/partners/hostile-copy.js";
import { describeBrowser, launchChromium } from "../helpers/chromium.js";

const WIDGET_HOST = "https://cdn.linkmarketing.example";
// The stand-in for the marketing script: it fills the mount point the footer item names.
const WIDGET =
  'const m = document.getElementById("dl-banner"); m.textContent = "Banner for " + m.dataset.partner + " i " + document.querySelector(".lenke-banner").dataset.site;';

let root: string;
let preview: PreviewServer;
let browser: Browser;
let film: { title: string; parentSlug: string };
let article: { title: string; slug: string };

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "cb-spec-values-e2e-"));
  const partnersDir = await hostileCopy(({ partner, site, events, articles }) => {
    partner.contentSecurity = { ...partner.contentSecurity, scriptHosts: [WIDGET_HOST] };
    const html = `<div id="dl-banner" data-partner="118"></div><div class="lenke-banner" data-site="250"></div><script async src="${WIDGET_HOST}/banner.js"></script>`;
    site.theme.footer[0].items.push({ type: "html", value: html, href: null, order: 9 });
    film = events.productions.find((production: { objectClass: string }) => production.objectClass === "movie");
    article = articles[0];
  });
  await build({ partner: "4242", partnersDir, source: "snapshot", out: path.join(root, "site") });
  await rm(partnersDir, { recursive: true, force: true });
  preview = await startPreviewServer({ root: path.join(root, "site"), port: 0 });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await preview?.close();
  await rm(root, { recursive: true, force: true });
});

describeBrowser("the spec's exact values in chromium", () => {
  async function open() {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: "block" });
    await context.route(
      (url) => url.origin === WIDGET_HOST,
      (route) => route.fulfill({ contentType: "text/javascript", body: WIDGET }),
    );
    return { context, tab: await context.newPage() };
  }

  it("titles a film page with its production's title and an article with its binding's '<title> | <city>', nothing appended", async () => {
    const { context, tab } = await open();
    try {
      await tab.goto(`${preview.url}/${film.parentSlug}`, { waitUntil: "load" });
      expect(await tab.title()).toBe(film.title);
      await tab.goto(`${preview.url}${encodeURI(`/article/${article.slug}`)}`, { waitUntil: "load" });
      expect(await tab.title()).toBe(`${article.title} | Øvre Årdal`);
    } finally {
      await context.close();
    }
  });

  it("lands on the article from the other reading of its path, '/article-{slug}'", async () => {
    const { context, tab } = await open();
    try {
      const answer = await tab.goto(`${preview.url}${encodeURI(`/article-${article.slug}`)}`, { waitUntil: "load" });
      expect(answer?.status()).toBe(200);
      expect(decodeURI(new URL(tab.url()).pathname)).toBe(`/article/${article.slug}`);
      expect(await tab.textContent("main h1")).toContain(article.title);
    } finally {
      await context.close();
    }
  });

  it("keeps the footer widget's mount point, and its script fills it after consent", async () => {
    const { context, tab } = await open();
    try {
      await tab.goto(`${preview.url}/`, { waitUntil: "load" });
      expect(await tab.getAttribute("#dl-banner", "data-partner")).toBe("118");
      expect(await tab.textContent("#dl-banner")).toBe("");
      await tab.click('[data-choice="granted"]');
      await expect.poll(() => tab.textContent("#dl-banner")).toBe("Banner for 118 i 250");
    } finally {
      await context.close();
    }
  });
});
