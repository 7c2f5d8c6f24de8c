/**
 * The trailer facade in Chromium (docs/spec-decisions.md, "Trailers"): a copy of partner 178 in
 * which one film has a YouTube trailer (tests/fixtures/partners/trailer-copy.ts; the run's shared
 * build of 178 has none), built once here. Nothing leaves for YouTube before the click (the
 * facade's island, without React, loads when it comes into view); the
 * keyboard plays it; without the site's consent the facade asks first; after it the player is
 * asked of youtube-nocookie.com (aborted here), which the page's policy allows.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { build } from "../../src/build.js";
import { trailerCopy } from "../fixtures/partners/trailer-copy.js";
import { startTestHost, type TestHost } from "../helpers/static-server.js";
import { describeBrowser, launchChromium } from "../helpers/chromium.js";

const SHOTS = path.resolve("test-results/screens");
let out: string;
let partnersDir: string;
let host: TestHost;
let browser: Browser;
let film: { parentSlug: string; parentTitle: string };

beforeAll(async () => {
  ({ partnersDir, film } = await trailerCopy());
  out = await mkdtemp(path.join(tmpdir(), "cb-trailer-out-"));
  await build({ partner: "178", partnersDir, source: "snapshot", out, cache: false });
  host = await startTestHost(out);
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await rm(out, { recursive: true, force: true });
  await rm(partnersDir, { recursive: true, force: true });
});

/** The film page with every request that leaves our host recorded and aborted. */
async function openFilm(consent: "granted" | "denied" | null, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, serviceWorkers: "block" });
  if (consent) await context.addInitScript((value) => localStorage.setItem("cinema-consent", value), consent);
  const tab = await context.newPage();
  const external: string[] = [];
  // Other hosts fail in the browser's resolver (tests/helpers/chromium.ts); their requests are seen here.
  context.on("request", (request) => {
    if (!request.url().startsWith(host.url)) external.push(request.url());
  });
  await tab.goto(`${host.url}/${film.parentSlug}`, { waitUntil: "load" });
  return { tab, context, external };
}

const VIDEO_HOSTS = /youtube|ytimg|googlevideo|vimeo/;

describeBrowser("the trailer facade", () => {
  it("asks nothing of YouTube before the click; keyboard and consent in place, then the nocookie player", async () => {
    const { tab, context, external } = await openFilm(null, 375);
    try {
      const play = tab.getByRole("link", { name: `Spill av trailer: ${film.parentTitle}` });
      await play.scrollIntoViewIfNeeded();
      // The island (no React) loads when the facade comes into view.
      await tab.locator(".trailer[data-island-hydrated]").waitFor();
      expect(external.filter((url) => VIDEO_HOSTS.test(url))).toEqual([]);
      await tab.screenshot({ path: path.join(SHOTS, "trailer-facade-375.png") });
      // Keyboard: focus the play control and press Enter; no consent stored, so it asks in place.
      await play.focus();
      await tab.keyboard.press("Enter");
      const here = tab.getByRole("button", { name: "Spill av her" });
      await expect.poll(() => here.evaluate((node) => node === document.activeElement)).toBe(true);
      expect(await tab.getByRole("link", { name: "Åpne på YouTube" }).getAttribute("href")).toBe(
        "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      );
      await tab.screenshot({ path: path.join(SHOTS, "trailer-ask-375.png") });
      expect(external.filter((url) => VIDEO_HOSTS.test(url))).toEqual([]);
      await tab.keyboard.press("Enter");
      await expect
        .poll(() => external.filter((url) => VIDEO_HOSTS.test(url)))
        .toEqual(["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"]);
      expect(await tab.locator("iframe.trailer__player").getAttribute("title")).toBe(`Trailer: ${film.parentTitle}`);
    } finally {
      await context.close();
    }
  });

  it("after the site's consent the click plays at once, and the page's policy frames the player", async () => {
    const { tab, context, external } = await openFilm("granted");
    try {
      // The default profile sends the policy in `_headers`, not as a <meta> (docs/security.md).
      const policy = /Content-Security-Policy: (.+)/.exec(await readFile(path.join(out, "_headers"), "utf8"))?.[1];
      expect(policy).toMatch(/frame-src [^;]*https:\/\/www\.youtube-nocookie\.com/);
      await tab.screenshot({ path: path.join(SHOTS, "trailer-facade-1280.png") });
      await tab.locator(".trailer[data-island-hydrated]").waitFor();
      expect(external.filter((url) => VIDEO_HOSTS.test(url))).toEqual([]);
      await tab.getByRole("link", { name: `Spill av trailer: ${film.parentTitle}` }).click();
      await expect
        .poll(() => external.filter((url) => VIDEO_HOSTS.test(url)))
        .toEqual(["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"]);
      expect(await tab.locator(".trailer__ask").count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
