/**
 * Partner 6161 (Nordlys kino, tests/fixtures/partners/6161) was written from the spec and
 * docs/data-format.md alone, by someone who had not read the code (docs/spec-decisions.md, "An
 * independently written partner"): a light theme, no member service, a culture programme, a
 * front page with two programme blocks, showings across the spring clock change, far-future
 * days, Arabic text, long compound words, a footer html item with text and a script, and one
 * article link to a page that is gone (a real CMS mistake, kept on purpose). What it found
 * stays fixed here.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, type BuildResult } from "../../src/build.js";
import { lintPartner } from "../../src/lint/index.js";
import { hashTree, listFiles } from "../helpers/files.js";

const partnersDir = path.resolve("tests/fixtures/partners");
let root: string;
let out: string;
let result: BuildResult;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "cb-6161-"));
  out = path.join(root, "site");
  result = await build({ partner: "6161", partnersDir, source: "snapshot", out, cache: false });
});

afterAll(() => rm(root, { recursive: true, force: true }));

const html = (route: string) =>
  readFile(path.join(out, route === "/" ? "" : decodeURIComponent(route).slice(1), "index.html"), "utf8");

describe("partner 6161, written from the spec by someone else", () => {
  it("lints clean but for the article's link to a page that is gone, which the build's link check names too", async () => {
    const lint = await lintPartner({ partner: "6161", partnersDir });
    expect(lint.errors).toBe(0);
    expect(lint.findings.map((f) => f.message)).toEqual([
      "a link goes to '/finnes-ikke-lenger', which is neither a page nor a redirect",
    ]);
    expect(result.links.broken.map((link) => [link.page, link.url, link.from])).toEqual([
      ["/article/kinosjefen-anbefaler:-mars-april", "/finnes-ikke-lenger", "href"],
    ]);
  });

  it("writes no undefined, NaN or [object Object] into any page or page data", async () => {
    const files = (await listFiles(out)).filter((file) => /\.(html|json)$/.test(file));
    expect(files.length).toBeGreaterThan(70);
    for (const file of files) {
      const text = await readFile(path.join(out, file), "utf8");
      expect(text, file).not.toMatch(/\bundefined\b|\bNaN\b|\[object Object\]/);
    }
  });

  it("keeps the footer's own text visible and holds only its script for consent", async () => {
    const page = await html("/");
    const item = /<li class="footer-item footer-item--html">(.*?)<\/li>/s.exec(page)?.[1] ?? "";
    const [visible, held = ""] = item.split('<template data-consent-html="">');
    expect(visible).toContain("Kiosken stenger");
    expect(held).toMatch(/^<script [^>]*src="https:\/\/cdn\.linkmarketing\.example\//);
    expect(held).not.toContain("Kiosken");
  });

  it("keeps an Arabic paragraph's direction and language", async () => {
    const film = (await listFiles(out)).filter((file) => file.endsWith("index.html"));
    const pages = await Promise.all(film.map((file) => readFile(path.join(out, file), "utf8")));
    expect(pages.some((page) => page.includes('<p dir="rtl" lang="ar">'))).toBe(true);
  });

  it("builds the same site whatever the machine's time zone, with --now written without an offset", async () => {
    const run = promisify(execFile);
    const trees = [];
    for (const zone of ["America/Los_Angeles", "Pacific/Auckland"]) {
      const target = path.join(root, zone.replace("/", "-"));
      await run(
        process.execPath,
        [
          "bin/cinema-build.js",
          "--partner",
          "6161",
          "--partners-dir",
          partnersDir,
          "--out",
          target,
          "--no-cache",
          "--now",
          "2027-03-24T17:30",
        ],
        { env: { ...process.env, TZ: zone } },
      );
      trees.push(await hashTree(target));
      // The reference time the pages carry is Oslo's, with its offset.
      expect(await readFile(path.join(target, "index.html"), "utf8")).toContain(
        '"referenceIso":"2027-03-24T17:30:00+01:00"',
      );
    }
    expect(trees[0]).toEqual(trees[1]);
  });
});
