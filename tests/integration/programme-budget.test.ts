/**
 * Programme page weight (docs/islands.md, docs/spec-decisions.md, Bounded listings): every programme page of partner
 * 178 (a programme by date or a schedule, and their day pages) stays under 150 KB of HTML, and
 * /kinoprogram does not change by a byte when films and days are added beyond its window.
 */
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { build } from "../../src/build.js";

const BUDGET = 150 * 1024;
let root: string;
let plain: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "cb-budget-"));
  // The same partner twice: as it is, and with 30 films more whose showings all lie beyond the window.
  const partners = path.join(root, "partners");
  await cp(path.resolve("partners"), partners, { recursive: true });
  const eventsFile = path.join(partners, "178", "snapshot", "events.json");
  const data = JSON.parse(await readFile(eventsFile, "utf8"));
  const film = data.productions.find(
    (p: { objectClass: string; eventId: string | null }) =>
      p.objectClass === "movie" && p.eventId !== "1780000113371" && p.eventId !== "1780000113372",
  );
  const showing = data.events.find(
    (e: { production: string; id: string | null }) => e.production === film.id && e.id !== null,
  );
  for (let i = 0; i < 30; i++) {
    const id = `99${String(i).padStart(2, "0")}_movie_movie`;
    const eventNo = String(990000 + i);
    data.productions.push({
      ...film,
      id,
      title: `Senere ${i}`,
      parentTitle: `Senere ${i}`,
      parentSlug: `senere-${i}-dxm-${String(99000000 + i)}`,
      reference: `DXM${99000000 + i}`,
      eventId: `178${eventNo.padStart(10, "0")}`,
    });
    for (const day of [40, 41, 55]) {
      const begin = new Date(Date.UTC(2026, 10, 20 + day, 17, 0)).toISOString().slice(0, 10) + " 18:00:00";
      const key = `178${String(Number(eventNo) * 100 + day).padStart(10, "0")}`;
      data.events.push({ ...showing, id: key, key: `e-${key}`, production: id, begin });
    }
  }
  await writeFile(eventsFile, JSON.stringify(data));
  // The plain site is the run's shared build of the embedded snapshot (tests/setup/shared-builds.ts).
  plain = inject("site178").out;
  await build({ partner: "178", partnersDir: partners, source: "snapshot", out: path.join(root, "more") });
}, 240_000);

afterAll(() => rm(root, { recursive: true, force: true }));

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((file) => file.endsWith(".html")).sort();
}

describe("programme pages of partner 178", () => {
  it("each weighs under 150 KB of HTML, the day pages too", async () => {
    const out = plain;
    const weights: [string, number][] = [];
    for (const file of await htmlFiles(out)) {
      const html = await readFile(path.join(out, file), "utf8");
      // The front page's weight is its carousels' (pinned by the client's budget), not a programme's.
      if (file === "index.html" || !/data-island="(programme|schedule)"/.test(html)) continue;
      weights.push([file, Buffer.byteLength(html)]);
    }
    expect(weights.map(([file]) => file)).toContain("kinoprogram/index.html");
    expect(weights.filter(([file]) => file.includes("/dag/")).length).toBeGreaterThan(40);
    expect(weights.filter(([, bytes]) => bytes >= BUDGET)).toEqual([]);
  });

  it("/kinoprogram is byte-identical with 30 more films showing only beyond its window", async () => {
    const [plainHtml, more] = await Promise.all(
      [plain, path.join(root, "more")].map((dir) => readFile(path.join(dir, "kinoprogram/index.html"), "utf8")),
    );
    expect(more).not.toContain("Senere 1");
    expect(more).toBe(plainHtml);
    // The films are there, on the day pages.
    const days = (await htmlFiles(path.join(root, "more"))).filter((file) => file.startsWith("kinoprogram/dag/"));
    const texts = await Promise.all(days.map((file) => readFile(path.join(root, "more", file), "utf8")));
    expect(texts.some((html) => html.includes("Senere 1"))).toBe(true);
  });
});
