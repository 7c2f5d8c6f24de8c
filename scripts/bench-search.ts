/**
 * Builds a partner's search index (no page render) and measures it in Chromium:
 *   npx tsx scripts/bench-search.ts [--partners-dir DIR] [--partner ID] [--out DIR] [--query WORD ...]
 * Prints the index build time and peak RSS, the bytes published (all, and the part loaded
 * before the first result), and per query: hits, the time to the first page of results on a
 * fresh page (library, index chunks and fragments included) and once warm, and the bytes the
 * query fetched. Synthetic partners: scripts/generate-partner.ts (docs/generator.md).
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { createPageResolver } from "../src/bind/index.js";
import { startPreviewServer } from "../src/dev/index.js";
import { loadDataset } from "../src/load.js";
import { StageTimer } from "../src/log/index.js";
import { expandRoutes } from "../src/routes/index.js";
import { buildSearchIndex, searchRecordsOf } from "../src/search/index.js";

const { values } = parseArgs({
  options: {
    "partners-dir": { type: "string", default: "partners" },
    partner: { type: "string", default: "178" },
    out: { type: "string", default: "/dev/shm/cinema-build-bench-search" },
    query: { type: "string", multiple: true, default: ["kino", "bamse", "konserten", "jazz", "natt"] },
  },
});
const partner = values.partner as string;
const out = path.resolve(values.out as string);

const { dataset } = await loadDataset(
  { partner, partnersDir: values["partners-dir"] as string, source: "snapshot" },
  new StageTimer(),
);
const resolver = createPageResolver(dataset);
const routes = expandRoutes({
  partner: dataset.partner.partner,
  pages: dataset.site.pages,
  selectRecords: resolver.selectRecords,
});
const start = performance.now();
const records = searchRecordsOf(dataset, routes, resolver.resolvePage);
const index = await buildSearchIndex({ records, language: "nb" });
const buildMs = performance.now() - start;

await rm(out, { recursive: true, force: true });
for (const file of index.files) {
  await mkdir(path.dirname(path.join(out, file.path)), { recursive: true });
  await writeFile(path.join(out, file.path), file.contents);
}
await writeFile(
  path.join(out, "index.html"),
  '<!DOCTYPE html><html lang="nb"><head><link rel="icon" href="data:,"></head><body></body></html>',
);
const bytesOf = (test: (name: string) => boolean) =>
  index.files
    .filter((f) => test(f.path.slice(index.assets.basePath.length - 1)))
    .reduce((sum, f) => sum + f.contents.length, 0);
const total = bytesOf(() => true);
const engine = bytesOf((name) =>
  /^(pagefind\.js|pagefind-worker\.js|wasm\.|pagefind-entry|pagefind\..*\.pf_meta)/.test(name),
);

const MEASURE = `(async () => {
  const measure = async (pf) => {
    const t = performance.now();
    const found = await pf.search(QUERY);
    await Promise.all(found.results.slice(0, 20).map((r) => r.data()));
    return { ms: performance.now() - t, hits: found.results.length };
  };
  const t0 = performance.now();
  const pf = await import(BASE + "pagefind.js");
  await pf.options({ basePath: BASE, baseUrl: "/" });
  const cold = await measure(pf);
  const coldMs = performance.now() - t0;
  const warm = await measure(pf);
  return { hits: cold.hits, coldMs, warmMs: warm.ms };
})()`;

const server = await startPreviewServer({ root: out, port: 0 });
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
  ],
});
const lines = [
  `partner ${partner}: ${records.length} pages indexed (${["film", "culture", "article", "page"].map((kind) => `${records.filter((r) => r.kind === kind).length} ${kind}`).join(", ")})`,
  `index build ${buildMs.toFixed(0)} ms, peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
  `published ${(total / 1024).toFixed(0)} KiB in ${index.files.length} files; library + wasm + entry + meta ${(engine / 1024).toFixed(0)} KiB`,
];
try {
  for (const query of values.query as string[]) {
    const page = await browser.newPage();
    let fetched = 0;
    page.on(
      "response",
      (response) =>
        void response
          .body()
          .then((body) => (fetched += body.length))
          .catch(() => undefined),
    );
    await page.goto(`${server.url}/`);
    fetched = 0;
    // A string, not a function: tsx would add its own helpers to a function's source.
    const timing = (await page.evaluate(
      MEASURE.replaceAll("BASE", JSON.stringify(index.assets.basePath)).replaceAll("QUERY", JSON.stringify(query)),
    )) as { hits: number; coldMs: number; warmMs: number };
    lines.push(
      `query '${query}': ${timing.hits} hits, first 20 results ${timing.coldMs.toFixed(0)} ms cold (library load included), ${timing.warmMs.toFixed(0)} ms warm; fetched ${(fetched / 1024).toFixed(0)} KiB`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
process.stdout.write(`${lines.join("\n")}\n`);
