/**
 * The build cache's entries (src/build/route-cache.ts): what a build stores it reads back byte
 * for byte; a key is looked up only among the entries listed when the cache was opened, and a
 * damaged entry counts as missing (the route is rendered again).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openRouteCache, readRouteEntry, writeRouteEntry } from "../../src/build/route-cache.js";

let out: string;
let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "cb-route-cache-"));
  out = path.join(root, "site");
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const files = [
  { path: "kinoprogram/index.html", contents: new TextEncoder().encode("<!DOCTYPE html><p>Kinoprogram – æøå</p>") },
  { path: "page-data/kinoprogram.json", contents: new TextEncoder().encode('{"blocks":[]}') },
];
const text = (entry: { path: string; contents: string | Uint8Array }[] | null) => entry?.map((file) => [file.path, typeof file.contents === "string" ? file.contents : new TextDecoder().decode(file.contents)]);

describe("route cache entries", () => {
  it("reads back what was stored, byte for byte, once the cache is opened again", () => {
    writeRouteEntry(openRouteCache(out, "site-a"), "k1", files);
    expect(text(readRouteEntry(openRouteCache(out, "site-a"), "k1"))).toEqual(text(files));
  });

  it("looks a key up only among the entries on disk when the cache was opened", () => {
    const opened = openRouteCache(out, "site-a");
    expect(opened.stored?.size).toBe(0);
    writeRouteEntry(opened, "k1", files);
    // Written after the listing: this cache does not know it (a build never reads what it wrote).
    expect(readRouteEntry(opened, "k1")).toBeNull();
    const reopened = openRouteCache(out, "site-a");
    expect([...reopened.stored!]).toEqual(["k1"]);
    expect(readRouteEntry(reopened, "k2")).toBeNull();
  });

  it("without a listing (a render worker's cache) reads from disk", () => {
    const opened = openRouteCache(out, "site-a");
    writeRouteEntry(opened, "k1", files);
    expect(text(readRouteEntry({ dir: opened.dir, siteKey: opened.siteKey }, "k1"))).toEqual(text(files));
  });

  it("treats a damaged entry as missing", async () => {
    const opened = openRouteCache(out, "site-a");
    writeRouteEntry(opened, "k1", files);
    await writeFile(path.join(opened.dir, "k2"), '[{"path":"a.html","length":99}]\nshort');
    await writeFile(path.join(opened.dir, "k3"), "not json\nbytes");
    const reopened = openRouteCache(out, "site-a");
    expect(readRouteEntry(reopened, "k2")).toBeNull();
    expect(readRouteEntry(reopened, "k3")).toBeNull();
    expect(readRouteEntry(reopened, "k1")).not.toBeNull();
  });
});
