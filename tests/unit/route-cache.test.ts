/**
 * The build cache's entries (src/render/stage/route-cache.ts): what a build stores it reads back byte
 * for byte; a key is looked up only among the entries listed when the cache was opened, and a
 * damaged or edited entry counts as missing (the route is rendered again). The cache folder
 * follows --out's ownership rule, and pruning touches only the names the cache writes.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { rewriteCacheEntry } from "../helpers/cache-entry.js";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  CACHE_MARKER,
  locateRouteCache,
  openRouteCache,
  pruneRouteCache,
  readRouteEntry,
  removeOwnTemporaryEntries,
  writeRouteEntry,
} from "../../src/render/stage/route-cache.js";

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
const K1 = "1".repeat(40);
const K2 = "2".repeat(40);
const K3 = "3".repeat(40);
const text = (entry: { path: string; contents: string | Uint8Array }[] | null) =>
  entry?.map((file) => [
    file.path,
    typeof file.contents === "string" ? file.contents : new TextDecoder().decode(file.contents),
  ]);

describe("route cache entries", () => {
  it("reads back what was stored, byte for byte, once the cache is opened again", () => {
    writeRouteEntry(openRouteCache(out, "site-a"), K1, files);
    expect(text(readRouteEntry(openRouteCache(out, "site-a"), K1))).toEqual(text(files));
  });

  it("looks a key up only among the entries on disk when the cache was opened", () => {
    const opened = openRouteCache(out, "site-a");
    expect(opened.stored?.size).toBe(0);
    writeRouteEntry(opened, K1, files);
    // Written after the listing: this cache does not know it (a build never reads what it wrote).
    expect(readRouteEntry(opened, K1)).toBeNull();
    const reopened = openRouteCache(out, "site-a");
    expect([...reopened.stored!.keys()]).toEqual([K1]);
    expect(readRouteEntry(reopened, K2)).toBeNull();
  });

  it("without a listing (a render worker's cache) reads from disk", () => {
    const opened = openRouteCache(out, "site-a");
    writeRouteEntry(opened, K1, files);
    expect(text(readRouteEntry({ dir: opened.dir, siteKey: opened.siteKey }, K1))).toEqual(text(files));
  });

  it("treats a damaged entry as missing", async () => {
    const opened = openRouteCache(out, "site-a");
    writeRouteEntry(opened, K1, files);
    await writeFile(path.join(opened.dir, `${K2}.${"0".repeat(32)}`), '[{"path":"a.html","length":99}]\nshort');
    await writeFile(path.join(opened.dir, `${K3}.${"0".repeat(32)}`), "not json\nbytes");
    const reopened = openRouteCache(out, "site-a");
    expect(readRouteEntry(reopened, K2)).toBeNull();
    expect(readRouteEntry(reopened, K3)).toBeNull();
    expect(readRouteEntry(reopened, K1)).not.toBeNull();
  });
});

/** The one entry file of `key` in the cache folder. */
async function entryFile(dir: string, key: string): Promise<string> {
  const names = (await readdir(dir)).filter((name) => name.startsWith(`${key}.`));
  expect(names).toHaveLength(1);
  return path.join(dir, names[0]);
}

describe("a tampered cache entry is never reused", () => {
  const tamperings: [string, (files: { path: string; contents: string }[]) => void][] = [
    [
      "its text edited",
      (entries) => void (entries[0].contents = entries[0].contents.replace("Kinoprogram", "Kinoprogrom")),
    ],
    ["a <script> added, lengths fixed", (entries) => void (entries[0].contents += "<script>alert(1)</script>")],
    [
      "an extra file added",
      (entries) => void entries.push({ path: "evil.html", contents: "<script>alert(1)</script>" }),
    ],
  ];
  for (const [what, edit] of tamperings) {
    it(`with ${what}: missing, and deleted`, async () => {
      writeRouteEntry(openRouteCache(out, "site-a"), K1, files);
      const file = await entryFile(locateRouteCache(out), K1);
      await rewriteCacheEntry(file, edit);
      expect(readRouteEntry(openRouteCache(out, "site-a"), K1)).toBeNull();
      expect(await readdir(locateRouteCache(out))).toEqual([CACHE_MARKER]);
    });
  }
});

describe("the cache folder's ownership", () => {
  it("refuses a folder of the operator's, and touches nothing in it", async () => {
    const dir = locateRouteCache(out);
    await mkdir(path.join(dir, "photos"), { recursive: true });
    await writeFile(path.join(dir, "notes.txt"), "mine");
    await writeFile(path.join(dir, "photos", "a.jpg"), "jpeg");
    expect(() => openRouteCache(out, "site-a")).toThrow(
      /the build cache .*site\.cache is a folder cinema-build did not make \(no \.cinema-build-cache; notes\.txt, photos\); refusing to use it/,
    );
    expect((await readdir(dir)).sort()).toEqual(["notes.txt", "photos"]);
  });

  it("refuses a symlink, and leaves its target alone", async () => {
    const elsewhere = path.join(root, "elsewhere");
    await mkdir(elsewhere);
    await writeFile(path.join(elsewhere, "notes.txt"), "mine");
    await symlink(elsewhere, locateRouteCache(out));
    expect(() => openRouteCache(out, "site-a")).toThrow(/is a symlink cinema-build did not make; refusing to use it/);
    expect(await readdir(elsewhere)).toEqual(["notes.txt"]);
  });

  it("takes over a cache of the earlier format (entry names only), and prunes its entries", async () => {
    const dir = locateRouteCache(out);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, K2), "old entry");
    const cache = openRouteCache(out, "site-a");
    expect((await readdir(dir)).sort()).toEqual([CACHE_MARKER, K2]);
    writeRouteEntry(cache, K1, files);
    expect(pruneRouteCache(cache, new Set([K1]))).toEqual([]);
    expect((await readdir(dir)).map((name) => name.slice(0, 40)).sort()).toEqual([CACHE_MARKER.slice(0, 40), K1]);
  });

  it("prunes only names it writes: the operator's files stay, a failure is a warning", async () => {
    const cache = openRouteCache(out, "site-a");
    writeRouteEntry(cache, K1, files);
    writeRouteEntry(cache, K2, files.slice(1));
    await writeFile(path.join(cache.dir, "notes.txt"), "mine");
    await mkdir(path.join(cache.dir, "photos"));
    // A folder under an entry's name cannot be removed by rm without recursive: a warning.
    const stuck = `${K3}.${"0".repeat(32)}`;
    await mkdir(path.join(cache.dir, stuck));
    const warnings = pruneRouteCache(cache, new Set([K1]));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /could not remove 1 unused build-cache entry: .*3{40}\.0{32} \(ERR_FS_EISDIR\); the build is published/,
    );
    expect((await readdir(cache.dir)).filter((name) => !name.startsWith(K1)).sort()).toEqual(
      [CACHE_MARKER, "notes.txt", "photos", stuck].sort(),
    );
  });

  it("removes this run's unfinished entries (on a signal) and a dead run's when pruning", async () => {
    const cache = openRouteCache(out, "site-a");
    const mine = `${K1}.${"a".repeat(32)}.${process.pid}.x1.tmp`;
    const dead = `${K2}.${"b".repeat(32)}.999999999.x2.tmp`;
    await writeFile(path.join(cache.dir, mine), "half");
    await writeFile(path.join(cache.dir, dead), "half");
    removeOwnTemporaryEntries(cache.dir);
    expect((await readdir(cache.dir)).sort()).toEqual([CACHE_MARKER, dead]);
    pruneRouteCache(cache, new Set());
    expect(await readdir(cache.dir)).toEqual([CACHE_MARKER]);
  });
});
