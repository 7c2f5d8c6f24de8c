/** The validated snapshot files' disk memo (src/fetch/validated-file-memo.ts). */
import { mkdtemp, readdir, rm, utimes } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  isJsonExact,
  KEEP_VERSIONS,
  MEMO_MAX_BYTES,
  memoisedValidation,
  packValidated,
  unpackValidated,
} from "../../src/fetch/validated-file-memo.js";

const data = { productions: [{ id: 1, title: "Nattens sang", tags: ["2D", null], score: 4.5, on: true }], x: {} };

describe("which data a memo can hold", () => {
  it("takes JSON exactly, and refuses what JSON would change", () => {
    expect(isJsonExact(data)).toBe(true);
    expect(isJsonExact({ a: undefined })).toBe(false);
    expect(isJsonExact([1, , 3])).toBe(false);
    expect(isJsonExact([undefined])).toBe(false);
    expect(isJsonExact({ n: -0 })).toBe(false);
    expect(isJsonExact({ n: Number.NaN })).toBe(false);
    expect(isJsonExact({ d: new Date(0) })).toBe(false);
    expect(isJsonExact(Object.create(null))).toBe(false);
    expect(isJsonExact({ f: () => 1 })).toBe(false);
    expect(isJsonExact(Object.defineProperty({}, "hidden", { value: 1, enumerable: false }))).toBe(false);
    expect(isJsonExact(JSON.parse('{"__proto__": 1}'))).toBe(false);
  });

  it("gives back what it packed, and nothing from a damaged memo", () => {
    const packed = packValidated(data)!;
    expect(unpackValidated(Buffer.from(packed))).toEqual(data);
    expect(packValidated({ a: undefined })).toBeNull();
    const damaged = Buffer.from(packed);
    damaged[damaged.length - 3] ^= 1;
    expect(unpackValidated(damaged)).toBeUndefined();
    expect(unpackValidated(Buffer.from(packed.slice(0, -1)))).toBeUndefined();
    expect(unpackValidated(Buffer.from("not a memo"))).toBeUndefined();
    expect(unpackValidated(null)).toBeUndefined();
  });
});

describe("memoisedValidation", () => {
  let dir: string;
  const saved = { dir: process.env.CINEMA_BUILD_CACHE_DIR, on: process.env.CINEMA_BUILD_CACHE };
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "validated-memo-"));
    process.env.CINEMA_BUILD_CACHE_DIR = dir;
    delete process.env.CINEMA_BUILD_CACHE;
  });
  afterEach(async () => {
    restore("CINEMA_BUILD_CACHE_DIR", saved.dir);
    restore("CINEMA_BUILD_CACHE", saved.on);
    await rm(dir, { recursive: true, force: true });
  });
  const bytes = (text: string) => Buffer.from(text);

  it("validates a file once; the same bytes come from the memo, as the schema gave them", async () => {
    const validate = vi.fn(() => ({ data }));
    const first = await memoisedValidation(178, "events.json", bytes("v1"), validate);
    const second = await memoisedValidation(178, "events.json", bytes("v1"), validate);
    expect(validate).toHaveBeenCalledTimes(1);
    expect([first?.fromMemo, second?.fromMemo]).toEqual([false, true]);
    expect(second?.data).toEqual(data);
    await memoisedValidation(178, "events.json", bytes("v2"), validate);
    await memoisedValidation(118, "events.json", bytes("v1"), validate); // another partner, its own memo
    expect(validate).toHaveBeenCalledTimes(3);
  });

  it("keeps no failure, nothing with the memos off, and no file above MEMO_MAX_BYTES", async () => {
    const fail = vi.fn(() => null);
    expect(await memoisedValidation(178, "site.json", bytes("bad"), fail)).toBeNull();
    expect(await memoisedValidation(178, "site.json", bytes("bad"), fail)).toBeNull();
    expect(fail).toHaveBeenCalledTimes(2);
    const validate = vi.fn(() => ({ data }));
    process.env.CINEMA_BUILD_CACHE = "0";
    await memoisedValidation(178, "site.json", bytes("ok"), validate);
    await memoisedValidation(178, "site.json", bytes("ok"), validate);
    delete process.env.CINEMA_BUILD_CACHE;
    const large = Buffer.alloc(MEMO_MAX_BYTES + 1, 32);
    await memoisedValidation(178, "events.json", large, validate);
    await memoisedValidation(178, "events.json", large, validate);
    expect(validate).toHaveBeenCalledTimes(4);
    expect(await readdir(dir).catch(() => [])).toEqual([]);
  });

  it("keeps the newest KEEP_VERSIONS memos of a partner's file, and never another's", async () => {
    const validate = () => ({ data });
    const memos = path.join(dir, "snapshot");
    await memoisedValidation(118, "events.json", bytes("other partner"), validate);
    let known = new Set(await readdir(memos));
    const versions = KEEP_VERSIONS + 2;
    for (let version = 1; version <= versions; version += 1) {
      await memoisedValidation(178, "events.json", bytes(`v${version}`), validate);
      // Each new memo dated a second after the last, whatever the file system's resolution.
      const names = await readdir(memos);
      for (const name of names.filter((name) => !known.has(name)))
        await utimes(path.join(memos, name), 1_000 + version, 1_000 + version);
      known = new Set(names);
    }
    const names = await readdir(memos);
    expect(names.filter((name) => name.startsWith("178-events.json-"))).toHaveLength(KEEP_VERSIONS);
    expect(names.filter((name) => name.startsWith("118-events.json-"))).toHaveLength(1);
    const hits = [];
    for (let version = 1; version <= versions; version += 1)
      hits.push((await memoisedValidation(178, "events.json", bytes(`v${version}`), () => null))?.fromMemo ?? false);
    expect(hits).toEqual([false, false, ...Array.from({ length: KEEP_VERSIONS }, () => true)]);
  });
});

/** An environment variable back as it was (assigning undefined would set the text "undefined"). */
function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
