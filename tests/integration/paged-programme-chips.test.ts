/**
 * Day chips of a programme whose first day fills more than a listing page (issue 23: 16 chips
 * of one partner led to '#dag-…' anchors on /kinoprogram whose sections had moved to
 * /kinoprogram/side/2, and the build published them with exit 0). A generated partner is made
 * to play 70 films on its first day only and every other film only later, so the window's
 * second and third days are all on the second listing page. Every chip must lead to a page
 * that has its day: the build's own link check finds nothing broken.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, type BuildResult } from "../../src/build.js";
import { DEFAULT_OPTIONS, generateSnapshot } from "../../scripts/partner-generator/generate.js";

const PARTNER = 9170;
const FIRST_DAY = "2026-11-20";
const LATER = ["2026-11-21", "2026-11-22"];
let root: string;
let site: string;
let result: BuildResult;

interface RawEvent { production: string; begin: string; objectClass: string }

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "cb-paged-chips-"));
  const partners = path.join(root, "partners");
  await generateSnapshot({ ...DEFAULT_OPTIONS, partner: PARTNER, seed: PARTNER, films: 150, culture: 5, articles: 3, out: partners });
  const file = path.join(partners, String(PARTNER), "snapshot", "events.json");
  const data = JSON.parse(await readFile(file, "utf8")) as { events: RawEvent[] };
  const films = [...new Set(data.events.filter((e) => e.objectClass === "movie" && e.begin.slice(0, 10) >= FIRST_DAY).map((e) => e.production))].sort();
  const firstDay = new Set(films.slice(0, 70));
  // Each of the 70 plays tonight (its first showing moved there) and not on the next two days;
  // every other film plays only after tonight.
  for (const production of firstDay) data.events.find((event) => event.production === production && event.begin.slice(0, 10) >= FIRST_DAY)!.begin = `${FIRST_DAY} 21:30:00`;
  const kept = data.events.filter((event) => {
    const day = event.begin.slice(0, 10);
    if (event.objectClass !== "movie" || day < FIRST_DAY) return true;
    return firstDay.has(event.production) ? !LATER.includes(day) : day !== FIRST_DAY;
  });
  await writeFile(file, JSON.stringify({ ...data, events: kept }));
  site = path.join(root, "site");
  result = await build({ partner: String(PARTNER), partnersDir: partners, source: "snapshot", out: site, cache: false });
}, 300_000);

afterAll(() => rm(root, { recursive: true, force: true }));

async function page(routePath: string) {
  return parse(await readFile(path.join(site, routePath.replace(/^\//, ""), "index.html"), "utf8"));
}

describe("day chips of a programme whose first day fills a listing page", () => {
  it("has the window's later days on /kinoprogram/side/2 only, and the first page's chips lead there", async () => {
    const first = await page("/kinoprogram");
    const sections = first.querySelectorAll('[data-island="programme"] .programme-day').map((section) => section.id.slice(-10));
    expect(sections).toEqual([FIRST_DAY]);
    const second = await page("/kinoprogram/side/2");
    const later = second.querySelectorAll('[data-island="programme"] .programme-day').map((section) => section.id.slice(-10));
    expect(later).toEqual(expect.arrayContaining(LATER));
    const chips = first.querySelectorAll('[data-island="programme"] .day-nav a').map((a) => a.getAttribute("href")!);
    for (const day of LATER) expect(chips.find((href) => href.endsWith(day))).toMatch(/^\/kinoprogram\/side\/2#/);
  });

  it("publishes no broken link: every chip of every page leads to a page with its day", () => {
    expect(result.links.broken).toEqual([]);
  });
});
