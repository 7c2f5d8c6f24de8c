/**
 * The one redirect normaliser (src/isomorphic/redirect-path.ts) and the browser table built on it
 * (client/redirect-table.ts): '/\evil.example' and its relatives never leave the site.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { normalizeRedirectSource, normalizeRedirectTarget, redirectKey } from "../../src/isomorphic/redirect-path.js";

const anyHost = () => true;
const onlyTickets = (host: string) => host === "billett.kinoplattform.example";

describe("normalizeRedirectTarget", () => {
  it("accepts site paths and https URLs on allowed hosts", () => {
    expect(normalizeRedirectTarget("/kinoprogram", onlyTickets)).toEqual({
      ok: true,
      to: "/kinoprogram",
      external: false,
    });
    expect(normalizeRedirectTarget("/article/filmprek:-dune?x=1#a", onlyTickets)).toEqual({
      ok: true,
      to: "/article/filmprek:-dune?x=1#a",
      external: false,
    });
    expect(normalizeRedirectTarget("https://billett.kinoplattform.example/solvik", onlyTickets)).toEqual({
      ok: true,
      to: "https://billett.kinoplattform.example/solvik",
      external: true,
    });
  });

  it("refuses every form that leaves the site or runs script", () => {
    const bad = [
      "/\\evil.example",
      "\\\\evil.example",
      "//evil.example",
      "/%5Cevil.example",
      "/%2F/evil.example",
      "javascript:alert(1)",
      "data:text/html,x",
      "http://billett.kinoplattform.example/",
      "https://evil.example/",
      "https://user:pw@billett.kinoplattform.example/",
      "https://[uparsbar",
      "/ok\nLocation: x",
      "/tab\there",
      "evil.example",
      "",
    ];
    for (const target of bad)
      expect(normalizeRedirectTarget(target, onlyTickets).ok, JSON.stringify(target)).toBe(false);
  });

  it("checks only the form when every host is allowed (the browser and preview narrow it with tableTarget)", () => {
    expect(normalizeRedirectTarget("https://evil.example/", anyHost).ok).toBe(true);
    expect(normalizeRedirectTarget("/\\evil.example", anyHost).ok).toBe(false);
  });
});

describe("normalizeRedirectSource", () => {
  it("accepts plain paths and rejects wildcards, placeholders and path tricks", () => {
    expect(normalizeRedirectSource("/gammelt-program/")).toEqual({ ok: true, from: "/gammelt-program/" });
    for (const from of [
      "/*",
      "/nyheter/*",
      "/nyheter/:slug",
      "gammel",
      "//x",
      "/a\\b",
      "/a?b",
      "/../etc",
      "/./x",
      "/a b",
    ])
      expect(normalizeRedirectSource(from).ok, from).toBe(false);
  });

  it("keys paths by their decoded form without trailing slashes", () => {
    expect(redirectKey("/om%2Dkinoen/")).toBe("/om-kinoen");
    expect(redirectKey("/")).toBe("/");
    expect(redirectKey("/%E0%A4%A")).toBe("/%E0%A4%A");
  });
});

describe("the browser's redirect table", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("drops entries the normaliser refuses, keeps the others", async () => {
    vi.stubGlobal(
      "fetch",
      async () =>
        new Response(
          JSON.stringify([
            { fromPath: "/ut", toPath: "/\\evil.example" },
            { fromPath: "/ut2", toPath: "//evil.example" },
            { fromPath: "/ut3", toPath: "javascript:alert(1)" },
            { fromPath: "/*", toPath: "/" },
            { fromPath: "/program", toPath: "/kinoprogram" },
          ]),
        ),
    );
    const { findRedirect, loadRedirectTable } = await import("../../client/redirect-table.js");
    const table = await loadRedirectTable("/redirects.json");
    expect([...table.entries()]).toEqual([["/program", "/kinoprogram"]]);
    expect(findRedirect(table, new URL("http://127.0.0.1/program/?q=1"))).toBe("/kinoprogram?q=1");
    expect(findRedirect(table, new URL("http://127.0.0.1/ut"))).toBeNull();
  });
});
