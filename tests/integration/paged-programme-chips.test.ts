/**
 * Day chips of a programme whose first day fills more than a listing page (a regression: 16 chips
 * of one partner led to '#dag-…' anchors on /kinoprogram whose sections had moved to
 * /kinoprogram/side/2, and the build published them with exit 0). A generated partner is made
 * to play 70 films on its first day only and every other film only later, so the window's
 * second and third days are all on the second listing page. Every chip must lead to a page
 * that has its day: the build's own link check finds nothing broken.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, type BuildResult } from "../../src/build.js";
import {
  FIRST_DAY,
  LATER_DAYS as LATER,
  PAGED_PARTNER as PARTNER,
  writePagedProgrammePartner,
} from "../fixtures/paged-programme.js";

let root: string;
let site: string;
let result: BuildResult;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "cb-paged-chips-"));
  const partners = path.join(root, "partners");
  await writePagedProgrammePartner(partners);
  site = path.join(root, "site");
  result = await build({
    partner: String(PARTNER),
    partnersDir: partners,
    source: "snapshot",
    out: site,
    cache: false,
  });
}, 300_000);

afterAll(() => rm(root, { recursive: true, force: true }));

async function page(routePath: string) {
  return parse(await readFile(path.join(site, routePath.replace(/^\//, ""), "index.html"), "utf8"));
}

describe("day chips of a programme whose first day fills a listing page", () => {
  it("has the window's later days on /kinoprogram/side/2 only, and the first page's chips lead there", async () => {
    const first = await page("/kinoprogram");
    const sections = first
      .querySelectorAll('[data-island="programme"] .programme-day')
      .map((section) => section.id.slice(-10));
    expect(sections).toEqual([FIRST_DAY]);
    const second = await page("/kinoprogram/side/2");
    const later = second
      .querySelectorAll('[data-island="programme"] .programme-day')
      .map((section) => section.id.slice(-10));
    expect(later).toEqual(expect.arrayContaining(LATER));
    const chips = first.querySelectorAll('[data-island="programme"] .day-nav a').map((a) => a.getAttribute("href")!);
    for (const day of LATER) expect(chips.find((href) => href.endsWith(day))).toMatch(/^\/kinoprogram\/side\/2#/);
  });

  it("publishes no broken link: every chip of every page leads to a page with its day", () => {
    expect(result.links.broken).toEqual([]);
  });
});
