/**
 * Local media (docs/data-format.md "Local media"): 'media:' references in
 * the data, the resized and hashed files of the media stage, and the srcset the renderer makes
 * of them; CDN URLs keep the spec 7.6 parameters exactly.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BuildError } from "../../src/errors/index.js";
import { collectMediaRefs, planMedia, rewriteMediaRefs } from "../../src/media/index.js";
import { measureImage } from "../../src/media/resize-image.js";
import { publicImageUrl, responsiveImage } from "../../src/isomorphic/image-url.js";

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "cb-media-"));
  await mkdir(path.join(dir, "plakater"), { recursive: true });
  await writeFile(
    path.join(dir, "plakater", "p.jpg"),
    await sharp({ create: { width: 450, height: 680, channels: 3, background: "#345" } })
      .jpeg()
      .toBuffer(),
  );
  await writeFile(
    path.join(dir, "logo.svg"),
    '<svg xmlns="http://www.w3.org/2000/svg" width="180" height="48"><rect width="180" height="48"/></svg>',
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("media references in the data", () => {
  const data = {
    productions: [{ assets: [{ type: "first_poster", url: "media:plakater/p.jpg" }] }],
    article: {
      content: '<p>Se <img src="media:plakater/p.jpg" alt=""> og media:ikke-en-fil</p>',
      image: "https://img.example/178/a.jpg",
    },
    theme: { logo: "media:logo.svg" },
  };

  it("finds every file named, whole or inside CMS HTML, once", () => {
    expect(collectMediaRefs(data)).toEqual(["logo.svg", "plakater/p.jpg"]);
  });

  it("rewrites them to site paths, keeps other text and keeps shared objects shared", () => {
    const shared = { url: "media:logo.svg" };
    const out = rewriteMediaRefs({ ...data, a: shared, b: [shared] }, (ref) => `/assets/media/${ref}`);
    expect(out.productions[0].assets[0].url).toBe("/assets/media/plakater/p.jpg");
    expect(out.article.content).toBe('<p>Se <img src="/assets/media/plakater/p.jpg" alt=""> og media:ikke-en-fil</p>');
    expect(out.article.image).toBe("https://img.example/178/a.jpg");
    expect(out.b[0]).toBe(out.a);
    expect(data.theme.logo).toBe("media:logo.svg");
  });
});

describe("the media stage", () => {
  it("resizes rasters to the width ladder as hashed WebP and copies SVGs, the same bytes every time", async () => {
    const plan = await planMedia({ partner: 178, dir, refs: ["logo.svg", "plakater/p.jpg"] });
    expect(plan.files.map((file) => file.path)).toEqual([
      expect.stringMatching(/^assets\/media\/logo\.[0-9a-f]{8}\.svg$/),
      expect.stringMatching(/^assets\/media\/plakater\/p-320\.[0-9a-f]{8}\.webp$/),
      expect.stringMatching(/^assets\/media\/plakater\/p-450\.[0-9a-f]{8}\.webp$/),
    ]);
    const poster = plan.urls["plakater/p.jpg"];
    expect(poster).toBe(`/${plan.files[2].path}`);
    expect(plan.catalogue[poster]).toEqual({
      width: 450,
      height: 680,
      variants: [
        { width: 320, url: `/${plan.files[1].path}` },
        { width: 450, url: poster },
      ],
    });
    expect((await sharp(plan.files[1].contents as Uint8Array).metadata()).width).toBe(320);
    const again = await planMedia({ partner: 178, dir, refs: ["logo.svg", "plakater/p.jpg"] });
    expect(again.files.map((file) => Buffer.from(file.contents).toString("base64"))).toEqual(
      plan.files.map((file) => Buffer.from(file.contents).toString("base64")),
    );
  });

  it("names partner, file and reference when a file is missing", async () => {
    const error = await planMedia({ partner: 178, dir, refs: ["plakater/mangler.jpg"] }).catch((e) => e);
    expect(error).toBeInstanceOf(BuildError);
    expect((error as BuildError).format()).toMatch(
      /^partner 178, media\/plakater\/mangler\.jpg: media:plakater\/mangler\.jpg names no file/,
    );
  });
});

describe("responsive images", () => {
  const catalogue = {
    "/assets/media/p-450.x.webp": {
      width: 450,
      height: 680,
      variants: [
        { width: 320, url: "/assets/media/p-320.y.webp" },
        { width: 450, url: "/assets/media/p-450.x.webp" },
      ],
    },
  };

  it("give a local file its resized files as srcset and the poster slot as its box", () => {
    const image = responsiveImage(
      "/assets/media/p-450.x.webp?w=225&h=340&fit=crop&auto=compress&crop=faces,top",
      { width: 225, height: 340 },
      "https://img.kinoplattform.example",
      [1, 2],
      catalogue,
    );
    expect(image).toEqual({
      src: "/assets/media/p-320.y.webp",
      srcSet: "/assets/media/p-320.y.webp 320w, /assets/media/p-450.x.webp 450w",
      width: 225,
      height: 340,
    });
  });

  it("keep a CDN URL's spec 7.6 parameters exactly", () => {
    const url = "https://img.kinoplattform.example/178/a-poster.jpg?w=225&h=340&fit=crop&auto=compress&crop=faces,top";
    expect(
      responsiveImage(url, { width: 225, height: 340 }, "https://img.kinoplattform.example", [1], catalogue).src,
    ).toBe(url);
  });

  it("are absolute outside the page (og:image, JSON-LD), without parameters for a local file", () => {
    expect(publicImageUrl("/assets/media/p-450.x.webp?w=1920&h=1080&auto=compress", "https://www.solvikkino.no")).toBe(
      "https://www.solvikkino.no/assets/media/p-450.x.webp",
    );
    expect(publicImageUrl("https://img.example/178/a.jpg?w=1920", "https://www.solvikkino.no")).toBe(
      "https://img.example/178/a.jpg?w=1920",
    );
    // Made absolute by the bindings (src/bind/resolve-meta.ts): still a local file.
    expect(
      publicImageUrl("https://www.solvikkino.no/assets/media/p-450.x.webp?w=1920&h=1080", "https://www.solvikkino.no"),
    ).toBe("https://www.solvikkino.no/assets/media/p-450.x.webp");
  });
});

describe("the media memo", () => {
  it("measures an image again when its memoised size is damaged, instead of failing the build", async () => {
    const cacheDir = await mkdtemp(path.join(tmpdir(), "cb-media-memo-"));
    process.env.CINEMA_BUILD_CACHE_DIR = cacheDir;
    try {
      const source = await readFile(path.join(dir, "plakater", "p.jpg"));
      expect(await measureImage(source)).toEqual({ width: 450, height: 680 });
      const sizes = (await readdir(path.join(cacheDir, "media"))).filter((file) => file.endsWith(".json"));
      expect(sizes).toHaveLength(1);
      await writeFile(path.join(cacheDir, "media", sizes[0]), "{ not json");
      expect(await measureImage(source)).toEqual({ width: 450, height: 680 });
      expect(JSON.parse(await readFile(path.join(cacheDir, "media", sizes[0]), "utf8"))).toEqual({
        width: 450,
        height: 680,
      });
    } finally {
      delete process.env.CINEMA_BUILD_CACHE_DIR;
      await rm(cacheDir, { recursive: true, force: true });
    }
  });
});
