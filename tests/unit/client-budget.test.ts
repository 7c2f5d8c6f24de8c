/**
 * The boot script every page loads stays under 4 KB gzip (docs/islands.md): loader, consent,
 * redirects, service worker and islands runtime, with the chunks it imports statically. React
 * is reachable only from island bundles, and analytics only by a dynamic import after consent.
 */
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { isPrecached } from "../../src/recipe/site-files.js";
import { bundleClient, type BundleClientResult } from "../../src/emit/bundle-client.js";

export const BOOT_GZIP_BUDGET = 4096;

let bundle: BundleClientResult;
const fileOf = (url: string) => bundle.files.find((file) => `/${file.path}` === url);

/** A file and every chunk it imports statically (`import … from "./chunks/…"`), once each. */
function staticClosure(url: string, seen = new Set<string>()): string[] {
  if (seen.has(url)) return [];
  seen.add(url);
  const file = fileOf(url);
  if (!file) throw new Error(`no bundle ${url}`);
  const text = String(file.contents);
  const imports = [...text.matchAll(/(?:import|from)\s*["']([^"']+\.js)["']/g)].map(
    (m) => new URL(m[1], `http://x${url}`).pathname,
  );
  return [url, ...imports.flatMap((imported) => staticClosure(imported, seen))];
}

const gzipBytes = (urls: string[]) =>
  urls.reduce((sum, url) => sum + gzipSync(String(fileOf(url)!.contents), { level: 9 }).length, 0);

beforeAll(async () => {
  bundle = await bundleClient();
});

describe("client bundle budget", () => {
  it("keeps the boot script and its static imports under 4 KB gzip", () => {
    const closure = staticClosure(bundle.assets.js);
    const bytes = gzipBytes(closure);
    console.log(`boot: ${closure.length} file(s), ${bytes} bytes gzip`);
    expect(bytes).toBeLessThan(BOOT_GZIP_BUDGET);
  });

  it("keeps React out of the boot script: only island bundles reach it", () => {
    const closure = staticClosure(bundle.assets.js);
    for (const url of closure)
      expect(String(fileOf(url)!.contents), url).not.toMatch(/react\.dev\/errors|__CLIENT_INTERNALS|hydrateRoot/);
    const carousel = staticClosure(bundle.assets.islands.carousel);
    expect(carousel.some((url) => /react\.dev\/errors/.test(String(fileOf(url)!.contents)))).toBe(true);
  });

  it("loads analytics only through a dynamic import (after consent)", () => {
    const boot = String(fileOf(bundle.assets.js)!.contents);
    expect(boot).not.toContain("googletagmanager");
    expect(boot).toMatch(/import\(["'][^"']*after-consent[^"']*\.js["']\)/);
  });

  it("gives each island kind its own entry that hydrates its component", () => {
    expect(Object.keys(bundle.assets.islands).sort()).toEqual(
      expect.arrayContaining(["carousel", "modal", "newsletter"]),
    );
    for (const [kind, url] of Object.entries(bundle.assets.islands))
      expect(url, kind).toMatch(new RegExp(`^/assets/island-${kind}\\.[A-Z0-9]{8}\\.js$`));
  });

  it("precaches the boot script and its lazy parts, never an island bundle or React", () => {
    const precached = bundle.files.filter(isPrecached).map((file) => file.path);
    const left = bundle.files.filter((file) => !isPrecached(file)).map((file) => file.path);
    expect(
      precached.every((file) => /^assets\/boot[.-]/.test(file)),
      precached.join(),
    ).toBe(true);
    expect(precached.length).toBeGreaterThanOrEqual(4);
    expect(left.some((file) => file.startsWith("assets/island-carousel."))).toBe(true);
    expect(
      left.filter((file) => /react\.dev\/errors/.test(String(bundle.files.find((f) => f.path === file)!.contents))),
    ).not.toEqual([]);
  });
});
