/**
 * The page loader's pure parts (spec 2.1, 8, 9) and the page data it reads: the online
 * judgement over the last 5 resource loads, the failure list, the spec 8 messages verbatim,
 * the manifest index, and page-data/<jsonName>.json holding only what the loader and the
 * analytics read, never CMS HTML (docs/security.md; docs/islands.md, Props transport).
 */
import { describe, expect, it } from "vitest";
import { createFailureList } from "../../client/loader/failure-list.js";
import { DELAYED_LOAD_MS, MESSAGES, ONLINE_WINDOW, formatMessage } from "../../client/loader/constants.js";
import { createLoadOutcomes } from "../../client/loader/online-status.js";
import { indexManifest, pageDataUrlOf, pageHtmlUrlOf } from "../../client/loader/page-manifest.js";
import { buildPageData, pageDataFile } from "../../src/emit/page-data.js";
import type { Route } from "../../src/routes/index.js";
import { block, MINIMAL, page } from "../fixtures/render/fixture.js";

describe("online judgement (spec 2.1, 9: the last 5 resource loads)", () => {
  it("names the spec's constants once", () => {
    expect(ONLINE_WINDOW).toBe(5);
    expect(DELAYED_LOAD_MS).toBe(1000);
  });

  it("is online before there is evidence, and while any of the last 5 loads succeeded", () => {
    const outcomes = createLoadOutcomes();
    expect(outcomes.isOnline()).toBe(true);
    for (let i = 0; i < 4; i++) outcomes.record(false);
    expect(outcomes.isOnline(), "4 failures are not yet 5").toBe(true);
    outcomes.record(true);
    for (let i = 0; i < 4; i++) outcomes.record(false);
    expect(outcomes.isOnline(), "one success among the last 5").toBe(true);
    outcomes.record(false);
    expect(outcomes.isOnline(), "the success has left the window").toBe(false);
    outcomes.record(true);
    expect(outcomes.isOnline()).toBe(true);
    expect(outcomes.recent()).toEqual([false, false, false, false, true]);
  });

  it("is offline whenever the browser says so", () => {
    const outcomes = createLoadOutcomes();
    outcomes.record(true);
    expect(outcomes.isOnline(false)).toBe(false);
  });
});

describe("failure list (spec 8 'Previously detected load failure')", () => {
  it("remembers failed paths by the redirect key: decoded, trailing slash ignored", () => {
    const failures = createFailureList();
    failures.add("/kinoprogram/");
    expect(failures.has("/kinoprogram")).toBe(true);
    failures.add("/article/h%C3%B8st");
    expect(failures.has("/article/høst/")).toBe(true);
    expect(failures.has("/filmer")).toBe(false);
    failures.delete("/kinoprogram");
    expect(failures.has("/kinoprogram/")).toBe(false);
  });
});

describe("spec 8 messages", () => {
  it("are the spec's text verbatim, with the path filled in", () => {
    expect(formatMessage(MESSAGES.notFound, "/x")).toBe("A page wasn't found for /x");
    expect(formatMessage(MESSAGES.previousFailure, "/x")).toBe("Previously detected load failure for /x");
    expect(formatMessage(MESSAGES.resourceFailure, "/x")).toBe("Loading the component / JSON / Layout for /x failed");
    expect(MESSAGES.bundle).toBe("bundle loading error");
  });
});

describe("page manifest", () => {
  it("indexes entries by path key and builds the data and HTML URLs the host serves", () => {
    const manifest = indexManifest([
      { path: "/", jsonName: "index" },
      { path: "/article/filmprek:-høst", jsonName: "article/filmprek:-høst" },
      { nonsense: true },
    ]);
    expect([...manifest.keys()]).toEqual(["/", "/article/filmprek:-høst"]);
    const entry = manifest.get("/article/filmprek:-høst")!;
    expect(pageDataUrlOf(entry)).toBe("/page-data/article/filmprek:-h%C3%B8st.json");
    expect(pageHtmlUrlOf(entry)).toBe("/article/filmprek:-h%C3%B8st");
    expect(indexManifest("not a list").size).toBe(0);
  });
});

describe("page data (spec 2.1, 7.4)", () => {
  const hostile = '<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>';
  const resolved = page(
    [
      block("content", { ...MINIMAL.content, body: hostile }),
      block("modal-dialog", { ...MINIMAL["modal-dialog"], body: hostile }),
    ],
    {
      title: "Dune",
      meta: {
        locale: "nb",
        title: "Dune",
        description: hostile,
        keywords: "",
        image: null,
        facebookVerificationCode: null,
      },
    },
  );
  const filmRoute = {
    path: "/dune-dxm-00012345",
    jsonName: "dune-dxm-00012345",
    kind: "film",
    record: { id: "4510_movie_movie", title: "Dune", parentTitle: "Dune: Part Two", classTitle: "Film" },
  } as unknown as Route;

  it("holds only what the loader and the analytics read, and no CMS HTML at all", () => {
    const file = pageDataFile(filmRoute, resolved, { brand: "Solvik kino" });
    expect(file.path).toBe("page-data/dune-dxm-00012345.json");
    const json = String(file.contents);
    for (const needle of ["<script", "onerror", "javascript:", "<img", "alert("])
      expect(json, needle).not.toContain(needle);
    expect(JSON.parse(json)).toEqual({
      version: 1,
      path: "/dune-dxm-00012345",
      kind: "film",
      title: "Dune",
      analyticsItem: {
        id: "4510_movie_movie",
        name: "Dune: Part Two",
        brand: "Solvik kino",
        listName: "Film",
        category: "Film",
      },
    });
  });

  it("gives static and article pages no analytics item, and culture pages one of their own list", () => {
    expect(
      buildPageData({ ...filmRoute, kind: "static", path: "/kinoprogram" } as Route, resolved, { brand: "B" })
        .analyticsItem,
    ).toBeNull();
    expect(
      buildPageData({ ...filmRoute, kind: "article" } as Route, resolved, { brand: "B" }).analyticsItem,
    ).toBeNull();
    const culture = buildPageData(
      {
        ...filmRoute,
        kind: "culture",
        record: { id: "77_culture", title: "Konsert", classTitle: "" },
      } as unknown as Route,
      resolved,
      { brand: "B" },
    );
    expect(culture.analyticsItem).toEqual({
      id: "77_culture",
      name: "Konsert",
      brand: "B",
      listName: "Kultur",
      category: "Kultur",
    });
  });
});
