/**
 * Build benchmark: generates a synthetic partner (or uses an existing one) and builds it with
 * the output on tmpfs, printing routes, pages/s, wall time, time per stage and peak memory.
 *
 *   npm run bench -- [--films 2000] [--culture 200] [--articles 200] [--runs 1] [--workers N] [--dir /dev/shm/cinema-bench]
 *   npm run bench -- --partner 178 --partners-dir partners      # the embedded snapshot
 *
 * The disk on these machines slows down as thousands of files are rewritten run after run,
 * so the output goes to /dev/shm by default; compare ratios measured within one run.
 */
import { execFileSync } from "node:child_process";
import { rm } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { DEFAULT_OPTIONS, generateSnapshot } from "./partner-generator/generate.js";

// Measure what the CLI runs: the compiled build in dist/ (render workers need it) with
// React's production build (bin/cinema-build.js sets the same), set before React loads.
process.env.NODE_ENV ??= "production";
execFileSync(process.execPath, ["scripts/compile.mjs"]);
const { build } = (await import(pathToFileURL(path.resolve("dist/index.js")).href)) as typeof import("../src/index.js");

const { values } = parseArgs({
  options: {
    partner: { type: "string" }, "partners-dir": { type: "string" }, films: { type: "string", default: "2000" },
    culture: { type: "string", default: "200" }, articles: { type: "string", default: "200" }, runs: { type: "string", default: "1" },
    dir: { type: "string", default: "/dev/shm/cinema-bench" }, keep: { type: "boolean", default: false }, workers: { type: "string" },
  },
});

const dir = path.resolve(values.dir!);
const partner = values.partner ?? "9001";
const partnersDir = values["partners-dir"] ? path.resolve(values["partners-dir"]) : path.join(dir, "partners");
if (!values.partner) {
  const started = performance.now();
  const counts = await generateSnapshot({
    ...DEFAULT_OPTIONS, partner: Number(partner), seed: Number(partner), out: partnersDir,
    films: Number(values.films), culture: Number(values.culture), articles: Number(values.articles),
  });
  console.log(`generated partner ${partner} in ${Math.round(performance.now() - started)} ms: ${JSON.stringify(counts)}`);
}

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
for (let run = 1; run <= Number(values.runs); run += 1) {
  const out = path.join(dir, "out");
  const result = await build({ partner, partnersDir, source: "snapshot", out, workers: values.workers ? Number(values.workers) : undefined });
  const routes = Object.values(result.routes).reduce((a, b) => a + (b ?? 0), 0);
  const stages = result.timings.map((t) => `${t.stage} ${Math.round(t.ms)}`).join(", ");
  console.log(
    `run ${run}: ${routes} routes, ${result.files} files, ${(result.bytes / 1024 / 1024).toFixed(1)} MiB in ${(result.wallMs / 1000).toFixed(2)} s ` +
      `= ${Math.round(routes / (result.wallMs / 1000))} pages/s; peak RSS ${Math.round(peakRss / 1024 / 1024)} MiB; stages (ms): ${stages}`,
  );
}
clearInterval(sampler);
if (!values.keep) await rm(dir, { recursive: true, force: true });
