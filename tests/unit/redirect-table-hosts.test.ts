/**
 * The browser's redirect table follows only targets on the page's own origin
 * (src/isomorphic/redirect-path.ts tableTarget): a stale or tampered redirects.json naming
 * 'https://evil.example/' sends nobody there, on a link click or on first load.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { tableTarget } from "../../src/isomorphic/redirect-path.js";

const ORIGIN = "https://www.solvikkino.no";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

function serveTable(entries: unknown) {
  vi.stubGlobal("fetch", async () => new Response(JSON.stringify(entries)));
}

describe("tableTarget", () => {
  it("keeps site paths and absolute URLs on the page's own origin", () => {
    expect(tableTarget("/kinoprogram", ORIGIN)).toEqual({ ok: true, to: "/kinoprogram", external: false });
    expect(tableTarget("https://WWW.SOLVIKKINO.NO/kinoprogram", ORIGIN)).toEqual({
      ok: true,
      to: "https://www.solvikkino.no/kinoprogram",
      external: true,
    });
    expect(tableTarget("/kinoprogram", null).ok).toBe(true);
  });

  it("refuses every other host, whatever its letter case, and every target when no origin is known", () => {
    for (const to of [
      "https://evil.example/",
      "HTTPS://EVIL.EXAMPLE/x",
      "https://www.solvikkino.no.evil.example/",
      "https://www.solvikkino.no:8443/",
      "https://billett.kinoplattform.example/solvik",
    ]) {
      const target = tableTarget(to, ORIGIN);
      expect(target.ok, to).toBe(false);
      expect(target.ok ? "" : target.reason, to).toMatch(/^toPath leaves the site \(/);
    }
    expect(tableTarget("https://www.solvikkino.no/x", null).ok).toBe(false);
  });
});

describe("the browser's table with foreign hosts", () => {
  it("drops targets on another host; a link to their fromPath is left to the host", async () => {
    serveTable([
      { fromPath: "/lx1", toPath: "https://evil.example/" },
      { fromPath: "/lx2", toPath: "HTTPS://EVIL.EXAMPLE/x" },
      { fromPath: "/billett", toPath: "https://billett.kinoplattform.example/solvik" },
      { fromPath: "/hjem", toPath: "https://www.solvikkino.no/" },
      { fromPath: "/program", toPath: "/kinoprogram" },
    ]);
    const { findRedirect, loadRedirectTable } = await import("../../client/redirect-table.js");
    const table = await loadRedirectTable("/redirects.json", ORIGIN);
    expect([...table.keys()].sort()).toEqual(["/hjem", "/program"]);
    for (const from of ["/lx1", "/lx2", "/billett"])
      expect(findRedirect(table, new URL(from, ORIGIN)), from).toBeNull();
    expect(findRedirect(table, new URL("/hjem?x=1", ORIGIN))).toBe("https://www.solvikkino.no/?x=1");
  });

  it("uses the page's own origin by default (the loader's first-load and click lookups)", async () => {
    serveTable([
      { fromPath: "/lx1", toPath: "https://evil.example/" },
      { fromPath: "/hjem", toPath: "https://www.solvikkino.no/" },
    ]);
    vi.stubGlobal("location", new URL(`${ORIGIN}/lx1`));
    const { redirectFor } = await import("../../client/loader/redirects.js");
    expect(await redirectFor(new URL(`${ORIGIN}/lx1`))).toBeNull();
    expect(await redirectFor(new URL(`${ORIGIN}/hjem`))).toBe("https://www.solvikkino.no/");
  });

  it("does not loop on an absolute target that is the path itself", async () => {
    serveTable([{ fromPath: "/a", toPath: "https://www.solvikkino.no/a/" }]);
    const { findRedirect, loadRedirectTable } = await import("../../client/redirect-table.js");
    expect(findRedirect(await loadRedirectTable("/redirects.json", ORIGIN), new URL("/a", ORIGIN))).toBeNull();
  });
});
