/**
 * The browser bundles' disk memo (src/emit/bundle-memo.ts): a hit only while every file the
 * bundler read is unchanged, a miss for other options, and nothing kept when it is turned off.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoizeBundle } from "../../src/emit/bundle-memo.js";

let cacheDir: string;
let root: string;
beforeAll(async () => {
  cacheDir = await mkdtemp(path.join(tmpdir(), "cb-bundle-memo-"));
  root = await mkdtemp(path.join(tmpdir(), "cb-bundle-root-"));
  process.env.CINEMA_BUILD_CACHE_DIR = cacheDir;
  await mkdir(path.join(root, "client"), { recursive: true });
  await writeFile(path.join(root, "client", "boot.ts"), "export const a = 1;\n");
  await writeFile(path.join(root, "client", "shared.ts"), "export const b = 2;\n");
});
afterAll(async () => {
  delete process.env.CINEMA_BUILD_CACHE_DIR;
  await rm(cacheDir, { recursive: true, force: true });
  await rm(root, { recursive: true, force: true });
});

/** A stand-in bundler: its output names how often it ran; it reads the two client files. */
function counter() {
  let runs = 0;
  const bundle = async () => ({ result: { text: `bundle ${++runs}` }, inputs: ["client/boot.ts", "client/shared.ts"] });
  return { bundle, runs: () => runs };
}

describe("the bundle memo", () => {
  it("bundles once for unchanged inputs and options, and again when a file it read changes", async () => {
    const { bundle, runs } = counter();
    expect(await memoizeBundle(root, { minify: true }, bundle)).toEqual({ text: "bundle 1" });
    expect(await memoizeBundle(root, { minify: true }, bundle)).toEqual({ text: "bundle 1" });
    expect(runs()).toBe(1);

    await writeFile(path.join(root, "client", "shared.ts"), "export const b = 3;\n");
    expect(await memoizeBundle(root, { minify: true }, bundle)).toEqual({ text: "bundle 2" });
    expect(await memoizeBundle(root, { minify: true }, bundle)).toEqual({ text: "bundle 2" });
    expect(runs()).toBe(2);
  });

  it("keeps one entry per set of options", async () => {
    const { bundle, runs } = counter();
    await memoizeBundle(root, { minify: false, islands: { a: "client/a.tsx" } }, bundle);
    await memoizeBundle(root, { minify: false, islands: {} }, bundle);
    await memoizeBundle(root, { minify: false, islands: { a: "client/a.tsx" } }, bundle);
    expect(runs()).toBe(2);
  });

  it("bundles again when a file it read is gone, and when tsconfig.json changes", async () => {
    const { bundle, runs } = counter();
    await memoizeBundle(root, { case: "gone" }, bundle);
    await rm(path.join(root, "client", "shared.ts"));
    await memoizeBundle(root, { case: "gone" }, async () => ({
      result: { text: "without shared" },
      inputs: ["client/boot.ts"],
    }));
    expect(await memoizeBundle(root, { case: "gone" }, bundle)).toEqual({ text: "without shared" });
    await writeFile(path.join(root, "tsconfig.json"), '{"compilerOptions":{"jsx":"react-jsx"}}');
    expect(await memoizeBundle(root, { case: "gone" }, bundle)).toEqual({ text: "bundle 2" });
    expect(runs()).toBe(2);
    await writeFile(path.join(root, "client", "shared.ts"), "export const b = 2;\n");
  });

  it("keeps nothing and always bundles when CINEMA_BUILD_CACHE=0", async () => {
    process.env.CINEMA_BUILD_CACHE = "0";
    try {
      const { bundle, runs } = counter();
      await memoizeBundle(root, { off: true }, bundle);
      await memoizeBundle(root, { off: true }, bundle);
      expect(runs()).toBe(2);
    } finally {
      delete process.env.CINEMA_BUILD_CACHE;
    }
    const kept = await readdir(path.join(cacheDir, "bundle"));
    expect(kept.every((file) => file.endsWith(".json"))).toBe(true);
    expect(kept).toHaveLength(4); // the entries of the tests above (none for a bundle that read a missing file), none from this one
  });
});

describe("the browser bundles through the memo", () => {
  it("are the bundles esbuild makes afresh, with every file it read on disk", async () => {
    const { bundleClient } = await import("../../src/emit/bundle-client.js");
    const fresh = await bundleClient({ exclude: ["modal"] });
    const memoFiles = await readdir(path.join(cacheDir, "bundle"));
    const again = await bundleClient({ exclude: ["modal"] });
    expect((await readdir(path.join(cacheDir, "bundle"))).length).toBe(memoFiles.length);
    expect(again).toEqual(fresh);
    process.env.CINEMA_BUILD_CACHE = "0";
    try {
      expect(await bundleClient({ exclude: ["modal"] })).toEqual(fresh);
    } finally {
      delete process.env.CINEMA_BUILD_CACHE;
    }
  });
});

describe("a damaged bundle memo", () => {
  it("is bundled again, not a failed build", async () => {
    const { bundle, runs } = counter();
    await memoizeBundle(root, { damaged: true }, bundle);
    const dir = path.join(cacheDir, "bundle");
    const before = new Set(await readdir(dir));
    const { bundle: again, runs: againRuns } = counter();
    // Every entry of the memo mangled, as an editor or a full disk might leave it.
    for (const file of before) await writeFile(path.join(dir, file), "{ not json");
    expect(await memoizeBundle(root, { damaged: true }, again)).toEqual({ text: "bundle 1" });
    expect(againRuns()).toBe(1);
    expect(runs()).toBe(1);
  });
});
