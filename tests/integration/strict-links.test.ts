/**
 * Broken internal links through the CLI (README.md, Options: --strict): a warning naming the first
 * pages and exit 0, and with --strict (for CI) exit 1. Partner 4242 with one article linking to
 * a page that does not exist.
 */
import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
let root: string;
let partnersDir: string;
let articlePath: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "cb-strict-"));
  partnersDir = path.join(root, "partners");
  await cp(path.resolve("tests/fixtures/partners/4242"), path.join(partnersDir, "4242"), { recursive: true });
  const file = path.join(partnersDir, "4242", "snapshot", "articles.json");
  const articles = JSON.parse(await readFile(file, "utf8"));
  // One broken link, and one to the other reading of an article's path (spec 2.6), which the build redirects.
  articles[0].content += `<p><a href="/finnes-ikke-lenger">Gammel side</a> <a href="/article-${articles[1].slug}">Den andre</a></p>`;
  articlePath = `/article/${articles[0].slug}`;
  await writeFile(file, JSON.stringify(articles));
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function cli(out: string, ...extra: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const args = [
    "bin/cinema-build.js",
    "--partner",
    "4242",
    "--partners-dir",
    partnersDir,
    "--out",
    path.join(root, out),
    "--workers",
    "1",
    "--no-cache",
    ...extra,
  ];
  return run(process.execPath, args).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

describe("a build whose own link check finds a broken internal link", () => {
  it("warns, naming the page, and still exits 0", async () => {
    const { code, stdout, stderr } = await cli("site");
    expect(code).toBe(0);
    expect(stderr).toContain(
      `warning: 1 broken internal link on 1 page (${articlePath}); the first: /finnes-ikke-lenger on ${articlePath}`,
    );
    expect(stdout).toMatch(/links: 1 broken internal link/);
  }, 180_000);

  it("fails with exit 1 under --strict, after the report", async () => {
    const { code, stdout, stderr } = await cli("strict", "--strict");
    expect(code).toBe(1);
    expect(stdout).toMatch(/links: 1 broken internal link/);
    expect(stderr).toContain(
      `cinema-build: partner 4242: --strict: 1 broken internal link, the first on ${articlePath}: /finnes-ikke-lenger`,
    );
  }, 180_000);
});
