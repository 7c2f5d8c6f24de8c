/**
 * Build benchmark (method and figures in docs/performance.md).
 *
 *   npm run bench                                   # 178, 2,000 and 10,000 films, 3 rounds
 *   npm run bench -- --sizes 178,2000 --rounds 3 [--workers N] [--dir /dev/shm/cinema-bench]
 *   npm run bench -- --rounds 5 --large-rounds 1   # sizes of 10,000 films and more in the first round only
 *   npm run bench -- --platform 100                # 100 partners in one process (scripts/bench-platform.ts)
 *
 * For each size (178 = the embedded snapshot, a number = a synthetic partner of that many
 * films from the generator) and each round, in one interleaved run: a clean build of the
 * compiled CLI (dist/, as `npx cinema-build` runs it; --no-cache) and the floor, bare React
 * renderToString of a plain film page per film (~5 KB, as the film-page floor of docs/performance.md: head meta, the
 * site's menus, the film and its showtimes) plus a synchronous write, one thread. Every run is
 * its own child process (scripts/bench-child.ts), so peak RSS is that run's own. Output on
 * tmpfs; the machine is shared, so compare the ratios of one run, not figures across runs.
 */
import { execFileSync } from "node:child_process";
import { rm } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_OPTIONS, generateSnapshot } from "./partner-generator/generate.js";

if (process.argv.includes("--platform")) {
  const { runPlatformBench } = await import("./bench-platform.js");
  await runPlatformBench(process.argv.slice(2));
  process.exit(0);
}

const NOW = DEFAULT_OPTIONS.capturedAt;
const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "178,2000,10000" },
    rounds: { type: "string", default: "3" },
    dir: { type: "string", default: "/dev/shm/cinema-bench" },
    workers: { type: "string" },
    keep: { type: "boolean", default: false },
    // A 10,000-film build takes minutes on a shared machine: it may run in fewer rounds than the rest.
    "large-rounds": { type: "string" },
  },
});
const dir = path.resolve(values.dir!);
const rounds = Number(values.rounds);
const largeRounds = values["large-rounds"] === undefined ? rounds : Number(values["large-rounds"]);
const LARGE = 10_000;
const sizes = values.sizes!.split(",").map((size) => size.trim());

interface RunResult {
  kind: "build" | "floor";
  routes: number;
  pages: number;
  wallMs: number;
  peakRssMiB: number;
  bytes: number;
  stages: Record<string, number>;
}

execFileSync(process.execPath, ["scripts/compile.mjs"]);
const partners = new Map<string, { partner: string; partnersDir: string }>();
for (const size of sizes) {
  if (size === "178") {
    partners.set(size, { partner: "178", partnersDir: path.resolve("partners") });
    continue;
  }
  const partner = String(9000 + sizes.indexOf(size));
  const partnersDir = path.join(dir, `partners-${size}`);
  const started = performance.now();
  // Seeded by the size, not by the partner number (its place in --sizes): a size is the same
  // partner in every run, whichever sizes it is measured with.
  await generateSnapshot({
    ...DEFAULT_OPTIONS,
    partner: Number(partner),
    seed: Number(size),
    out: partnersDir,
    films: Number(size),
    culture: Math.round(Number(size) / 10),
    articles: 200,
  });
  console.log(`generated partner ${partner} (${size} films) in ${Math.round(performance.now() - started)} ms`);
  partners.set(size, { partner, partnersDir });
}

function runChild(kind: "build" | "floor", size: string): RunResult {
  const { partner, partnersDir } = partners.get(size)!;
  const out = path.join(dir, `out-${kind}-${size}`);
  const args = [
    "--import",
    "tsx",
    "scripts/bench-child.ts",
    kind,
    partner,
    partnersDir,
    out,
    NOW,
    values.workers ?? "",
  ];
  const stdout = execFileSync(process.execPath, args, {
    env: { ...process.env, NODE_ENV: "production" },
    maxBuffer: 1 << 24,
  }).toString();
  return JSON.parse(stdout.trim().split("\n").pop()!) as RunResult;
}

const results = new Map<string, { build: RunResult[]; floor: RunResult[] }>();
for (let round = 1; round <= rounds; round += 1) {
  for (const size of sizes) {
    if (Number(size) >= LARGE && round > largeRounds) continue;
    const entry = results.get(size) ?? { build: [], floor: [] };
    results.set(size, entry);
    // Alternate which goes first, so neither always runs on a warmer (or busier) machine.
    const order: ("build" | "floor")[] = round % 2 === 1 ? ["build", "floor"] : ["floor", "build"];
    for (const kind of order) {
      const result = runChild(kind, size);
      entry[kind].push(result);
      console.log(
        `round ${round} ${size} ${kind}: ${(result.wallMs / 1000).toFixed(2)} s, ${result.pages} pages, peak RSS ${result.peakRssMiB} MiB`,
      );
    }
  }
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];
// "per byte": the build's time per byte written over the floor's (the floor writes film pages only).
const rows: string[] = [
  "| films | routes | rounds | wall (median) | pages/s | peak RSS | written | floor wall | floor pages | floor written | ratio | per byte | stages (ms, median run) |",
  "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
];
for (const [size, { build, floor }] of results) {
  const wall = median(build.map((r) => r.wallMs));
  const floorWall = median(floor.map((r) => r.wallMs));
  const mid = build.find((r) => r.wallMs === wall)!;
  const floorMid = floor.find((r) => r.wallMs === floorWall)!;
  const perByte = wall / mid.bytes / (floorWall / floorMid.bytes);
  const stages = Object.entries(mid.stages)
    .map(([stage, ms]) => `${stage} ${Math.round(ms)}`)
    .join(", ");
  rows.push(
    `| ${size} | ${mid.routes} | ${build.length} | ${(wall / 1000).toFixed(2)} s | ${Math.round(mid.routes / (wall / 1000))} | ${Math.max(...build.map((r) => r.peakRssMiB))} MiB | ${(mid.bytes / 1048576).toFixed(1)} MiB | ` +
      `${(floorWall / 1000).toFixed(2)} s | ${floor[0].pages} | ${(floorMid.bytes / 1048576).toFixed(1)} MiB | ${(wall / floorWall).toFixed(1)}x | ${perByte.toFixed(1)}x | ${stages} |`,
  );
}
const sizesWith = (a: string, b: string) => results.has(a) && results.has(b);
console.log(`\n${rows.join("\n")}`);
if (sizesWith("2000", "10000")) {
  const wall = (size: string) => median(results.get(size)!.build.map((r) => r.wallMs));
  console.log(`\n10k/2k wall ratio: ${(wall("10000") / wall("2000")).toFixed(2)}`);
}
if (!values.keep) await rm(dir, { recursive: true, force: true });
