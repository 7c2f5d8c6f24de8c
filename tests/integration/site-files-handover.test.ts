/**
 * emitSite takes the site files over (src/recipe/emit-site.ts EmitSiteOptions.siteFiles): each
 * leaves the caller's array as it is written, so the render that follows does not hold them
 * (at 10,000 films the calendar feeds alone are 88 MiB of text); every one is still written.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadDataset } from "../../src/load.js";
import { StageTimer } from "../../src/log/index.js";
import { emitSite } from "../../src/recipe/emit-site.js";
import { prepareSite } from "../../src/recipe/prepare-site.js";
import { assembleAssets, bundleAssets, unusedIslands } from "../../src/recipe/site-assets.js";
import { planSiteFiles } from "../../src/recipe/site-files.js";
import { hostProfile } from "../../src/hosts/host-profile.js";

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe("the site files handed to emitSite", () => {
  it("leave the caller's array as they are written, and are all in the output", async () => {
    const timer = new StageTimer();
    const loaded = await loadDataset({ partner: "178", partnersDir: "partners", source: "snapshot" }, timer);
    const host = hostProfile();
    const site = await prepareSite(loaded, timer, host);
    const bundled = await bundleAssets(false, unusedIslands(loaded.dataset));
    const planned = await planSiteFiles({
      dataset: site.dataset,
      routes: site.routes,
      assets: bundled.files,
      swKillSwitch: false,
      host,
      feeds: site.feeds,
    });
    const expected = new Map(planned.files.map((file) => [file.path, Buffer.from(file.contents)]));
    expect([...expected.keys()]).toEqual(expect.arrayContaining(["kalender.ics", "sitemap.xml", "_headers"]));
    const out = path.join(await mkdtemp(path.join(tmpdir(), "cb-handover-")), "site");
    dirs.push(path.dirname(out));
    const siteFiles = planned.files;
    await emitSite({
      out,
      site,
      assets: assembleAssets(bundled, null, site.media, host),
      siteFiles,
      late: [planned.serviceWorker],
      cache: false,
      workers: 1,
      timer,
    });
    expect(siteFiles).toEqual([]);
    for (const [file, bytes] of expected)
      expect([file, Buffer.compare(await readFile(path.join(out, file)), bytes)]).toEqual([file, 0]);
  });
});
