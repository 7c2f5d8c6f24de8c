import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoizeWorker } from "../../src/sw/worker-cache.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "cb-sw-cache-"));
  process.env.CINEMA_BUILD_CACHE_DIR = dir;
});
afterAll(async () => {
  delete process.env.CINEMA_BUILD_CACHE_DIR;
  await rm(dir, { recursive: true, force: true });
});

describe("the service worker memo", () => {
  it("runs workbox once per distinct input and returns the same bytes after", async () => {
    let runs = 0;
    const generate = async () => `worker ${++runs}`;
    const inputs = { entries: [{ url: "/assets/main.0a1b2c3d.js", revision: null }], timeout: 3 };
    expect(await memoizeWorker(inputs, generate)).toBe("worker 1");
    expect(await memoizeWorker(structuredClone(inputs), generate)).toBe("worker 1");
    expect(runs).toBe(1);
    expect(await memoizeWorker({ ...inputs, timeout: 4 }, generate)).toBe("worker 2");
    expect((await readdir(path.join(dir, "sw"))).filter((f) => f.endsWith(".js"))).toHaveLength(2);
  });

  it("tells apart configurations that differ only in a URL pattern or a function", async () => {
    let runs = 0;
    const generate = async () => `worker ${++runs}`;
    await memoizeWorker({ urlPattern: /\/page-data\//, handler: "NetworkFirst" }, generate);
    await memoizeWorker({ urlPattern: /\/images\//, handler: "NetworkFirst" }, generate);
    await memoizeWorker({ urlPattern: new Function("c", "return c.request.mode === 'navigate';") }, generate);
    await memoizeWorker({ urlPattern: new Function("c", "return c.request.destination === 'image';") }, generate);
    expect(runs).toBe(4);
    await memoizeWorker({ urlPattern: /\/page-data\//, handler: "NetworkFirst" }, generate);
    expect(runs).toBe(4);
  });

  it("can be turned off", async () => {
    process.env.CINEMA_BUILD_CACHE = "0";
    try {
      let runs = 0;
      await memoizeWorker({ a: 1 }, async () => `w${++runs}`);
      await memoizeWorker({ a: 1 }, async () => `w${++runs}`);
      expect(runs).toBe(2);
    } finally {
      delete process.env.CINEMA_BUILD_CACHE;
    }
  });
});
