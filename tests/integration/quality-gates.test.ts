/**
 * Quality gates over every page of the whole 178 output and of the hand-written 4242 fixture
 * (README.md, Tests and measurements): html-validate with the repository's .htmlvalidate.mjs (each rule it
 * turns off says why) and the internal link checker. axe-core runs in Chromium on the page
 * types (tests/e2e/site.e2e.test.ts). Both builds come from tests/setup/shared-builds.ts.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { HtmlValidate, type ConfigData } from "html-validate";
import { describe, expect, inject, it } from "vitest";
import { listFiles } from "../helpers/files.js";
import { findBrokenInternalLinks } from "../helpers/links.js";

// The repository's configuration, as `npx html-validate` reads it.
const validator = new HtmlValidate(
  ((await import(path.resolve(".htmlvalidate.mjs"))) as { default: ConfigData }).default,
);

/** Pages of each detail kind validated: their markup differs by data, not by template. */
const PER_DETAIL_KIND = 8;
const DETAIL_KINDS = new Set(["film", "culture", "article"]);

/**
 * 'file:line rule: message' of every finding: every page type, i.e. every static page, the
 * not-found, offline and redirect pages, and PER_DETAIL_KIND pages of each detail kind spread
 * over the site (html-validate takes ~0.1 s a page; all 233 pages of 178 would take 25 s).
 */
async function validateSite(out: string): Promise<{ pages: number; findings: string[] }> {
  const byKind = new Map<string, { file: string; html: string }[]>();
  for (const file of (await listFiles(out)).filter((name) => name.endsWith(".html"))) {
    const html = await readFile(path.join(out, file), "utf8");
    const kind = /data-route-kind="([a-z-]+)"/.exec(html)?.[1] ?? "other";
    byKind.set(kind, [...(byKind.get(kind) ?? []), { file, html }]);
  }
  const chosen = [...byKind].flatMap(([kind, pages]) =>
    DETAIL_KINDS.has(kind) ? spread(pages, PER_DETAIL_KIND) : pages,
  );
  const findings: string[] = [];
  for (const { file, html } of chosen) {
    const report = await validator.validateString(html, file);
    for (const result of report.results)
      for (const message of result.messages)
        findings.push(`${file}:${message.line} ${message.ruleId}: ${message.message}`);
  }
  return { pages: chosen.length, findings };
}

function spread<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)]);
}

describe.each([
  { partner: "178", site: () => inject("site178") },
  { partner: "4242", site: () => inject("site4242") },
])("partner $partner", ({ site }) => {
  it("is valid HTML on every page (html-validate)", async () => {
    const { pages, findings } = await validateSite(site().out);
    expect(pages).toBeGreaterThan(5);
    // The first few in full, then how many: a regression names its page and rule.
    expect(findings.slice(0, 10), `${findings.length} findings`).toEqual([]);
  });

  it("has no internal link that leads nowhere", async () => {
    expect(await findBrokenInternalLinks(site().out)).toEqual([]);
  });
});
