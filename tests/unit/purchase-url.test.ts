/** Spec 7.5: outbound purchase links carry the referring channel kanal=dxf exactly once. */
import { describe, expect, it } from "vitest";
import { purchaseUrlOf } from "../../src/isomorphic/purchase-url.js";

const kanalCount = (url: string) => [...new URL(url).searchParams.keys()].filter((key) => key === "kanal").length;

describe("purchase links (spec 7.5)", () => {
  it.each([
    [
      "https://billett.example/solvik/events/1/purchase/setup",
      "https://billett.example/solvik/events/1/purchase/setup?kanal=dxf",
    ],
    [
      "https://billett.example/solvik/events/1/purchase/setup?kanal=dxf",
      "https://billett.example/solvik/events/1/purchase/setup?kanal=dxf",
    ],
    [
      "https://billett.example/178/events/1/purchase?seats=2",
      "https://billett.example/178/events/1/purchase?seats=2&kanal=dxf",
    ],
    ["https://billett.example/178/events/1/purchase?", "https://billett.example/178/events/1/purchase?kanal=dxf"],
    [
      "https://billett.example/178/events/1/purchase?xkanal=1#sal",
      "https://billett.example/178/events/1/purchase?xkanal=1&kanal=dxf#sal",
    ],
  ])("%s -> %s", (link, expected) => {
    const url = purchaseUrlOf(link, "dxf")!;
    expect(url).toBe(expected);
    expect(kanalCount(url)).toBe(1);
    // Applying it again changes nothing: a link passed through twice still has one kanal.
    expect(purchaseUrlOf(url, "dxf")).toBe(url);
  });

  it("never builds a link from a non-http value", () => {
    expect(purchaseUrlOf("javascript:alert(1)", "dxf")).toBeNull();
    expect(purchaseUrlOf(null, "dxf")).toBeNull();
  });
});
