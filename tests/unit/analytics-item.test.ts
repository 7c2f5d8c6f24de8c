/** A listing row's analytics item (src/isomorphic/analytics-item.ts, spec 3.6): the row's film and its list's brand and name. */
import { describe, expect, it } from "vitest";
import { listingItemOf } from "../../src/isomorphic/analytics-item.js";

const LIST = JSON.stringify({ brand: "Solvik kino", listName: "Kinoprogram" });

describe("listingItemOf", () => {
  it("joins the row's film to its list; the category defaults to the list's name", () => {
    expect(listingItemOf(JSON.stringify({ id: "p1", name: "Wild Horses" }), LIST)).toEqual({
      id: "p1",
      name: "Wild Horses",
      brand: "Solvik kino",
      listName: "Kinoprogram",
      category: "Kinoprogram",
    });
    expect(
      listingItemOf(JSON.stringify({ id: "p1", name: "Wild Horses", category: "Kommende filmer" }), LIST)?.category,
    ).toBe("Kommende filmer");
  });

  it("reads a row that carries the whole item (pages built before the list attribute)", () => {
    const whole = { id: "p1", name: "A", brand: "B", listName: "C", category: "D" };
    expect(listingItemOf(JSON.stringify(whole), null)).toEqual(whole);
  });

  it("gives no item for a row without a film, a list without brand or name, or text that is not JSON", () => {
    expect(listingItemOf(null, LIST)).toBeNull();
    expect(listingItemOf(JSON.stringify({ id: "p1" }), LIST)).toBeNull();
    expect(listingItemOf(JSON.stringify({ id: "p1", name: "A" }), null)).toBeNull();
    expect(listingItemOf("{not json", LIST)).toBeNull();
    expect(listingItemOf(JSON.stringify({ id: "p1", name: "A" }), "[1]")).toBeNull();
  });
});
