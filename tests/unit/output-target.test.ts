/**
 * Which folders --out may replace (src/emit/output-target.ts) and the shrink guard
 * (src/emit/shrink-guard.ts), as pure decisions on small folders.
 */
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkShrink, findShrink } from "../../src/emit/shrink-guard.js";
import { serializeMarker, type OutputMarker } from "../../src/emit/output-marker.js";
import { inspectOutputTarget } from "../../src/emit/output-target.js";
import { writeOutputAtomically } from "../../src/emit/write-output.js";
import { BuildError } from "../../src/errors/index.js";

let base: string;
beforeEach(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), "output-target-"));
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

const marker = (partner: number, routes: Record<string, number>): OutputMarker => ({
  generator: "cinema-build",
  version: "0.1.0",
  partner,
  routes,
  pages: 10,
});

describe("inspectOutputTarget", () => {
  it("accepts nothing yet, an empty folder, a marked folder and its own symlink", async () => {
    expect(await inspectOutputTarget(path.join(base, "ny"), { cwd: "/" })).toEqual({ state: "absent", previous: null });
    await mkdir(path.join(base, "tom"));
    expect(await inspectOutputTarget(path.join(base, "tom"), { cwd: "/" })).toEqual({ state: "empty", previous: null });
    await mkdir(path.join(base, "merket"));
    await writeFile(path.join(base, "merket", ".cinema-build.json"), serializeMarker(marker(178, { film: 90 })));
    expect(await inspectOutputTarget(path.join(base, "merket"), { partner: 178, cwd: "/" })).toEqual({
      state: "ours",
      previous: marker(178, { film: 90 }),
    });
    await writeOutputAtomically(path.join(base, "site"), [{ path: "index.html", contents: "x" }], {
      marker: marker(178, { static: 1 }),
    });
    expect(await inspectOutputTarget(path.join(base, "site"), { partner: 178, cwd: "/" })).toMatchObject({
      state: "ours",
      previous: { routes: { static: 1 } },
    });
  });

  it("reads the marker beside the published folder, and the marker inside a build of the layout before", async () => {
    await writeOutputAtomically(path.join(base, "site"), [{ path: "index.html", contents: "x" }], {
      marker: marker(178, { film: 7 }),
    });
    expect(await readdir(path.join(base, "site"))).toEqual(["index.html"]);
    expect(await inspectOutputTarget(path.join(base, "site"), { partner: 178, cwd: "/" })).toEqual({
      state: "ours",
      previous: marker(178, { film: 7 }),
    });
    // Before the published folder moved beside its builds (docs/security.md, Output safety): '.<name>.cinema-build/<id>' was the published folder, its marker inside.
    await mkdir(path.join(base, ".gammel.cinema-build", "1-a"), { recursive: true });
    await writeFile(
      path.join(base, ".gammel.cinema-build", "1-a", ".cinema-build.json"),
      serializeMarker(marker(178, { film: 5 })),
    );
    await symlink(path.join(".gammel.cinema-build", "1-a"), path.join(base, "gammel"));
    expect(await inspectOutputTarget(path.join(base, "gammel"), { partner: 178, cwd: "/" })).toEqual({
      state: "ours",
      previous: marker(178, { film: 5 }),
    });
    // A link to another folder inside a build is not one cinema-build made.
    await symlink(path.join(".gammel.cinema-build", "1-a", "annen"), path.join(base, "feil"));
    await mkdir(path.join(base, ".gammel.cinema-build", "1-a", "annen"));
    await expect(inspectOutputTarget(path.join(base, "feil"), { cwd: "/" })).rejects.toThrow(
      /is a symlink cinema-build did not make/,
    );
  });

  it("refuses a foreign symlink, a folder with a marker that is not ours, and a folder above the working directory", async () => {
    await mkdir(path.join(base, "annet"));
    await writeFile(path.join(base, "annet", "viktig.txt"), "x");
    await symlink(path.join(base, "annet"), path.join(base, "lenke"));
    await expect(inspectOutputTarget(path.join(base, "lenke"), { cwd: "/" })).rejects.toThrow(
      /is a symlink cinema-build did not make/,
    );
    expect(await inspectOutputTarget(path.join(base, "lenke"), { cwd: "/", force: true })).toMatchObject({
      state: "foreign",
    });
    await writeFile(path.join(base, "annet", ".cinema-build.json"), "{ not json");
    await expect(inspectOutputTarget(path.join(base, "annet"), { cwd: "/" })).rejects.toThrow(
      /is a folder cinema-build did not write/,
    );
    const error = await inspectOutputTarget(base, { cwd: path.join(base, "annet"), force: true }).catch((e) => e);
    expect(error).toBeInstanceOf(BuildError);
    expect(error.message).toMatch(/contains the working directory; refusing to replace it/);
  });
});

describe("the shrink guard", () => {
  const previous = marker(178, { static: 62, film: 90, culture: 40, article: 40, "not-found": 1 });
  it("passes a build like the previous one, or a first build", () => {
    expect(findShrink({ partner: 178, pages: 66, routes: previous.routes, previous })).toBeNull();
    expect(findShrink({ partner: 178, pages: 66, routes: { static: 3 }, previous: null })).toBeNull();
  });

  it("names what is missing when the films vanish or the routes fall below the share", () => {
    expect(findShrink({ partner: 178, pages: 66, routes: { ...previous.routes, film: 0 }, previous })).toBe(
      "the data has no films; the previous build had 90 film pages (film pages 90 → 0)",
    );
    expect(findShrink({ partner: 178, pages: 66, routes: { static: 62, film: 20, "not-found": 1 }, previous })).toBe(
      "the new build has 83 routes, fewer than 50% of the previous build's 233 (article pages 40 → 0, culture pages 40 → 0, film pages 90 → 20)",
    );
    expect(
      findShrink({
        partner: 178,
        pages: 66,
        routes: { static: 62, film: 20, "not-found": 1 },
        previous,
        minShare: 0.3,
      }),
    ).toBeNull();
    expect(() => checkShrink({ partner: 178, pages: 0, routes: {}, previous })).toThrow(
      "the data has no pages (site.pages is empty); the previous build had 233 routes",
    );
    expect(() => checkShrink({ partner: 178, pages: 0, routes: {}, previous, allowShrink: true })).not.toThrow();
  });
});
