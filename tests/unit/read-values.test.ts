/** someValue (src/query/read-values.ts) answers as readValues(...).some(...) does, without the lists. */
import { describe, expect, it } from "vitest";
import { readValues, someValue } from "../../src/query/read-values.js";

const records: unknown[] = [
  { production: { id: "p1", features: [{ value: "2D" }, { value: "Norsk Tale" }] }, begin: "2026-12-01 18:00:00" },
  { production: { id: "p2", features: [] }, advertisementFlags: [{ value: "baby_cinema" }, "knitting_cinema"] },
  { production: null, location: { name: "Sal 1" } },
  { production: [{ id: "a" }, { id: "b", features: [[{ value: "3D" }]] }] },
  { location: { name: { nested: true } }, count: 0 },
  Object.assign(Object.create({ inherited: "x" }), { own: "y" }),
  "text",
  null,
];
const paths = [
  "production.id",
  "production.features",
  "production.features.value",
  "advertisementFlags",
  "location.name",
  "begin",
  "count",
  "inherited",
  "own",
  "missing.deep.path",
];
const tests: ((key: string) => boolean)[] = [
  (key) => key === "",
  (key) => key === "2D",
  (key) => /^(p2|b)$/.test(key),
  (key) => key.startsWith("Sal"),
  (key) => key === "0",
  (key) => key === "x",
  (key) => key === "y",
  (key) => key === "knitting_cinema",
];

describe("someValue", () => {
  it("agrees with readValues(...).some(...) on every record, path and test", () => {
    for (const record of records)
      for (const path of paths)
        for (const test of tests) {
          const steps = path.split(".");
          expect([path, someValue(record, steps, test)]).toEqual([path, readValues(record, steps).some(test)]);
        }
  });
});
