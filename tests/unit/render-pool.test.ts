/** How the render pool spreads bound routes over its workers (src/render/stage/render-pool.ts, docs/performance.md). */
import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { chooseWorkerCount } from "../../src/render/stage/render-stage.js";
import { pickWorker } from "../../src/render/stage/render-pool.js";
import type { BoundRoute } from "../../src/render/stage/render-route.js";
import { unpackBoundRoute, packBoundRoute } from "../../src/render/stage/worker-protocol.js";

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
});
