/**
 * The search index (src/search/): which pages it holds, what it publishes, that its bytes
 * are deterministic, and that Pagefind's own browser library, run here against the written
 * files, finds Norwegian words the way a visitor types them (docs/search.md).
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageResolver } from "../../src/bind/index.js";
import { loadDataset } from "../../src/load.js";
import { StageTimer } from "../../src/log/index.js";
import type { Dataset, ResolvedPage } from "../../src/model/index.js";
import { expandRoutes, type Route } from "../../src/routes/index.js";
import {
  buildSearchIndex,
  startSearchIndex,
  collectSearchRecords,
  renderSearchDocument,
  searchRecordsOf,
  type SearchIndexResult,
  type SearchRecord,
} from "../../src/search/index.js";
import { startTestHost, type TestHost } from "../helpers/static-server.js";

interface PagefindPage {
  url: string;
  meta: Record<string, string>;
  content: string;
  locations: number[];
}
interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  search(query: string): Promise<{ results: { data(): Promise<PagefindPage> }[] }>;
}

async function load(
  partner: string,
  partnersDir = "partners",
): Promise<{ dataset: Dataset; routes: Route[]; resolvePage: (route: Route) => ResolvedPage }> {
  const { dataset } = await loadDataset(
    { partner, partnersDir: path.resolve(partnersDir), source: "snapshot" },
    new StageTimer(),
  );
  const resolver = createPageResolver(dataset);
  return {
    dataset,
    routes: expandRoutes({
      partner: dataset.partner.partner,
      pages: dataset.site.pages,
      selectRecords: resolver.selectRecords,
    }),
    resolvePage: resolver.resolvePage,
  };
}

let root: string;
let host: TestHost;
let dataset: Dataset;
let routes: Route[];
let resolvePage: (route: Route) => ResolvedPage;
let records: SearchRecord[];
let index: SearchIndexResult;
let pagefind: Pagefind;

beforeAll(async () => {
  ({ dataset, routes, resolvePage } = await load("178"));
  records = searchRecordsOf(dataset, routes, resolvePage);
  index = await buildSearchIndex({ records, language: "nb" });
  root = await mkdtemp(path.join(tmpdir(), "cb-search-"));
  for (const file of index.files) {
    await mkdir(path.dirname(path.join(root, file.path)), { recursive: true });
    await writeFile(path.join(root, file.path), file.contents);
  }
  host = await startTestHost(root);
  // Pagefind's browser library runs in Node too (fetch + WebAssembly, no worker).
  pagefind = (await import(pathToFileURL(path.join(root, index.assets.basePath, "pagefind.js")).href)) as Pagefind;
  await pagefind.options({ basePath: `${host.url}${index.assets.basePath}`, baseUrl: "/" });
});

afterAll(async () => {
  await host?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

async function search(query: string): Promise<PagefindPage[]> {
  const found = await pagefind.search(query);
  return Promise.all(found.results.map((result) => result.data()));
}

describe("search records", () => {
  it("holds one record per film, culture and article route, linking the route's path", () => {
    const detail = routes.filter(
      (route) => route.kind === "film" || route.kind === "culture" || route.kind === "article",
    );
    expect(collectSearchRecords(dataset, routes).map((record) => record.url)).toEqual(
      detail.map((route) => route.path).sort(),
    );
    expect(new Set(records.map((record) => record.kind))).toEqual(new Set(["film", "culture", "article", "page"]));
  });

  it("holds the information pages with the text of their title, cover and content blocks, but not the search page or pages kept from search engines", () => {
    const pages = records.filter((record) => record.kind === "page");
    const prices = pages.find((record) => record.url === "/priser-og-rabatter")!;
    expect(prices.typeLabel).toBe("Side");
    expect(prices.text).toMatch(/Voksen/);
    // A meta description that only repeats the title ('Babykino – Solvik kino') is left out.
    expect(pages.find((record) => record.url === "/babykino")!.text).toBe("");
    // Programme blocks add no text: their films and events are records of their own.
    expect(pages.find((record) => record.url === "/kinoprogram")!.text).not.toMatch(/Sal \d/);
    for (const excluded of ["/search", "/404.html", "/min-side", "/test"])
      expect(pages.map((record) => record.url)).not.toContain(excluded);
    // A programme's day pages are not indexed beside their page.
    const page = routes.find((route) => route.path === "/adventskino")!;
    const day: Route = { ...page, path: "/adventskino/dag/2026-11-25", programmeDay: "2026-11-25" };
    const withDay = searchRecordsOf(dataset, [...routes, day], resolvePage);
    expect(withDay.map((record) => record.url)).toContain("/adventskino");
    expect(withDay.map((record) => record.url)).not.toContain(day.path);
  });

  it("gives each a type and an Oslo date as shown to the visitor, and plain text without markup", () => {
    const culture = records.find(
      (record) => record.kind === "culture" && record.dateText && !record.dateText.startsWith("Var"),
    )!;
    expect(culture.typeLabel).toMatch(/^(Konsert|Standup|Teater|Foredrag)$/);
    expect(culture.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+0[12]:00$/);
    expect(culture.dateText).toMatch(/^[A-ZÆØÅ][a-zæøå]+dag \d{1,2}\. [a-z]+( \d{4})? kl\. \d{2}:\d{2}$/);
    const article = records.find((record) => record.kind === "article")!;
    expect(article.typeLabel).toBe("Artikkel");
    expect(article.dateText).toMatch(/^\d{1,2}\. [a-z]+ \d{4}$/);
    for (const record of records) expect(record.text).not.toMatch(/<[a-z/]/i);
  });

  it("dates a film by its next showing after the build's reference time, else by a coming premiere", () => {
    const now = Date.parse(dataset.now);
    const films = records.filter((record) => record.kind === "film");
    const next = films.filter((record) => record.dateText?.startsWith("Neste visning"));
    expect(next.length).toBeGreaterThan(0);
    for (const record of next) expect(Date.parse(record.date!)).toBeGreaterThanOrEqual(now);
    for (const record of films.filter((r) => r.dateText?.startsWith("Premiere")))
      expect(record.date! > dataset.now.slice(0, 10)).toBe(true);
    // Features are words a visitor may type ('12', '2D', 'norsk tale'), labelled for the snippet.
    expect(films.some((record) => /Aldersgrense \w+\./.test(record.text))).toBe(true);
  });

  it("works for a partner written by hand (4242: no culture, its own search path)", async () => {
    const other = await load("4242", "tests/fixtures/partners");
    const own = searchRecordsOf(other.dataset, other.routes, other.resolvePage);
    expect(own.map((record) => record.url)).not.toContain("/sok");
    expect(own.find((record) => record.url === "/om-kinoen")?.kind).toBe("page");
    expect(own.filter((record) => record.kind === "film")).toHaveLength(4);
    expect(own.filter((record) => record.kind === "article")).toHaveLength(2);
    expect(own.some((record) => record.kind === "culture")).toBe(false);
  });
});

describe("the search document Pagefind indexes", () => {
  it("escapes every text: a title or body cannot add markup or metadata", () => {
    const html = renderSearchDocument(
      {
        url: "/x",
        kind: "article",
        title: `<img src=x onerror="alert(1)">`,
        typeLabel: `A"B`,
        date: null,
        dateText: null,
        text: "<script>alert(1)</script> & co",
      },
      "nb",
    );
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; co");
    expect(html).toContain('data-value="A&quot;B"');
  });
});

describe("the published index", () => {
  it("sits in one folder named by its contents under /assets/, without Pagefind's UI kits", () => {
    expect(index.assets.basePath).toBe(`/assets/search/${index.assets.cacheTag}/`);
    const names = index.files.map((file) => file.path.slice(index.assets.basePath.length - 1));
    expect(names).toContain("pagefind.js");
    expect(names).toContain("pagefind-worker.js");
    expect(names).toContain("pagefind-entry.json");
    expect(names).toContain("wasm.nb.pagefind");
    expect(names.filter((name) => /ui|highlight|playground|wasm\.unknown/.test(name))).toEqual([]);
    expect(names.some((name) => name.startsWith("fragment/"))).toBe(true);
    expect(index.assets.records).toBe(records.length);
  });

  /** An index of `records` made in a memo folder of its own (src/search/search-index-memo.ts); `memo: false` runs Pagefind. */
  async function indexWithMemoIn(dir: string, memo = true): Promise<SearchIndexResult> {
    const saved = { dir: process.env.CINEMA_BUILD_CACHE_DIR, on: process.env.CINEMA_BUILD_CACHE };
    process.env.CINEMA_BUILD_CACHE_DIR = dir;
    if (!memo) process.env.CINEMA_BUILD_CACHE = "0";
    try {
      return await buildSearchIndex({ records, language: "nb" });
    } finally {
      for (const [key, value] of [
        ["CINEMA_BUILD_CACHE_DIR", saved.dir],
        ["CINEMA_BUILD_CACHE", saved.on],
      ] as const)
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
    }
  }

  const expectSameIndex = (again: SearchIndexResult) => {
    expect(again.assets).toEqual(index.assets);
    expect(again.files.map((file) => file.path)).toEqual(index.files.map((file) => file.path));
    again.files.forEach((file, i) =>
      expect(Buffer.from(file.contents).equals(Buffer.from(index.files[i].contents)), file.path).toBe(true),
    );
  };

  it("is byte-for-byte the same for the same records, from Pagefind and from its memo", async () => {
    const dir = path.join(root, "memo");
    expectSameIndex(await indexWithMemoIn(dir, false)); // Pagefind again
    expect(await readdir(dir).catch(() => [])).toEqual([]); // the memo off keeps nothing
    expectSameIndex(await indexWithMemoIn(dir)); // Pagefind, kept
    const [memo] = await readdir(path.join(dir, "search"));
    expect(memo).toMatch(/\.bin$/);
    expectSameIndex(await indexWithMemoIn(dir)); // from the memo
    // A damaged memo is not used: the index is made again, and the memo with it.
    const file = path.join(dir, "search", memo);
    const bytes = await readFile(file);
    bytes[bytes.length - 1] ^= 0xff;
    await writeFile(file, bytes);
    expectSameIndex(await indexWithMemoIn(dir));
    expect((await readFile(file)).equals(bytes)).toBe(false);
  });

  it("names its folder before Pagefind is done (the pages render meanwhile): the finished index's folder", async () => {
    const started = startSearchIndex({ records, language: "nb" });
    expect(started.assets).toEqual(index.assets);
    const files = await started.files;
    expect(files.map((file) => file.path)).toEqual(index.files.map((file) => file.path));
    expect(files.every((file) => file.path.startsWith(index.assets.basePath.slice(1)))).toBe(true);
    // Another language is another index: another folder.
    const english = startSearchIndex({ records, language: "en" });
    expect(english.assets.basePath).not.toBe(index.assets.basePath);
    await english.files;
  });

  it("changes its folder when a record changes", async () => {
    const changed = await buildSearchIndex({
      records: records.map((r, i) => (i === 0 ? { ...r, title: `${r.title} (endret)` } : r)),
      language: "nb",
    });
    expect(changed.assets.basePath).not.toBe(index.assets.basePath);
  });
});

describe("searching the index (Pagefind's browser library)", () => {
  it("finds an article by a word of its title, a culture event by a word of its name, and a film", async () => {
    const article = dataset.articles.find((a) => /kinoen/i.test(a.title))!;
    expect((await search("kinoen")).map((hit) => hit.meta.title)).toContain(article.title);
    const jazz = dataset.productions.find((p) => p.object === "culture" && /jazz/i.test(p.title))!;
    const hits = await search("jazz");
    expect(hits.map((hit) => hit.meta.title)).toContain(jazz.title);
    expect(hits.find((hit) => hit.meta.title === jazz.title)!.meta.type).toBe("Konsert");
    expect((await search("bamse")).length).toBeGreaterThan(0);
    expect((await search("gavekort")).map((hit) => hit.url)).toContain("/gavekort-pa-kino");
  });

  it("matches Norwegian inflections both ways (Snowball stemming, not only prefixes)", async () => {
    // A small index of its own, so each word occurs in one inflection only.
    const own = await buildSearchIndex({
      records: [
        {
          url: "/a",
          kind: "article",
          title: "Åpent hus",
          typeLabel: "Artikkel",
          date: null,
          dateText: null,
          text: "Velkommen til kino i sentrum.",
        },
        {
          url: "/b",
          kind: "culture",
          title: "Sommerkveld",
          typeLabel: "Konsert",
          date: null,
          dateText: null,
          text: "Konserten starter klokka åtte.",
        },
        {
          url: "/c",
          kind: "film",
          title: "Fjellet",
          typeLabel: "Film",
          date: null,
          dateText: null,
          text: "Filmene vises i sal 2.",
        },
      ],
      language: "nb",
    });
    const dir = await mkdtemp(path.join(tmpdir(), "cb-search-own-"));
    const ownHost = await startTestHost(dir);
    try {
      for (const file of own.files) {
        await mkdir(path.dirname(path.join(dir, file.path)), { recursive: true });
        await writeFile(path.join(dir, file.path), file.contents);
      }
      // A second copy of the library: Pagefind keeps one index per module instance.
      const library = (await import(
        `${pathToFileURL(path.join(dir, own.assets.basePath, "pagefind.js")).href}?own`
      )) as Pagefind;
      await library.options({ basePath: `${ownHost.url}${own.assets.basePath}`, baseUrl: "/" });
      const urls = async (query: string) =>
        Promise.all((await library.search(query)).results.map((r) => r.data())).then((pages) =>
          pages.map((page) => page.url),
        );
      expect(await urls("kinoen")).toEqual(["/a"]); // the text says 'kino'
      expect(await urls("konsert")).toEqual(["/b"]); // the text says 'Konserten'
      expect(await urls("konserter")).toEqual(["/b"]);
      expect(await urls("filmen")).toEqual(["/c"]); // the text says 'Filmene'
      expect(await urls("åpent")).toEqual(["/a"]);
      expect(await urls("ÅPENT")).toEqual(["/a"]);
    } finally {
      await ownHost.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("ignores case and keeps æ, ø and å: 'Bamse' and 'bamse', 'bjørnøya' and 'Bjørnøya' find the same pages", async () => {
    const upper = (await search("Bamse")).map((hit) => hit.url);
    expect(upper.length).toBeGreaterThan(0);
    expect((await search("bamse")).map((hit) => hit.url)).toEqual(upper);
    const films = dataset.productions.filter((p) => /bjørnøya/i.test(p.parentTitle));
    expect(films.length).toBeGreaterThan(0);
    const found = (await search("bjørnøya")).map((hit) => hit.url);
    expect(found).toEqual((await search("Bjørnøya")).map((hit) => hit.url));
    for (const film of films) expect(found).toContain(`/${film.parentSlug}`);
  });

  it("returns each hit's type and date as metadata", async () => {
    const [hit] = await search("jazz");
    expect(hit.meta.type).toBeTruthy();
    expect(hit.meta.dateText).toBeTruthy();
  });
});
