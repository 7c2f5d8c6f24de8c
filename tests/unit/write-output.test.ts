import { createHash } from "node:crypto";
import { mkdtemp, mkdir, readdir, readFile, realpath, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkOutputPath, writeOutputAtomically } from "../../src/emit/write-output.js";
import { hashAsset, hashedName } from "../../src/shared/content-hash.js";
import { BuildError } from "../../src/errors/index.js";
import type { OutputFile } from "../../src/model/output-file.js";

let base: string;
let out: string;
beforeEach(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), "write-output-"));
  out = path.join(base, "site");
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

/** Every file under a folder with its bytes, for byte-identical comparisons. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    result[path.relative(dir, full)] = (await readFile(full)).toString("base64");
  }
  return result;
}

/**
 * The output is a symlink to the published folder of the one build left in
 * '.site.cinema-build'; beside it only the deploy manifest's copy.
 */
async function expectOnlyCurrentBuild(): Promise<void> {
  expect((await readdir(base)).sort()).toEqual([".site.cinema-build", "site", "site.deploy-manifest.json"]);
  const builds = await readdir(path.join(base, ".site.cinema-build"));
  expect(builds).toHaveLength(1);
  expect(await realpath(out)).toBe(await realpath(path.join(base, ".site.cinema-build", builds[0], "site")));
}

async function* slowly(files: OutputFile[], failAfter?: number): AsyncIterable<OutputFile> {
  let n = 0;
  for (const file of files) {
    if (failAfter !== undefined && n === failAfter) throw new Error("render failed");
    await new Promise((resolve) => setImmediate(resolve));
    yield file;
    n += 1;
  }
}

describe("writeOutputAtomically", () => {
  it("writes the first build when the output does not exist yet", async () => {
    const result = await writeOutputAtomically(out, [
      { path: "index.html", contents: "<h1>Forside</h1>" },
      { path: "kinoprogram/index.html", contents: "program" },
      { path: "assets/logo.png", contents: new Uint8Array([1, 2, 3]) },
    ]);
    expect(result).toMatchObject({
      files: 3,
      bytes: 16 + 7 + 3,
      changes: null,
      manifest: `${out}.deploy-manifest.json`,
      warnings: [],
    });
    expect(await snapshot(out)).toEqual({
      "index.html": Buffer.from("<h1>Forside</h1>").toString("base64"),
      "kinoprogram/index.html": Buffer.from("program").toString("base64"),
      "assets/logo.png": Buffer.from([1, 2, 3]).toString("base64"),
    });
    await expectOnlyCurrentBuild();
  });

  it("swaps a finished build in, removing files the new build no longer has", async () => {
    await writeOutputAtomically(out, [
      { path: "old/index.html", contents: "old" },
      { path: "index.html", contents: "v1" },
    ]);
    await writeOutputAtomically(out, slowly([{ path: "index.html", contents: "v2" }]));
    expect(await snapshot(out)).toEqual({ "index.html": Buffer.from("v2").toString("base64") });
    await expectOnlyCurrentBuild();
  });

  it("leaves the previous output byte-identical when the files fail midway", async () => {
    const previous = Array.from({ length: 50 }, (_, i) => ({ path: `side-${i}/index.html`, contents: `forrige ${i}` }));
    await writeOutputAtomically(out, previous);
    const before = await snapshot(out);
    const next = Array.from({ length: 500 }, (_, i) => ({ path: `side-${i}/index.html`, contents: `ny ${i}` }));
    await expect(writeOutputAtomically(out, slowly(next, 300), { concurrency: 4 })).rejects.toThrow("render failed");
    expect(await snapshot(out)).toEqual(before);
    await expectOnlyCurrentBuild();
  });

  it.each([true, false])("leaves the previous output when a write fails (writer thread: %s)", async (writerThread) => {
    await writeOutputAtomically(out, [{ path: "index.html", contents: "v1" }]);
    const before = await snapshot(out);
    // 'a' is a file, so 'a/b.html' cannot be written.
    await expect(
      writeOutputAtomically(
        out,
        [
          { path: "a", contents: "x" },
          { path: "z/index.html", contents: "y" },
          { path: "a/b.html", contents: "y" },
        ],
        { writerThread },
      ),
    ).rejects.toMatchObject({ code: "EEXIST", syscall: "mkdir" });
    expect(await snapshot(out)).toEqual(before);
    await expectOnlyCurrentBuild();
  });

  it("rejects paths that leave the output folder, and duplicates", async () => {
    await writeOutputAtomically(out, [{ path: "index.html", contents: "v1" }]);
    for (const bad of ["../escape.html", "a/../../escape.html", "/etc/passwd", "a\\b", "", "folder/"]) {
      await expect(
        writeOutputAtomically(out, [
          { path: "ok.html", contents: "x" },
          { path: bad, contents: "x" },
        ]),
      ).rejects.toBeInstanceOf(BuildError);
    }
    await expect(
      writeOutputAtomically(out, [
        { path: "x.html", contents: "1" },
        { path: "./x.html", contents: "2" },
      ]),
    ).rejects.toThrow(/two output files/);
    expect(await snapshot(out)).toEqual({ "index.html": Buffer.from("v1").toString("base64") });
    await expectOnlyCurrentBuild();
    expect(checkOutputPath("article/filmprek:-dune/index.html")).toBe("article/filmprek:-dune/index.html");
  });

  it("cleans a stale temporary folder of the same process", async () => {
    await mkdir(`${out}.tmp-${process.pid}`, { recursive: true });
    await writeFile(path.join(`${out}.tmp-${process.pid}`, "stale.html"), "stale");
    await writeOutputAtomically(out, [{ path: "index.html", contents: "fresh" }]);
    expect(Object.keys(await snapshot(out))).toEqual(["index.html"]);
  });

  it("writes thousands of files in nested folders with bounded concurrency", async () => {
    const many = function* () {
      for (let i = 0; i < 5_000; i += 1)
        yield { path: `film-${i % 200}/side-${i}/index.html`, contents: `<p>${i}</p>` };
    };
    const result = await writeOutputAtomically(out, many());
    expect(result.files).toBe(5_000);
    expect(await readFile(path.join(out, "film-7/side-4807/index.html"), "utf8")).toBe("<p>4807</p>");
  });
});

describe("content hash", () => {
  it("is the first 8 hex digits of sha256", () => {
    expect(hashAsset("abc")).toBe("ba7816bf");
    expect(hashAsset(new TextEncoder().encode("abc"))).toBe("ba7816bf");
    expect(hashedName("assets/main.js", "abc")).toBe("assets/main.ba7816bf.js");
  });
});

describe("nothing private published, and the deploy manifest beside the output", () => {
  const marker = {
    generator: "cinema-build" as const,
    version: "0.1.0",
    partner: 178,
    routes: { static: 2 },
    pages: 2,
  };

  it("keeps the marker and the manifest out of the published folder", async () => {
    await writeOutputAtomically(out, [{ path: "index.html", contents: "forside" }], { marker });
    expect(await readdir(out)).toEqual(["index.html"]);
    const [build] = await readdir(path.join(base, ".site.cinema-build"));
    expect((await readdir(path.join(base, ".site.cinema-build", build))).sort()).toEqual([
      ".cinema-build.json",
      "deploy-manifest.json",
      "site",
    ]);
    expect(
      JSON.parse(await readFile(path.join(base, ".site.cinema-build", build, ".cinema-build.json"), "utf8")),
    ).toMatchObject({ partner: 178 });
    await expectOnlyCurrentBuild();
  });

  it("lists every published file with its SHA-1, size, content type and cache policy, sorted, the same bytes every time", async () => {
    const files = [
      { path: "kinoprogram/index.html", contents: "program" },
      { path: "assets/site.1a2b3c4d.css", contents: "body{}" },
      { path: "page-data/index.json", contents: "{}" },
    ];
    await writeOutputAtomically(out, files);
    const first = await readFile(`${out}.deploy-manifest.json`, "utf8");
    expect(JSON.parse(first)).toEqual({
      format: "cinema-build-deploy-1",
      files: [
        {
          path: "/assets/site.1a2b3c4d.css",
          sha1: createHash("sha1").update("body{}").digest("hex"),
          size: 6,
          contentType: "text/css; charset=utf-8",
          cacheControl: "public, max-age=31536000, immutable",
        },
        {
          path: "/kinoprogram/index.html",
          sha1: createHash("sha1").update("program").digest("hex"),
          size: 7,
          contentType: "text/html; charset=utf-8",
          cacheControl: "no-cache",
        },
        {
          path: "/page-data/index.json",
          sha1: createHash("sha1").update("{}").digest("hex"),
          size: 2,
          contentType: "application/json; charset=utf-8",
          cacheControl: "no-cache",
        },
      ],
    });
    await writeOutputAtomically(out, slowly([...files].reverse()));
    expect(await readFile(`${out}.deploy-manifest.json`, "utf8")).toBe(first);
  });

  it("reports the files added, changed and removed since the previous build, and the bytes to upload", async () => {
    await writeOutputAtomically(out, [
      { path: "index.html", contents: "v1" },
      { path: "gone/index.html", contents: "bye" },
      { path: "same.txt", contents: "same" },
    ]);
    const result = await writeOutputAtomically(out, [
      { path: "index.html", contents: "v2 longer" },
      { path: "new/index.html", contents: "hello" },
      { path: "same.txt", contents: "same" },
    ]);
    expect(result.changes).toEqual({
      added: ["/new/index.html"],
      changed: ["/index.html"],
      removed: ["/gone/index.html"],
      bytes: 9 + 5,
    });
  });

  it("publishes the build when the manifest's copy cannot be written, with a warning", async () => {
    // A folder in the copy's place: the rename over it fails.
    await mkdir(path.join(`${out}.deploy-manifest.json`, "x"), { recursive: true });
    const result = await writeOutputAtomically(out, [{ path: "index.html", contents: "ny" }]);
    expect(await readFile(path.join(out, "index.html"), "utf8")).toBe("ny");
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(
      /^could not write the deploy manifest .*site\.deploy-manifest\.json \(.*\); it is also in .*deploy-manifest\.json$/,
    );
    expect((await readdir(base)).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("still takes an output of the layout before (marker inside the published folder) as its own", async () => {
    const old = path.join(base, ".site.cinema-build", "123-old");
    await mkdir(old, { recursive: true });
    await writeFile(path.join(old, "index.html"), "old");
    await writeFile(path.join(old, ".cinema-build.json"), `${JSON.stringify(marker)}\n`);
    await symlink(path.join(".site.cinema-build", "123-old"), out);
    const result = await writeOutputAtomically(out, [{ path: "index.html", contents: "new" }], { marker });
    expect(result.changes).toBeNull();
    expect(await readdir(out)).toEqual(["index.html"]);
    await expectOnlyCurrentBuild();
  });
});
