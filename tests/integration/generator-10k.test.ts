/**
 * The snapshot generator at benchmark size (docs/performance.md): 10,000 films make a snapshot that
 * validates like any partner's and expands to one route per record, so `npm run bench`
 * measures a site the tool accepts.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createPageResolver } from "../../src/bind/index.js";
import { loadDataset } from "../../src/load.js";
import { StageTimer } from "../../src/log/index.js";
import { expandRoutes } from "../../src/routes/index.js";
import { DEFAULT_OPTIONS, generateSnapshot } from "../../scripts/partner-generator/generate.js";

let out: string;
afterAll(() => rm(out, { recursive: true, force: true }));

describe("the generator at 10,000 films", () => {
  it("writes a snapshot that validates and expands to a route per film", async () => {
    out = await mkdtemp(path.join(tmpdir(), "cb-gen-10k-"));
    const counts = await generateSnapshot({
      ...DEFAULT_OPTIONS,
      partner: 9010,
      seed: 9010,
      films: 10_000,
      culture: 1_000,
      articles: 200,
      out,
    });
    expect(counts.productions).toBe(11_000);
    const { dataset } = await loadDataset({ partner: "9010", partnersDir: out, source: "snapshot" }, new StageTimer());
    const films = dataset.productions.filter((p) => p.object === "movie");
    expect(films).toHaveLength(10_000);
    expect(new Set(films.map((p) => p.parentSlug)).size).toBe(10_000);
    expect(dataset.events.every((e) => e.id === null || e.id.startsWith("9010"))).toBe(true);
    const resolver = createPageResolver(dataset);
    const routes = expandRoutes({ partner: 9010, pages: dataset.site.pages, selectRecords: resolver.selectRecords });
    expect(routes.filter((route) => route.kind === "film")).toHaveLength(10_000);
    expect(routes.filter((route) => route.kind === "culture")).toHaveLength(1_000);
  }, 120_000);
});
