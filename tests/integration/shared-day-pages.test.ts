/**
 * Shared day pages in 178's build (docs/spec-decisions.md "Shared day pages"): programme
 * pages of one listing write one set of day pages, the first's in the menu (or, outside the
 * menu, by path); the others' chips lead there, name the owner's anchors for the island, and
 * no file, sitemap entry or manifest entry is left of their own day pages.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "node-html-parser";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { listFiles } from "../helpers/files.js";

let out: string;
let files: Set<string>;

beforeAll(async () => {
  ({ out } = inject("site178"));
  files = new Set(await listFiles(out));
});

/** A page's day chips' links and its programme island's window. */
async function chipsOf(page: string): Promise<{ hrefs: string[]; window: Record<string, unknown> }> {
  const html = parse(await readFile(path.join(out, page.slice(1), "index.html"), "utf8"));
  const hrefs = html.querySelectorAll(".day-nav a").map((a) => a.getAttribute("href")!);
  const windows = html
    .querySelectorAll('script[type="application/json"]')
    .flatMap((script) => windowsIn(JSON.parse(script.textContent)));
  return { hrefs, window: windows[0] ?? {} };
}

/** Every programme window in a props script (an object's 'window' with 'dayPaths'). */
function windowsIn(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap(windowsIn);
  if (!value || typeof value !== "object") return [];
  const object = value as Record<string, unknown>;
  const own = object.window as Record<string, unknown> | undefined;
  return [
    ...(own && typeof own === "object" && "dayPaths" in own ? [own] : []),
    ...Object.values(object).flatMap(windowsIn),
  ];
}

describe("shared day pages in 178", () => {
  // /kinoprogram is in the menu before /den-store-kinodagen; /hostferie-… and /pinse-…, and
  // /paske-… and /vinterferie-…, are not in it, so the first by path owns.
  const shared = [
    ["/den-store-kinodagen", "/kinoprogram"],
    ["/pinse-pa-solvik-kino", "/hostferie-pa-solvik-kino"],
    ["/vinterferie-pa-solvik-kino", "/paske-pa-solvik-kino"],
  ];

  it.each(shared)("%s's chips lead to %s's day pages, which exist; it has none of its own", async (page, owner) => {
    const { hrefs, window } = await chipsOf(page);
    const dayLinks = hrefs.filter((href) => href.includes("/dag/"));
    expect(dayLinks.length).toBeGreaterThan(5);
    for (const href of dayLinks) {
      expect(href.startsWith(`${owner}/dag/`), href).toBe(true);
      expect(files, href).toContain(`${href.slice(1)}/index.html`);
    }
    expect([...files].filter((file) => file.startsWith(`${page.slice(1)}/`))).toEqual([`${page.slice(1)}/index.html`]);
    // The island finds its listing on the owner's day page by the owner's anchors.
    const ownerDay = await readFile(path.join(out, dayLinks[0].slice(1), "index.html"), "utf8");
    expect(ownerDay).toContain(`"anchorPrefix":"${window.dayAnchorPrefix}"`);
    expect(window.base).toBe(page);
  });

  it("the owner keeps its own chips and anchors, and the campaign pages' day pages are in no sitemap or manifest", async () => {
    const { hrefs, window } = await chipsOf("/kinoprogram");
    expect(hrefs.filter((href) => href.includes("/dag/")).every((href) => href.startsWith("/kinoprogram/dag/"))).toBe(
      true,
    );
    expect(window.dayAnchorPrefix).toBeUndefined();
    const sitemap = await readFile(path.join(out, "sitemap.xml"), "utf8");
    const manifest = await readFile(path.join(out, "page-manifest.json"), "utf8");
    for (const [page] of shared) {
      expect(sitemap).not.toContain(`${page}/dag/`);
      expect(manifest).not.toContain(`${page}/dag/`);
    }
    expect(sitemap).toContain("/kinoprogram/dag/");
  });

  it("pages whose listings differ keep their own: /hostferie-… lists two films /kinoprogram leaves out", () => {
    expect([...files].some((file) => file.startsWith("hostferie-pa-solvik-kino/dag/"))).toBe(true);
    expect([...files].some((file) => file.startsWith("kinoprogram/dag/"))).toBe(true);
  });
});
