/**
 * The redirect table as spec 2.1 says, in a browser (docs/redirects.md): an entry whose fromPath
 * is a page sends the visitor on, a chain takes the visitor straight to its end, on first load
 * and through an in-site link, with the host's rules (Netlify's forced 301!) and on a host
 * without rules (the shadowed page's boot script applies the table; a redirect page keeps the
 * query).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { build } from "../../src/build.js";
import { startPreviewServer, type PreviewServer } from "../../src/dev/preview-server.js";
import { seedPartner } from "../fixtures/lint/seed-partner.js";
import { describeBrowser, launchChromium } from "../helpers/chromium.js";

let dir: string;
let sites: string;
let browser: Browser;
const servers: Partial<Record<"netlify" | "static", PreviewServer>> = {};

beforeAll(async () => {
  dir = await seedPartner((files) => {
    files.site.redirects.push(
      { fromPath: "/kommende", toPath: "/kinoprogram" }, // a page: the redirect applies (spec 2.1)
      { fromPath: "/gammel-kjede", toPath: "/kjede-midt" }, // a chain: straight to the end
      { fromPath: "/kjede-midt", toPath: "/kinoprogram" },
    );
  });
  sites = await mkdtemp(path.join(tmpdir(), "cb-redirect-table-"));
  for (const host of ["netlify", "static"] as const) {
    const out = path.join(sites, host);
    await build({ partner: "178", partnersDir: dir, source: "snapshot", out, host, cache: false });
    servers[host] = await startPreviewServer({ root: out, hostProfile: host });
  }
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  for (const server of Object.values(servers)) await server?.close();
  await rm(dir, { recursive: true, force: true });
  await rm(sites, { recursive: true, force: true });
});

describeBrowser("the redirect table in the browser", () => {
  for (const host of ["netlify", "static"] as const) {
    it(`${host}: a page at the fromPath and a chain send the visitor to the end, query kept, on first load`, async () => {
      const tab = await browser.newPage();
      try {
        for (const from of ["/kommende?utm=x", "/gammel-kjede?utm=x"]) {
          await tab.goto(`${servers[host]!.url}${from}`);
          await tab.waitForURL((url) => url.pathname === "/kinoprogram", { timeout: 15_000 });
          expect(new URL(tab.url()).search, from).toBe("?utm=x");
          await expect.poll(() => tab.textContent("h1"), { timeout: 15_000 }).toContain("Kinoprogram");
        }
      } finally {
        await tab.close();
      }
    }, 120_000);
  }

  it("an in-site link to a redirected page is followed to its target (the page loader applies the table)", async () => {
    // No service worker: the page loader is what must apply the table here (the worker's own
    // handling is tests/e2e/sw.e2e.test.ts's), and a worker still activating could hold the click.
    const context = await browser.newContext({ serviceWorkers: "block" });
    const tab = await context.newPage();
    try {
      await tab.goto(`${servers.netlify!.url}/`);
      // At the top of the page, where no scrolling is needed: a link Playwright scrolled to the
      // viewport's bottom edge (0.3 px out of view) was scrolled by the mousedown's focus, the
      // mouseup landed on another link, and the click went to their common ancestor (measured:
      // 8 of 320 clicks beside three or four busy loops, none of 80 at the top).
      await tab.evaluate(() => {
        const link = Object.assign(document.createElement("a"), {
          href: "/kommende",
          id: "til-kommende",
          textContent: "Kommende",
        });
        document.querySelector("main")!.prepend(link);
      });
      await tab.click("#til-kommende");
      // The loader's navigation changes the URL without a load event, and a full navigation (a
      // click before the loader started) waits on the page's images: the address is what counts.
      await expect.poll(() => new URL(tab.url()).pathname, { timeout: 15_000 }).toBe("/kinoprogram");
      await expect.poll(() => tab.textContent("h1"), { timeout: 15_000 }).toContain("Kinoprogram");
    } finally {
      await context.close();
    }
  }, 120_000);
});
