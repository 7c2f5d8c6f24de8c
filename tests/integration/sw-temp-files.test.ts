/**
 * Making the service worker leaves nothing in the temp folder:
 * workbox-build's bundler wrote '<tmpdir>/<32 hex>/sw.js' on every run and never removed it.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// This file's own temp folder, before anything reads os.tmpdir(); the disk memo off, so
// workbox really runs (src/sw/worker-cache.ts).
const tmp = mkdtempSync(path.join(os.tmpdir(), "cb-sw-tmp-"));
process.env.TMPDIR = tmp;
process.env.CINEMA_BUILD_CACHE = "0";
const { planServiceWorker } = await import("../../src/sw/index.js");

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const options = {
  assets: [{ path: "assets/site.abcdef12.css", contents: "body{}" }],
  redirectTable: { path: "redirects.json", contents: "[]\n" },
  imageCdnHost: "https://img.kinoplattform.example",
  offlinePage: { name: "Solvik kino" },
  killSwitch: false,
};

describe("service worker temp files", () => {
  it("leaves the temp folder empty after each of two runs", { timeout: 240_000 }, async () => {
    expect(os.tmpdir()).toBe(tmp);
    const [sw] = await planServiceWorker(options);
    expect(String(sw.contents)).toContain("/offline.html");
    expect(readdirSync(tmp)).toEqual([]);
    await planServiceWorker({ ...options, assets: [{ path: "assets/site.12345678.css", contents: "p{}" }] });
    expect(readdirSync(tmp)).toEqual([]);
  });
});
