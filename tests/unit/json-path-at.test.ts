/**
 * The JSON path at a character index (src/fetch/json-path-at.ts), which names the record and
 * field of an API answer's bad bytes.
 */
import { describe, expect, it } from "vitest";
import { jsonPathAt } from "../../src/fetch/json-path-at.js";

const at = (text: string, marker: string) => jsonPathAt(text, text.indexOf(marker));

describe("jsonPathAt", () => {
  it("names the value, the key or the array element at an index", () => {
    const text =
      '{ "productions": [ { "id": 1, "title": "A" }, { "id": "x\\"y", "title": "B\\u00f8 HERE", "tags": ["a", "HIT"] } ], "n": 3 }';
    expect(at(text, "HERE")).toEqual(["productions", 1, "title"]);
    expect(at(text, "HIT")).toEqual(["productions", 1, "tags", 1]);
    expect(at(text, '"title": "A"')).toEqual(["productions", 0, "title"]);
    expect(at(text, "3 }")).toEqual([]);
  });

  it("returns what it has on text that is not JSON", () => {
    expect(jsonPathAt('{"a": ["x', 8)).toEqual(["a", 0]);
    expect(jsonPathAt("", 0)).toEqual([]);
  });
});
