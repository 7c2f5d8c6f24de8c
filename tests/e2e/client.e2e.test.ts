/**
 * The browser half (docs/islands.md: the boot script's budget, hydration, consent, the carousel) against partner 178 built once and served
 * by `preview`: the page loader of spec 2.1/8/9 (swap without reload, back with scroll, the
 * redirect table, failed and delayed loads, each spec 8 message), React only where something
 * hydrates, the JS budget per page type, consent before any third-party request and the
 * analytics events after it, the carousel, the newsletter form and collapsed ad slots, and
 * no console error or hydration warning on every page type. Fails without chromium (tests/helpers/chromium.ts).
 */
import { readFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CAROUSEL_MAX_SLIDES } from "../../src/render/display-rules.js";
import { startTestHost, type TestHost } from "../helpers/static-server.js";
import { describeBrowser, launchChromium } from "../helpers/chromium.js";

const SHOTS = path.resolve("test-results/screens");
let IMAGE_CDN = "";
/** The partner's member service: first-party and functional (not tracking), unreachable here. */
let MEMBER_SERVICE = "";

/**
 * JS gzip bytes a first visit may load, per page type (docs/islands.md; measured figures in the report).
 * The front page and /kinoprogram also load the live programme islands (programme, schedule:
 * about 5 KB with their shared chunks; measured 84.9 KB and 83.5 KB with React). A page without
 * islands: 6.5 KB, of which 0.6 KB is the consent banner, preloaded on sites that ask for consent
 * (docs/performance.md: on a first visit the banner is the largest paint; a returning visitor has it cached).
 * 6.6 → 6.7 KB on 2026-11-24 (measured 6,648 B): the banner keeps keyboard focus clear of
 * itself (WCAG 2.4.11) and the loader's offline path (probe 3).
 * 6.7 → 6.8 KB and film 90.0 → 90.1 KB on 2026-11-27 (measured 6,763 B and 90,066 B): the
 * boot script names the logged-in member in the header (spec 3.1 'cw-profile-new', no React)
 * and the consent check asks for the ad server's slots (spec 3.3).
 * front 88.0 → 88.25 KB and film 90.1 → 90.4 KB on 2026-11-27 (measured 88,142 B and 90,306 B):
 * no function over 80 lines (docs/architecture.md "Code style") split six island components,
 * about +80 B on the front page and +63 B on a film page, and the code both sides run moved
 * into src/isomorphic/, which changed esbuild's minified names (+64 B and +143 B). The film
 * page varies by 343 B with whether the reviews island hydrates during the scroll.
 * front 88.25 → 88.75 KB and film 90.4 → 91.6 KB on 2026-11-27 (measured 88,618 B and 91,460 B):
 * "Legg i kalender" (docs/spec-decisions.md, "Calendar"): the button in the ticket list (+0.7 KB)
 * and the writer as a chunk loaded on the click, whose dynamic import re-splits the islands'
 * shared chunks (+0.2 KB on every island, +0.4 KB on the programme islands); the writer in the
 * island's bundle instead cost the film page +2.2 KB.
 * Then front → 92 KB and kinoprogram 88.0 → 90.5 KB the same day: the programme island's filters
 * and quick views (docs/spec-decisions.md "Programme filters"), +2,888 B on the front page and
 * +2,889 B on /kinoprogram (91,035 B and 89,482 B measured without the calendar's chunks);
 * pages without a programme unchanged.
 * Then front 92 → 92.5 KB, kinoprogram 90.5 → 91 KB and film 91.6 → 91.8 KB on 2026-11-27
 * (measured 91,444 → 92,351 B, 89,874 → 90,781 B and 91,501 → 91,668 B): "Legg i kalender" on the
 * programme's and the schedule's rows (docs/spec-decisions.md, "Calendar"), +907 B on the pages
 * with a programme; the button, until then in the ticket list's bundle, is a chunk the islands
 * share, +167 B on a film page.
 */
const JS_GZIP_BUDGET: Record<string, number> = {
  front: 92_500,
  film: 91_800,
  article: 80_000,
  kinoprogram: 91_000,
  search: 80_000,
  plain: 6_800,
};

let out: string;
let host: TestHost;
let browser: Browser;
let film: { parentSlug: string; title: string; parentTitle: string; id: string };
let culture: { pageReference: string; parentTitle: string };
let article: { slug: string; title: string };
let plainPath: string;
let redirect: { fromPath: string; toPath: string };

interface Tab {
  tab: Page;
  context: BrowserContext;
  problems: string[];
  messages: string[];
  external: string[];
  close: () => Promise<void>;
}

/** A page that records console output and every request leaving our host (then aborted). */
async function open(
  options: { consent?: "granted" | "denied" | null; width?: number; reducedMotion?: "reduce" | "no-preference" } = {},
): Promise<Tab> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    serviceWorkers: "block",
    reducedMotion: options.reducedMotion ?? "no-preference",
  });
  const consent = options.consent === undefined ? "denied" : options.consent;
  if (consent) await context.addInitScript((value) => localStorage.setItem("cinema-consent", value), consent);
  const tab = await context.newPage();
  const problems: string[] = [];
  const messages: string[] = [];
  const external: string[] = [];
  tab.on("console", (message) => {
    const text = `${message.type()}: ${message.text()}`;
    messages.push(text);
    // The image CDN is unreachable here (refused by the browser's resolver), and workers are blocked in tests.
    if (
      /net::ERR_(FAILED|NAME_NOT_RESOLVED)|service worker registration|Service Worker registration blocked/i.test(text)
    )
      return;
    // The member service is unreachable here; its movie-info failure is logged by design (spec 8).
    if (text.startsWith("error: member service: movie info failed")) return;
    if (message.type() === "error" || message.type() === "warning") problems.push(text);
  });
  tab.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  // Other hosts fail in the browser's resolver (tests/helpers/chromium.ts); the requests are seen here.
  // The partner's image CDN is first-party content; every other host is a third party.
  context.on("request", (request) => {
    const href = request.url();
    if (!href.startsWith(host.url) && !href.startsWith(IMAGE_CDN) && !href.startsWith(MEMBER_SERVICE))
      external.push(href);
  });
  return { tab, context, problems, messages, external, close: () => context.close() };
}

const url = (pagePath: string) => `${host.url}${encodeURI(pagePath)}`;
/** Marks the document; a full reload loses the mark. */
const mark = (tab: Page) => tab.evaluate(() => ((window as unknown as { __kept: boolean }).__kept = true));
const kept = (tab: Page) => tab.evaluate(() => (window as unknown as { __kept?: boolean }).__kept === true);
/** Adds a link inside <main> and clicks it, as a visitor would click an internal link. */
async function clickLinkTo(tab: Page, href: string): Promise<void> {
  await tab.evaluate((target) => {
    const link = Object.assign(document.createElement("a"), {
      href: target,
      textContent: "testlenke",
      id: "testlenke",
    });
    // Fixed, so clicking it does not scroll the page (the scroll position is under test).
    link.style.cssText = "position:fixed;top:0;left:0;z-index:1000;background:#fff;color:#000;padding:4px";
    document.querySelector("main")!.prepend(link);
  }, href);
  await tab.click("#testlenke");
}

beforeAll(async () => {
  // The run's shared build of the embedded snapshot (tests/setup/shared-builds.ts), served as it
  // is: these tests only read it.
  out = inject("site178").out;
  const partnersDir = path.resolve("partners");
  const events = JSON.parse(await readFile(path.join(partnersDir, "178", "snapshot", "events.json"), "utf8"));
  const articles = JSON.parse(await readFile(path.join(partnersDir, "178", "snapshot", "articles.json"), "utf8"));
  film = events.productions.find((p: { objectClass: string }) => p.objectClass === "movie");
  culture = events.productions.find((p: { object: string }) => p.object === "culture");
  article = articles[0];
  redirect = JSON.parse(await readFile(path.join(out, "redirects.json"), "utf8")).find(
    (entry: { toPath: string }) => entry.toPath === "/kinoprogram",
  );
  const manifest: { path: string }[] = JSON.parse(await readFile(path.join(out, "page-manifest.json"), "utf8"));
  for (const entry of manifest) {
    const file = entry.path === "/404.html" ? "404.html" : `${entry.path.slice(1)}/index.html`.replace(/^\//, "");
    const html = await readFile(path.join(out, file), "utf8").catch(() => "");
    if (html && !html.includes("data-island-src") && entry.path !== "/404.html") {
      plainPath = entry.path;
      break;
    }
  }
  const partnerJson = JSON.parse(await readFile(path.join(partnersDir, "178", "partner.json"), "utf8"));
  IMAGE_CDN = partnerJson.imageCdn.host;
  MEMBER_SERVICE = partnerJson.memberService.baseUrl;
  host = await startTestHost(out);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await host?.close();
});

describeBrowser("the browser client of partner 178", () => {
  describe("islands and budgets", () => {
    it("loads no React on a page without islands, and no island bundle at all", async () => {
      const t = await open();
      const scripts: string[] = [];
      t.tab.on(
        "request",
        (request) => request.resourceType() === "script" && scripts.push(new URL(request.url()).pathname),
      );
      try {
        await t.tab.goto(url(plainPath), { waitUntil: "load" });
        await t.tab.waitForTimeout(500);
        expect(scripts.length).toBeGreaterThan(0);
        expect(
          scripts.filter((s) => /\/assets\/(island-|chunks\/)/.test(s)),
          plainPath,
        ).toEqual([]);
      } finally {
        await t.close();
      }
    });

    it("leaves the server HTML when an island bundle fails to load ('bundle loading error')", async () => {
      const t = await open();
      try {
        await t.context.route(/\/assets\/island-carousel\./, (route) => route.abort());
        await t.tab.goto(url("/"), { waitUntil: "load" });
        await expect.poll(() => t.messages.some((m) => m.includes("bundle loading error"))).toBe(true);
        expect(await t.tab.locator(".slideshow .slide").count()).toBeGreaterThan(1);
        expect(await t.tab.locator(".carousel-controls").first().getAttribute("data-ready")).toBeNull();
      } finally {
        await t.close();
      }
    });
  });

  describe("the page loader (spec 2.1, 8, 9)", () => {
    it("swaps the content on a link click without a reload, updates the head and focus, and back restores page and scroll", async () => {
      const t = await open();
      try {
        await t.tab.goto(url("/"), { waitUntil: "load" });
        await mark(t.tab);
        await t.tab.evaluate(() => scrollTo({ top: 700, behavior: "instant" }));
        await t.tab.waitForTimeout(300);
        const scrolled = await t.tab.evaluate(() => scrollY);
        const frontTitle = await t.tab.title();
        await clickLinkTo(t.tab, `/${film.parentSlug}`);
        await expect.poll(() => t.tab.title()).toBe(film.title);
        expect(await kept(t.tab)).toBe(true);
        expect(new URL(t.tab.url()).pathname).toBe(`/${film.parentSlug}`);
        expect(await t.tab.textContent("main h1")).toContain(film.parentTitle);
        expect(await t.tab.getAttribute('link[rel="canonical"]', "href")).toContain(film.parentSlug);
        expect(await t.tab.evaluate(() => document.activeElement?.tagName)).toBe("MAIN");
        await expect.poll(() => t.tab.textContent("#sidelaster-kunngjoring")).toBe(film.title);
        expect(await t.tab.locator("header.site-header, header").count()).toBeGreaterThan(0);
        expect(await t.tab.evaluate(() => scrollY)).toBe(0);

        await t.tab.goBack();
        await expect.poll(() => t.tab.title()).toBe(frontTitle);
        expect(await kept(t.tab)).toBe(true);
        await expect.poll(() => t.tab.evaluate(() => scrollY)).toBe(scrolled);
        // The front page's carousel was mounted again.
        await expect.poll(() => t.tab.locator(".carousel-controls").first().isVisible()).toBe(true);
        expect(t.problems).toEqual([]);
      } finally {
        await t.close();
      }
    });

    it("applies a redirect entry on first load and on navigation, replacing the history entry", async () => {
      const t = await open();
      try {
        await t.tab.goto(url(redirect.fromPath), { waitUntil: "load" });
        await expect.poll(() => new URL(t.tab.url()).pathname).toBe(redirect.toPath);

        await t.tab.goto(url(`/article/${article.slug}`), { waitUntil: "load" });
        await mark(t.tab);
        const before = await t.tab.evaluate(() => history.length);
        await clickLinkTo(t.tab, redirect.fromPath);
        await expect.poll(() => new URL(t.tab.url()).pathname).toBe(redirect.toPath);
        expect(await kept(t.tab)).toBe(true);
        expect(await t.tab.evaluate(() => history.length)).toBe(before + 1);
        await t.tab.goBack();
        await expect.poll(() => decodeURIComponent(new URL(t.tab.url()).pathname)).toBe(`/article/${article.slug}`);
      } finally {
        await t.close();
      }
    });

    it("turns a failing page JSON into a full navigation while online, with the spec 8 message", async () => {
      const t = await open();
      try {
        await t.context.route(/\/page-data\/kinoprogram\.json$/, (route) =>
          route.fulfill({ status: 500, body: "broken" }),
        );
        await t.tab.goto(url("/"), { waitUntil: "load" });
        await mark(t.tab);
        await clickLinkTo(t.tab, "/kinoprogram");
        await expect.poll(() => new URL(t.tab.url()).pathname).toBe("/kinoprogram");
        await t.tab.waitForLoadState("load");
        expect(await kept(t.tab)).toBe(false);
        expect(
          t.messages.some((m) => m.includes("Loading the component / JSON / Layout for /kinoprogram failed")),
        ).toBe(true);
      } finally {
        await t.close();
      }
    });

    it("still navigates when the resources take over 1000 ms, and raises the delayed-load event", async () => {
      const t = await open();
      try {
        // The header's /kinoprogram link may be prefetched when it enters the viewport, so the
        // click can reuse a request that started earlier. Every answer is therefore held until
        // 3 s after the click, whenever its request began: the wait the visitor sees is always
        // over DELAYED_LOAD_MS, however slow the machine.
        let clicked: () => void = () => {};
        const click = new Promise<void>((resolve) => (clicked = resolve));
        await t.context.route(/\/page-data\/kinoprogram\.json$/, async (route) => {
          await click;
          await new Promise((resolve) => setTimeout(resolve, 3000));
          await route.continue();
        });
        await t.tab.goto(url("/"), { waitUntil: "load" });
        await t.tab.evaluate(() =>
          addEventListener(
            "cinema:delayed-load",
            (event) =>
              ((window as unknown as { __delayed: string }).__delayed = (
                event as CustomEvent<{ path: string }>
              ).detail.path),
          ),
        );
        await mark(t.tab);
        clicked();
        await clickLinkTo(t.tab, "/kinoprogram");
        await expect
          .poll(() => t.tab.evaluate(() => (window as unknown as { __delayed?: string }).__delayed), { timeout: 5000 })
          .toBe("/kinoprogram");
        await expect.poll(() => new URL(t.tab.url()).pathname, { timeout: 5000 }).toBe("/kinoprogram");
        expect(await kept(t.tab)).toBe(true);
      } finally {
        await t.close();
      }
    });

    it("leaves a path its page list does not know to the host, which shows /404.html ('A page wasn't found for {path}')", async () => {
      const t = await open();
      try {
        await t.tab.goto(url("/"), { waitUntil: "load" });
        await mark(t.tab);
        await clickLinkTo(t.tab, "/finnes-ikke-her");
        await expect
          .poll(() => t.messages.some((m) => m.includes("A page wasn't found for /finnes-ikke-her")))
          .toBe(true);
        await expect.poll(() => new URL(t.tab.url()).pathname).toBe("/finnes-ikke-her");
        await t.tab.waitForLoadState("load");
        const notFound = await readFile(path.join(out, "404.html"), "utf8");
        await expect.poll(() => t.tab.title()).toBe(/<title>([^<]*)<\/title>/.exec(notFound)![1]);
        // A full navigation: after a deploy, a page or redirect this document's list does not
        // know yet is the host's to answer (probe 3), not an in-place 404.
        expect(await kept(t.tab)).toBe(false);
        expect(await t.tab.getAttribute('meta[name="robots"]', "content")).toBe("noindex");
      } finally {
        await t.close();
      }
    });

    it("remembers a load that failed offline and, back online, goes to it with a full navigation ('Previously detected load failure')", async () => {
      const t = await open();
      try {
        await t.tab.goto(url("/"), { waitUntil: "load" });
        await mark(t.tab);
        // Warm the manifest, then lose the network.
        await t.tab.evaluate(() => fetch("/page-manifest.json"));
        await t.context.setOffline(true);
        await clickLinkTo(t.tab, "/kinoprogram");
        await expect
          .poll(() =>
            t.messages.some((m) => m.includes("Loading the component / JSON / Layout for /kinoprogram failed")),
          )
          .toBe(true);
        expect(new URL(t.tab.url()).pathname).toBe("/");
        expect(await kept(t.tab)).toBe(true);
        await t.context.setOffline(false);
        // Online is judged from the last 5 resource loads (spec 2.1), and offline the viewport
        // prefetches failed too: a hover's load of another page, answered, says the network is back.
        const plainHtml = new URL(url(plainPath)).pathname;
        const answered = t.tab.waitForResponse(
          (r) => r.request().resourceType() === "fetch" && new URL(r.url()).pathname === plainHtml,
        );
        await t.tab.evaluate((href) => {
          const link = Object.assign(document.createElement("a"), { href, textContent: "en annen side", id: "annen" });
          document.querySelector("main")!.prepend(link);
        }, plainPath);
        await t.tab.hover("#annen");
        await answered;
        await t.tab.click("#testlenke");
        await expect.poll(() => new URL(t.tab.url()).pathname).toBe("/kinoprogram");
        await t.tab.waitForLoadState("load");
        expect(t.messages.some((m) => m.includes("Previously detected load failure for /kinoprogram"))).toBe(true);
        expect(await kept(t.tab)).toBe(false);
      } finally {
        await t.close();
      }
    });

    it("prefetches a link's data on hover, but not with Save-Data", async () => {
      for (const saveData of [false, true]) {
        const t = await open();
        const requested: string[] = [];
        t.tab.on("request", (request) => requested.push(new URL(request.url()).pathname));
        try {
          if (saveData)
            await t.context.addInitScript(() =>
              Object.defineProperty(navigator, "connection", { value: { saveData: true, effectiveType: "4g" } }),
            );
          await t.tab.goto(url(plainPath), { waitUntil: "load" });
          await t.tab.evaluate(() => {
            const link = Object.assign(document.createElement("a"), {
              href: "/kulturprogram",
              textContent: "hover meg",
              id: "hover",
            });
            document.querySelector("main")!.prepend(link);
          });
          await t.tab.hover("#hover");
          await t.tab.waitForTimeout(600);
          expect(requested.includes("/page-data/kulturprogram.json"), `saveData=${saveData}`).toBe(!saveData);
        } finally {
          await t.close();
        }
      }
    });
  });

  describe("consent, analytics and the newsletter (spec 3.6, 7.6)", () => {
    it("never leaves keyboard focus hidden under the open banner at 375 px (WCAG 2.4.11)", async () => {
      const t = await open({ consent: null, width: 375 });
      try {
        await t.tab.goto(url("/kinoprogram"), { waitUntil: "load" });
        await t.tab.locator("#samtykke").waitFor();
        let checked = 0;
        for (let i = 0; i < 30; i++) {
          await t.tab.keyboard.press("Tab");
          const hidden = await t.tab.evaluate(() => {
            const focused = document.activeElement!;
            const banner = document.getElementById("samtykke")!;
            if (banner.contains(focused)) return null;
            return focused.getBoundingClientRect().bottom > banner.getBoundingClientRect().top;
          });
          if (hidden === null) continue;
          checked += 1;
          expect(hidden, `Tab ${i + 1}`).toBe(false);
        }
        expect(checked).toBeGreaterThan(10);
      } finally {
        await t.close();
      }
    });

    it("asks first: no analytics, pixel or third-party footer request before consent; after it, view_item and select_content with the spec's item", async () => {
      const t = await open({ consent: null });
      try {
        await t.tab.goto(url(`/${film.parentSlug}`), { waitUntil: "load" });
        const banner = t.tab.locator("#samtykke");
        await expect.poll(() => banner.isVisible()).toBe(true);
        expect(await banner.locator('a[href="/article/info-om-cookies"]').count()).toBe(1);
        await t.tab.waitForTimeout(500);
        expect(t.external).toEqual([]);
        expect(await t.tab.evaluate(() => "dataLayer" in window)).toBe(false);

        // A held item that slipped past the build's footer rule still runs no inline code.
        await t.tab.evaluate(() => {
          const template = document.createElement("template");
          template.setAttribute("data-consent-html", "");
          template.innerHTML =
            '<img src="/finnes-ikke.png" onerror="window.__ran = 1"><script>window.__ran = 2</script>';
          document.querySelector("footer")!.append(template);
        });
        const footerImages = await t.tab.locator("footer img").count();
        await banner.getByRole("button", { name: "Godta alle" }).click();
        await expect.poll(() => t.external.some((u) => u.includes("googletagmanager.com/gtag/js"))).toBe(true);
        // Released (the image fallback may have swapped the missing file for a placeholder).
        await expect.poll(() => t.tab.locator("footer img").count()).toBe(footerImages + 1);
        expect(await t.tab.evaluate(() => (window as unknown as { __ran?: number }).__ran)).toBeUndefined();
        await expect.poll(() => t.external.some((u) => u.includes("connect.facebook.net"))).toBe(true);
        await expect.poll(() => t.external.some((u) => u.includes("linkmarketing"))).toBe(true);
        const events = () =>
          t.tab.evaluate(() =>
            ((window as unknown as { dataLayer: IArguments[] }).dataLayer ?? [])
              .map((entry) => Array.from(entry))
              .filter((entry) => entry[0] === "event"),
          );
        await expect.poll(async () => (await events()).some((entry) => entry[1] === "view_item")).toBe(true);
        const item = { id: film.id, name: film.parentTitle, brand: "Solvik kino", listName: "Film", listPosition: 1 };
        const viewItem = (await events()).find((entry) => entry[1] === "view_item")!;
        expect(viewItem[2]).toMatchObject({ content_type: "product", items: [expect.objectContaining(item)] });

        const purchase = t.tab.locator('main a[href*="/purchase"]').first();
        await purchase.evaluate((link) => link.addEventListener("click", (event) => event.preventDefault()));
        await purchase.click();
        const select = (await events()).find((entry) => entry[1] === "select_content")!;
        expect(select[2]).toMatchObject({
          content_type: "product",
          items: [expect.objectContaining({ ...item, category: expect.any(String) })],
        });
        expect((select[2] as { items: unknown[] }).items).toHaveLength(1);

        // A purchase link in a programme's film row: the row names the film, the list around it
        // the brand and list name (written once per list, src/isomorphic/analytics-item.ts).
        await t.tab.goto(url("/kinoprogram"), { waitUntil: "load" });
        const rowLink = t.tab.locator('.film-row a[href*="/purchase"]').first();
        const rowFilm = JSON.parse(
          await rowLink.evaluate((link) => link.closest("[data-analytics-item]")!.getAttribute("data-analytics-item")!),
        ) as { id: string; name: string };
        await rowLink.evaluate((link) => link.addEventListener("click", (event) => event.preventDefault()));
        await rowLink.click();
        await expect.poll(async () => (await events()).some((entry) => entry[1] === "select_content")).toBe(true);
        const rowSelect = (await events()).find((entry) => entry[1] === "select_content")!;
        expect(rowSelect[2]).toMatchObject({
          content_type: "product",
          items: [
            {
              id: rowFilm.id,
              name: rowFilm.name,
              brand: "Solvik kino",
              listName: "Kinoprogram",
              category: expect.any(String),
              listPosition: 1,
            },
          ],
        });
        await t.tab.goto(url(`/${film.parentSlug}`), { waitUntil: "load" });

        // The choice is remembered, and the footer button opens the banner again.
        await t.tab.reload({ waitUntil: "load" });
        await t.tab.waitForTimeout(300);
        expect(await t.tab.locator("#samtykke").count()).toBe(0);
        await t.tab.getByRole("button", { name: "Innstillinger for informasjonskapsler" }).click();
        await expect.poll(() => t.tab.locator("#samtykke").isVisible()).toBe(true);
      } finally {
        await t.close();
      }
    });

    it("loads nothing third-party after 'Bare nødvendige'", async () => {
      const t = await open({ consent: null });
      try {
        await t.tab.goto(url("/"), { waitUntil: "load" });
        await t.tab.getByRole("button", { name: "Bare nødvendige" }).click();
        await t.tab.reload({ waitUntil: "load" });
        await t.tab.waitForTimeout(500);
        expect(t.external).toEqual([]);
        expect(await t.tab.locator("#samtykke").count()).toBe(0);
      } finally {
        await t.close();
      }
    });

    it("posts the newsletter form (the address never in a URL) and says whether it worked", async () => {
      const t = await open();
      const posts: { method: string; url: string; body: string | null }[] = [];
      try {
        await t.tab.goto(url(`/article/${article.slug}`), { waitUntil: "load" });
        const form = t.tab.locator(".news-subscribe form").first();
        const action = await form.getAttribute("action");
        expect(await form.getAttribute("method")).toBe("post");
        let ok = true;
        await t.context.unrouteAll({ behavior: "ignoreErrors" });
        await t.context.route(`${action}**`, (route) => {
          const request = route.request();
          posts.push({ method: request.method(), url: request.url(), body: request.postData() });
          return route.fulfill({ status: ok ? 200 : 500, headers: { "access-control-allow-origin": "*" }, body: "" });
        });
        await form.scrollIntoViewIfNeeded();
        await t.tab.waitForTimeout(300);
        // Hydrates on interaction: not before the visitor reaches for the form.
        expect(await t.tab.locator(".news-subscribe [data-island-hydrated]").count()).toBe(0);
        await form.getByLabel("E-postadresse").focus();
        await expect.poll(() => t.tab.locator(".news-subscribe [data-island-hydrated]").count()).toBeGreaterThan(0);
        await form.getByLabel("E-postadresse").fill("ola@example.no");
        await form.getByRole("button").click();
        await expect.poll(() => form.getByRole("status").textContent()).toContain("Takk");
        ok = false;
        await form.getByLabel("E-postadresse").fill("kari@example.no");
        await form.getByRole("button").click();
        await expect.poll(() => form.getByRole("status").textContent()).toContain("gikk ikke");
        expect(posts.map((p) => p.method)).toEqual(["POST", "POST"]);
        for (const post of posts) expect(post.url).not.toContain("example.no");
        expect(posts[0].body).toContain("ola%40example.no");
      } finally {
        await t.close();
      }
    });
  });

  describe("interactive blocks", () => {
    it("gives the slideshow (68 films bound, capped to CAROUSEL_MAX_SLIDES) previous/next and a position, keys, and no autoplay under reduced motion", async () => {
      const t = await open({ reducedMotion: "reduce" });
      try {
        // Page time runs as real time until the check for autoplay below jumps it forward.
        await t.tab.clock.install();
        await t.tab.clock.resume();
        await t.tab.goto(url("/"), { waitUntil: "load" });
        const slideshow = t.tab.locator(".slideshow").first();
        const count = await slideshow.locator(".slide").count();
        expect(count).toBe(CAROUSEL_MAX_SLIDES);
        const position = slideshow.locator(".carousel-controls__position");
        await expect.poll(() => position.textContent()).toBe(`1 av ${count}`);
        await slideshow.getByRole("button", { name: "Neste lysbilde" }).click();
        await expect.poll(() => position.textContent()).toBe(`2 av ${count}`);
        await slideshow.getByRole("button", { name: "Forrige lysbilde" }).click();
        await slideshow.getByRole("button", { name: "Forrige lysbilde" }).click();
        await expect.poll(() => position.textContent()).toBe(`${count} av ${count}`);
        await slideshow.locator("[data-carousel-track]").focus();
        await t.tab.keyboard.press("Home");
        await expect.poll(() => position.textContent()).toBe(`1 av ${count}`);
        await t.tab.keyboard.press("ArrowRight");
        await expect.poll(() => position.textContent()).toBe(`2 av ${count}`);
        // Reduced motion: autoplay is off, the button offers to start it.
        expect(await slideshow.getByRole("button", { name: "Start automatisk bytte" }).count()).toBe(1);
        await t.tab.mouse.move(0, 0);
        // Past any autoplay interval (the next test reads it from the props): a timer would have fired.
        await t.tab.clock.fastForward(20_000);
        await t.tab.waitForTimeout(300);
        expect(await position.textContent()).toBe(`2 av ${count}`);
        await slideshow.screenshot({ path: path.join(SHOTS, "slideshow-1280.png") });
      } finally {
        await t.close();
      }
    }, 30_000);

    it("autoplays a slideshow, and pauses it while hovered", async () => {
      const t = await open();
      try {
        await t.tab.clock.install();
        await t.tab.goto(url("/"), { waitUntil: "load" });
        const slideshow = t.tab.locator(".slideshow").first();
        const position = slideshow.locator(".carousel-controls__position");
        await expect.poll(() => position.isVisible()).toBe(true);
        // The island's props: the JSON script right before its marker (src/isomorphic/island-props.ts).
        const { interval } = JSON.parse(
          await slideshow
            .locator("[data-island=carousel]")
            .evaluate((marker) => marker.previousElementSibling!.textContent!),
        );
        await t.tab.mouse.move(0, 0);
        // The timer fires at `interval`; the smooth scroll then runs on the (fake) animation clock.
        await t.tab.clock.runFor(interval + 2000);
        await expect.poll(() => position.textContent()).toMatch(/^2 av/);
        await slideshow.hover();
        await t.tab.clock.runFor(20_000);
        expect(await position.textContent()).toMatch(/^2 av/);
      } finally {
        await t.close();
      }
    });

    it("collapses ad slots nothing fills (no empty 'Annonse' box, none at 375 px)", async () => {
      for (const width of [375, 1280]) {
        const t = await open({ width });
        try {
          await t.tab.goto(url("/kinoprogram"), { waitUntil: "load" });
          const slots = t.tab.locator(".ad-slot");
          expect(await slots.count()).toBeGreaterThan(0);
          const heights = await slots.evaluateAll((elements) =>
            elements.map((element) => element.getBoundingClientRect().height),
          );
          expect(heights.every((height) => height === 0)).toBe(true);
        } finally {
          await t.close();
        }
      }
    });
  });

  it("shows no console error or hydration warning on any page type, on first load and after loader navigations, and keeps each page type's JS gzip bytes within budget", async () => {
    const pages = [
      "/",
      "/kinoprogram",
      `/${film.parentSlug}`,
      `/${culture.pageReference}`,
      `/article/${article.slug}`,
      "/kommende",
      "/search",
      "/min-side",
      "/404.html",
      plainPath,
    ];
    const budgeted: Record<string, string> = {
      "/": "front",
      [`/${film.parentSlug}`]: "film",
      [`/article/${article.slug}`]: "article",
      "/kinoprogram": "kinoprogram",
      "/search": "search",
      [plainPath]: "plain",
    };
    const jsBytes: Record<string, number> = {};
    // One tab loads every page in full, one after the other, with the cache off as on a first
    // visit. A new tab per page cost about 1.3 s of wall and 2.7 s of CPU each on these
    // machines (docs/performance.md "What the test suite spends").
    const first = await open();
    const cdp = await first.context.newCDPSession(first.tab);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    try {
      for (const pagePath of pages) {
        first.problems.length = 0;
        await first.tab.goto(url(pagePath), { waitUntil: "load" });
        // Islands hydrate when visible: scroll through the page so every one loads.
        await first.tab.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 30));
          }
        });
        await first.tab.waitForTimeout(500);
        expect(first.problems, pagePath).toEqual([]);
        if (budgeted[pagePath]) {
          // The document's own resource entries: the scripts this page asked for, none of the
          // last page's.
          const scripts = await first.tab.evaluate(
            (origin) => [
              ...new Set(
                performance
                  .getEntriesByType("resource")
                  .map((entry) => new URL(entry.name))
                  .filter((u) => u.origin === origin && u.pathname.endsWith(".js"))
                  .map((u) => u.pathname),
              ),
            ],
            host.url,
          );
          let bytes = 0;
          for (const script of scripts)
            bytes += gzipSync(await readFile(path.join(out, decodeURIComponent(script))), { level: 9 }).length;
          jsBytes[budgeted[pagePath]] = bytes;
        }
      }
    } finally {
      await first.close();
    }
    console.log("JS gzip bytes per page type:", JSON.stringify(jsBytes));
    expect(Object.keys(jsBytes).sort()).toEqual(Object.keys(JS_GZIP_BUDGET).sort());
    for (const [type, bytes] of Object.entries(jsBytes)) expect(bytes, type).toBeLessThanOrEqual(JS_GZIP_BUDGET[type]);
    const t = await open();
    try {
      await t.tab.goto(url("/"), { waitUntil: "load" });
      await mark(t.tab);
      for (const pagePath of pages.slice(1)) {
        await clickLinkTo(t.tab, pagePath);
        // The loader's navigation took 300–770 ms under load: the next click waits for it to land.
        await expect.poll(() => decodeURI(new URL(t.tab.url()).pathname)).toBe(pagePath);
        await t.tab.waitForTimeout(400);
      }
      expect(await kept(t.tab)).toBe(true);
      expect(
        t.problems.filter((p) => !p.includes("A page wasn't found")),
        "after navigations",
      ).toEqual([]);
    } finally {
      await t.close();
    }
  }, 240_000); // every page type twice, first load and loader navigation: about a minute at load average 12

  it("works for a partner written from the spec alone (4242: no member service, no tracking ids)", async () => {
    const otherHost = await startTestHost(inject("site4242").out);
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, serviceWorkers: "block" });
    const problems: string[] = [];
    try {
      const tab = await context.newPage();
      tab.on("console", (message) => {
        if (
          /net::ERR_(FAILED|NAME_NOT_RESOLVED)|service worker registration|Service Worker registration blocked/i.test(
            message.text(),
          )
        )
          return;
        if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
      });
      tab.on("pageerror", (error) => problems.push(error.message));
      await tab.goto(`${otherHost.url}/`, { waitUntil: "load" });
      await tab.waitForTimeout(500);
      const held = await tab.locator("template[data-consent-html]").count();
      // Asked only when there is something to consent to (its footer's third-party html).
      expect(await tab.locator("#samtykke").count()).toBe(held > 0 ? 1 : 0);
      expect(await tab.getByRole("button", { name: "Innstillinger for informasjonskapsler" }).count()).toBe(
        held > 0 ? 1 : 0,
      );
      expect(await tab.evaluate(() => document.body.dataset.analyticsId)).toBeUndefined();
      await tab.evaluate(() => ((window as unknown as { __kept: boolean }).__kept = true));
      const target = await tab.evaluate(() =>
        [...document.querySelectorAll<HTMLAnchorElement>("main a[href^='/']")]
          .map((a) => a.getAttribute("href"))
          .find((href) => href && href !== "/"),
      );
      expect(target).toBeTruthy();
      await tab.evaluate((href) => {
        const link = Object.assign(document.createElement("a"), { href, textContent: "testlenke", id: "testlenke" });
        link.style.cssText = "position:fixed;top:0;left:0;z-index:1000;background:#fff;color:#000;padding:4px";
        document.body.append(link);
      }, target!);
      await tab.click("#testlenke");
      await expect
        .poll(() => decodeURIComponent(new URL(tab.url()).pathname))
        .toBe(decodeURIComponent(new URL(target!, otherHost.url).pathname));
      expect(await tab.evaluate(() => (window as unknown as { __kept?: boolean }).__kept)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
      await otherHost.close();
    }
  });
});
