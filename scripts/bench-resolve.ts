/**
 * Resolves every route of a partner (query & bind only, no render) and prints the figures:
 *   npx tsx scripts/bench-resolve.ts [--partners-dir DIR] [--partner ID]
 * Load time (config, snapshot, validate) is reported apart from resolve time.
 */
import { parseArgs } from "node:util";
import { createPageResolver } from "../src/bind/index.js";
import { loadDataset } from "../src/load.js";
import { StageTimer } from "../src/log/index.js";
import { expandRoutes } from "../src/routes/index.js";

const { values } = parseArgs({
  options: { "partners-dir": { type: "string", default: "partners" }, partner: { type: "string", default: "178" } },
});
const partner = values.partner as string;

const loadStart = performance.now();
const { dataset } = await loadDataset(
  { partner, partnersDir: values["partners-dir"] as string, source: "snapshot" },
  new StageTimer(),
);
const loadMs = performance.now() - loadStart;

const start = performance.now();
const resolver = createPageResolver(dataset);
const routes = expandRoutes({
  partner: dataset.partner.partner,
  pages: dataset.site.pages,
  selectRecords: resolver.selectRecords,
});
const expandMs = performance.now() - start;
let bytes = 0;
for (const route of routes) bytes += JSON.stringify(resolver.resolvePage(route)).length;
const wallMs = performance.now() - start;

const peakRssMb = process.resourceUsage().maxRSS / 1024;
process.stdout.write(
  [
    `partner ${partner}: ${dataset.productions.length} productions, ${dataset.events.length} events, ${dataset.articles.length} articles, ${dataset.site.pages.length} pages`,
    `load ${loadMs.toFixed(0)} ms`,
    `routes ${routes.length} (expand ${expandMs.toFixed(0)} ms)`,
    `resolve wall ${wallMs.toFixed(0)} ms, ${(routes.length / (wallMs / 1000)).toFixed(0)} routes/s, page JSON ${(bytes / 1024 / 1024).toFixed(1)} MB`,
    `peak RSS ${peakRssMb.toFixed(0)} MB`,
    "",
  ].join("\n"),
);
