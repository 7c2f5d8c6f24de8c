/** How the render pool hands out light routes (src/build/route-queue.ts, issue 14 item 3). */
import { describe, expect, it } from "vitest";
import { LightRouteQueue } from "../../src/build/route-queue.js";
import type { Route } from "../../src/routes/index.js";

const page = (path: string) => ({ path }) as Route["page"];
const route = (path: string, base?: string, day?: string): Route => ({ path, page: page(base ?? path), params: {}, kind: "static", file: "", jsonName: "", origin: "", programmeDay: day });

describe("LightRouteQueue", () => {
  const routes = [
    route("/a-film"), route("/b-film"), route("/c-film"),
    route("/kinoprogram/dag/2026-11-24", "/kinoprogram", "2026-11-24"), route("/kinoprogram/dag/2026-11-25", "/kinoprogram", "2026-11-25"),
    route("/pinse/dag/2026-11-24", "/pinse", "2026-11-24"), route("/pinse/dag/2026-11-25", "/pinse", "2026-11-25"),
  ];

  it("gives each programme's day pages to one worker, one page per request, then the other routes in batches", () => {
    const queue = new LightRouteQueue(routes, routes.map((_, i) => i), 2);
    const first: string[] = [];
    const second: string[] = [];
    // The first worker rendered /pinse itself: its day pages are its own.
    queue.claim(first, "/pinse");
    const taken = (worker: string[]) => queue.next(worker)?.map((i) => routes[i].path);
    expect(taken(second)).toEqual(["/kinoprogram/dag/2026-11-24"]);
    expect(taken(first)).toEqual(["/pinse/dag/2026-11-24"]);
    expect(taken(second)).toEqual(["/kinoprogram/dag/2026-11-25"]);
    expect(taken(second)).toEqual(["/a-film", "/b-film"]);
    expect(taken(first)).toEqual(["/pinse/dag/2026-11-25"]);
    expect(taken(first)).toEqual(["/c-film"]);
    expect(taken(first)).toBeUndefined();
    expect(queue.next(second)).toBeNull();
  });

  it("lets a worker with nothing of its own left help with another's programme", () => {
    const queue = new LightRouteQueue(routes, [3, 4], 16);
    const owner: string[] = [];
    const helper: string[] = [];
    expect(queue.next(owner)).toEqual([3]);
    expect(queue.next(helper)).toEqual([4]);
    expect(queue.next(helper)).toBeNull();
  });
});
