/** How the render pool spreads bound routes over its workers (src/render/stage/render-pool.ts, docs/performance.md). */
import { availableParallelism } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chooseWorkerCount } from "../../src/render/stage/render-stage.js";
import { createRenderWorkerPool, pickWorker } from "../../src/render/stage/render-pool.js";
import type { BoundRoute } from "../../src/render/stage/render-route.js";
import {
  unpackBoundRoute,
  packBoundRoute,
  type BoundRouteMessage,
  type WorkerData,
} from "../../src/render/stage/worker-protocol.js";

describe("pickWorker", () => {
  it("gives the next request to the worker with the fewest in flight, the first of equals", () => {
    const states = [{ inFlight: 2 }, { inFlight: 1 }, { inFlight: 1 }];
    expect(pickWorker(states, 3)).toBe(states[1]);
    expect(pickWorker([{ inFlight: 0 }, { inFlight: 0 }], 3)).toEqual({ inFlight: 0 });
  });

  it("gives none when every worker holds its limit: the build waits instead of binding ahead of the renderers", () => {
    expect(pickWorker([{ inFlight: 3 }, { inFlight: 3 }], 3)).toBeNull();
    expect(pickWorker([], 3)).toBeNull();
  });
});

describe("bound route messages", () => {
  const bound = {
    path: "/kinoprogram/dag/2026-11-25",
    kind: "static" as const,
    jsonName: "kinoprogram-dag-2026-11-25",
    file: "kinoprogram/dag/2026-11-25/index.html",
    page: {
      path: "/kinoprogram/dag/2026-11-25",
      blocks: [{ component: "program", data: [{ events: [{ title: "Dune", tickets: [{ id: "e-1", count: 0 }] }] }] }],
    } as unknown as BoundRoute["page"],
    records: { routeKind: "static" as const, screenCount: 3 },
    pageData: { path: "page-data/x.json", contents: "{}" },
    key: null,
  };

  it("carries the page as JSON text and gives back an equal bound route", () => {
    const message = packBoundRoute(bound);
    expect(typeof message.pageJson).toBe("string");
    expect("page" in message).toBe(false);
    expect(unpackBoundRoute(message)).toEqual(bound);
  });

  it("sends the JSON the cache key was made from instead of serialising the page again", () => {
    const message = packBoundRoute({ ...bound, pageJson: '{"path":"/from-the-key"}' });
    expect(unpackBoundRoute(message).page).toEqual({ path: "/from-the-key" });
  });
});

describe("chooseWorkerCount", () => {
  it("renders in the build thread below 1,000 routes and from 25,000 on (each worker holds the dataset: 1.13 GiB at 20,000 films), with workers between", () => {
    expect(chooseWorkerCount(656)).toBe(1);
    expect(chooseWorkerCount(16_000)).toBe(Math.min(availableParallelism(), 4));
    expect(chooseWorkerCount(30_950)).toBe(1);
  });

  it("with a pool already started (several partners in one process), renders on it from 200 routes", () => {
    expect(chooseWorkerCount(199, true)).toBe(1);
    expect(chooseWorkerCount(656, true)).toBe(Math.min(availableParallelism(), 4));
    expect(chooseWorkerCount(30_950, true)).toBe(1);
  });
});

describe("the render worker pool (several partners in one process)", () => {
  const workerFile = path.resolve("tests/fixtures/render/pool-worker.mjs");
  const site = (name: string) => ({ render: name, cache: null }) as unknown as WorkerData;

  /** One request per leased worker; the answers' paths (site:thread:route), sorted. */
  async function renderOnEach(lease: ReturnType<ReturnType<typeof createRenderWorkerPool>["lease"]>) {
    for (const state of lease.states) {
      state.inFlight += 1;
      state.worker.postMessage({ type: "render", routes: [{ path: "/" } as BoundRouteMessage] });
    }
    while (lease.inbox.length < lease.states.length) await lease.nextEvent();
    return lease.inbox.flatMap((batch) => batch.routes.map((route) => route.path)).sort();
  }

  it("keeps its workers between leases, tells them each lease's site, and ends one returned busy", async () => {
    const pool = createRenderWorkerPool(workerFile);
    try {
      const first = pool.lease(2, site("A"));
      const a = await renderOnEach(first);
      await first.terminate();
      const threads = a.map((p) => p.split(":")[1]);
      expect(a.every((p) => p.startsWith("A:"))).toBe(true);
      expect(new Set(threads).size).toBe(2);

      const second = pool.lease(2, site("B"));
      const b = await renderOnEach(second);
      expect(b.map((p) => p.split(":")[1])).toEqual(threads); // the same threads, told the new site
      expect(b.every((p) => p.startsWith("B:"))).toBe(true);
      second.states[0].inFlight += 1; // returned with a request in flight: its answer must not reach the next lease
      second.states[0].worker.postMessage({ type: "render", routes: [{ path: "/late" }] });
      await second.terminate();

      const third = pool.lease(2, site("C"));
      const c = await renderOnEach(third);
      expect(c.every((p) => p.startsWith("C:") && !threads.includes(p.split(":")[1]))).toBe(true);
      await third.terminate();
    } finally {
      await pool.close();
    }
  });
});
