/**
 * An unpublished site (spec 3.2, 4.3; docs/spec-decisions.md "Unpublished sites and stages"):
 * partner 4242 with `published: false` builds, but search engines are kept out.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, type BuildResult } from "../../src/build.js";

let root: string;
let out: string;
let result: BuildResult;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "cb-unpublished-"));
  const partnersDir = path.join(root, "partners");
  await cp(path.resolve("tests/fixtures/partners/4242"), path.join(partnersDir, "4242"), { recursive: true });
  const file = path.join(partnersDir, "4242", "snapshot", "site.json");
  await writeFile(file, JSON.stringify({ ...JSON.parse(await readFile(file, "utf8")), published: false }));
  out = path.join(root, "site");
  result = await build({ partner: "4242", partnersDir, source: "snapshot", out, workers: 1, cache: false });
}, 180_000);
afterAll(() => rm(root, { recursive: true, force: true }));

describe("a site that is not published", () => {
  it("builds every page, each marked noindex", async () => {
    expect(result.routes.static).toBeGreaterThan(0);
    for (const file of [
      "index.html",
      "kinoprogram/index.html",
      "article/filmquiz:-vaer-med-og-vinn-arskort/index.html",
    ]) {
      const doc = parse(await readFile(path.join(out, file), "utf8"));
      expect(doc.querySelector('meta[name="robots"]')?.getAttribute("content"), file).toBe("noindex");
    }
  });

  it("disallows all in robots.txt, names no sitemap, and says so in one note of the report", async () => {
    expect(await readFile(path.join(out, "robots.txt"), "utf8")).toBe("User-agent: *\nDisallow: /\n");
    expect(
      result.notes.filter((note) => note.startsWith("search engines are kept out: it is not published")),
    ).toHaveLength(1);
  });
});
