import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadPartner } from "../../src/config/index.js";
import { BuildErrors } from "../../src/errors/index.js";
import { readSnapshot } from "../../src/fetch/index.js";
import { loadDataset } from "../../src/load.js";
import { StageTimer } from "../../src/log/index.js";
import { generateSnapshot, DEFAULT_OPTIONS } from "../../scripts/partner-generator/generate.js";
import { hashTree } from "../helpers/files.js";

const partnersDir = path.resolve("partners");
const temps: string[] = [];
afterAll(() => Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true }))));

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

/** A copy of partners/ whose 178 snapshot file `file` is edited by `edit`. */
async function corruptedCopy(file: string, edit: (json: any) => void): Promise<string> {
  const dir = await tempDir("cb-corrupt-");
  await cp(partnersDir, dir, { recursive: true });
  const target = path.join(dir, "178", "snapshot", file);
  const json = JSON.parse(await readFile(target, "utf8"));
  edit(json);
  await writeFile(target, JSON.stringify(json));
  return dir;
}

async function loadError(dir: string): Promise<string> {
  const error = await loadDataset({ partner: "178", partnersDir: dir, source: "snapshot" }, new StageTimer()).catch(
    (e) => e,
  );
  expect(error).toBeInstanceOf(BuildErrors);
  return (error as BuildErrors).format();
}

describe("the embedded snapshot of partner 178", () => {
  it("validates file by file and links into a dataset of a whole cinema", async () => {
    const { dataset } = await loadDataset({ partner: "178", partnersDir, source: "snapshot" }, new StageTimer());
    const films = dataset.productions.filter((p) => p.object === "movie");
    expect(films.length).toBeGreaterThanOrEqual(80);
    expect(films.some((p) => p.objectClass === "movie_coming")).toBe(true);
    expect(dataset.productions.filter((p) => p.object === "culture").length).toBeGreaterThanOrEqual(30);
    expect(dataset.articles.length).toBeGreaterThanOrEqual(30);
    expect(dataset.now).toBe(dataset.capturedAt);
    // Halls 'Sal 1'..'Sal 6' and 13-digit event ids of this partner (spec 3.4, 9).
    const halls = new Set(dataset.events.flatMap((e) => (e.location ? [e.location.name] : [])));
    expect([...halls].sort()).toEqual(["Sal 1", "Sal 2", "Sal 3", "Sal 4", "Sal 5", "Sal 6"]);
    for (const event of dataset.events) if (event.id) expect(event.id).toMatch(/^178\d{10}$/);
    // Film slugs end in the film code; culture page references in a 6-7 character code.
    for (const film of films) expect(film.parentSlug).toMatch(/-dxm-\d{8}$/);
    for (const p of dataset.productions.filter((p) => p.object === "culture"))
      expect(p.pageReference).toMatch(/-[0-9a-z]{6,7}$/);
    // The privacy and cookie articles of spec 2.4 exist.
    const slugs = dataset.articles.map((a) => a.slug);
    expect(slugs).toEqual(expect.arrayContaining(["personvernerklaering", "info-om-cookies"]));
  });

  it("holds every page the specification lists", async () => {
    const { dataset } = await loadDataset({ partner: "178", partnersDir, source: "snapshot" }, new StageTimer());
    const paths = new Set(dataset.site.pages.map((p) => p.path));
    const required = [
      "/",
      "/kinoprogram",
      "/filmer",
      "/kommende",
      "/eventer",
      "/eventer-2",
      "/kulturprogram",
      "/search",
      "/min-side",
      "/test",
      "/404.html",
      "/priser-og-rabatter",
      "/sporsmal-og-svar",
      "/skolekino",
      "/om-kinoen",
      "/varmestua-kino",
      "/oscardager",
      "/kinosjefens-utvalgte",
      "/babykino",
      "/pensjonistkino",
      "/strikkekino",
      "/den-store-kinodagen",
      "/mozartfestivalen-2022",
      "/mozartfestivalen-2023",
      "/:production",
      "/:culture",
      "/article/:slug",
    ];
    for (const p of required) expect(paths, p).toContain(p);
  });
});

describe("a corrupted snapshot", () => {
  it("names file, record and field of a missing field", async () => {
    const dir = await corruptedCopy("events.json", (json) => delete json.productions[3].parentSlug);
    const message = await loadError(dir);
    expect(message).toContain("events.json");
    expect(message).toContain("productions[3]");
    expect(message).toContain("field parentSlug");
  });

  it("names file, record and field of a wrong type", async () => {
    const dir = await corruptedCopy("events.json", (json) => (json.events[12].ticketSales[0].available = "many"));
    const message = await loadError(dir);
    expect(message).toMatch(/events\.json, events\[12\], field ticketSales\[0\]\.available: .*number/);
  });

  it("rejects a bad event id with its record", async () => {
    const dir = await corruptedCopy("events.json", (json) => {
      json.events[5].id = "17800001";
      json.events[5].key = "e-17800001";
    });
    expect(await loadError(dir)).toMatch(/events\[5\], field id: expected a 13-digit event id/);
  });

  it("rejects an event id of another partner in the cross-record checks", async () => {
    const dir = await corruptedCopy("events.json", (json) => {
      json.events[7].id = "1180000999999";
      json.events[7].key = "e-1180000999999";
    });
    expect(await loadError(dir)).toMatch(
      /events\[7\], field id: event id '1180000999999' does not start with partner id 178/,
    );
  });

  it("names a page field of site.json", async () => {
    const dir = await corruptedCopy("site.json", (json) => (json.pages[2].blocks[0].hide = "no"));
    expect(await loadError(dir)).toMatch(
      /site\.json.*field pages\[2\]\.blocks\[0\]\.hide|site\.json, pages\[2\], field blocks\[0\]\.hide/,
    );
  });

  it("reports a missing file with a way out", async () => {
    const dir = await corruptedCopy("articles.json", () => undefined);
    await rm(path.join(dir, "178", "snapshot", "articles.json"));
    const loaded = await loadPartner(dir, "178");
    const error = await readSnapshot(path.join(dir, "178", "snapshot"), loaded.config).catch((e) => e);
    expect(error.format()).toMatch(
      /articles\.json: snapshot file is missing \(run 'cinema-build snapshot --partner 178'/,
    );
  });
});

describe("the snapshot generator", () => {
  it("is deterministic: two runs write identical bytes, equal to the committed snapshot", async () => {
    const [a, b] = [await tempDir("cb-gen-a-"), await tempDir("cb-gen-b-")];
    for (const out of [a, b]) {
      await cp(path.join(partnersDir, "178", "partner.json"), path.join(out, "178", "partner.json"), {
        recursive: true,
      });
      await generateSnapshot({ ...DEFAULT_OPTIONS, out });
    }
    const first = await hashTree(path.join(a, "178", "snapshot"));
    expect(Object.keys(first).sort()).toEqual([
      "articles.json",
      "block-data.json",
      "events.json",
      "meta.json",
      "site.json",
    ]);
    expect(await hashTree(path.join(b, "178", "snapshot"))).toEqual(first);
    expect(await hashTree(path.join(partnersDir, "178", "snapshot"))).toEqual(first);
  });

  it("writes a larger synthetic partner that validates", async () => {
    const out = await tempDir("cb-gen-big-");
    const counts = await generateSnapshot({
      ...DEFAULT_OPTIONS,
      partner: 9001,
      seed: 9001,
      films: 400,
      culture: 60,
      articles: 50,
      out,
    });
    expect(counts.productions).toBe(460);
    const { dataset } = await loadDataset({ partner: "9001", partnersDir: out, source: "snapshot" }, new StageTimer());
    expect(dataset.productions.filter((p) => p.object === "movie")).toHaveLength(400);
    expect(dataset.events.every((e) => e.id === null || e.id.startsWith("9001"))).toBe(true);
  });

  it("writes a film-only twin: the same films and film page, no other page (docs/generator.md)", async () => {
    const [full, twin] = [await tempDir("cb-gen-full-"), await tempDir("cb-gen-twin-")];
    const options = { ...DEFAULT_OPTIONS, partner: 9002, seed: 9002, films: 60, culture: 6, articles: 10 };
    await generateSnapshot({ ...options, out: full });
    await generateSnapshot({ ...options, out: twin, filmOnly: true });
    const read = async (dir: string, file: string) =>
      JSON.parse(await readFile(path.join(dir, "9002", "snapshot", file), "utf8"));
    expect(await read(twin, "events.json")).toEqual(await read(full, "events.json"));
    const [fullSite, twinSite] = [await read(full, "site.json"), await read(twin, "site.json")];
    expect(twinSite.pages.map((page: { path: string }) => page.path)).toEqual(["/:production"]);
    expect(twinSite.pages[0]).toEqual(fullSite.pages.find((page: { path: string }) => page.path === "/:production"));
    expect(twinSite.theme).toEqual(fullSite.theme);
    expect(twinSite.redirects).toEqual([]);
    const blockIds = twinSite.pages[0].blocks.flatMap((block: { data: string[] }) => block.data).sort();
    expect((await read(twin, "block-data.json")).map((data: { id: string }) => data.id).sort()).toEqual(blockIds);
    const { dataset } = await loadDataset({ partner: "9002", partnersDir: twin, source: "snapshot" }, new StageTimer());
    expect(dataset.site.pages).toHaveLength(1);
  });
});
