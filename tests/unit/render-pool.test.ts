import { describe, expect, it } from "vitest";
import { weighRoute } from "../../src/build/render-pool.js";
import type { Route } from "../../src/routes/index.js";

const block = (component: string, hide = false) => ({ id: component, component, hide, place: { column: 0, row: 0, order: 0 }, data: [], metadata: { properties: [] } });
const route = (kind: Route["kind"], components: { component: string; hide?: boolean }[]) =>
  ({ path: "/x", kind, file: "x/index.html", jsonName: "x", params: {}, origin: "test", page: { blocks: components.map((c) => block(c.component, c.hide)) } }) as unknown as Route;

describe("render scheduling weight", () => {
  it("counts the visible programme-like blocks of a static page (catalogue entries with the programme fields)", () => {
    expect(weighRoute(route("static", [{ component: "program" }, { component: "culture-program" }, { component: "content" }]))).toBe(2);
    expect(weighRoute(route("static", [{ component: "events" }, { component: "program", hide: true }]))).toBe(1);
    expect(weighRoute(route("static", [{ component: "content" }, { component: "no-such-kind" }]))).toBe(0);
  });

  it("gives a programme day page no weight: it shows one day of its page's window", () => {
    expect(weighRoute({ ...route("static", [{ component: "program" }]), programmeDay: "2026-11-21" } as Route)).toBe(0);
  });

  it("gives detail routes no weight: they render one record", () => {
    expect(weighRoute(route("film", [{ component: "program" }]))).toBe(0);
    expect(weighRoute(route("article", [{ component: "program" }]))).toBe(0);
  });
});
