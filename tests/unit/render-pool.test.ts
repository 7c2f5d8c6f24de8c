/** How the render pool spreads bound routes over its workers (src/build/render-pool.ts, issue 14 item 3). */
import { describe, expect, it } from "vitest";
import { pickWorker } from "../../src/build/render-pool.js";

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
