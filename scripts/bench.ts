/**
 * Build benchmark (method and figures in docs/performance.md).
 *
 *   npm run bench                                   # 178, 2,000 and 10,000 films, 3 rounds
 *   npm run bench -- --sizes 178,2000 --rounds 3 [--workers N] [--dir /dev/shm/cinema-bench]
 *   npm run bench -- --rounds 5 --large-rounds 1   # sizes of 10,000 films and more in the first round only
 *   npm run bench -- --platform 100                # 100 partners in one process (scripts/bench-platform.ts)
 *   npm run bench -- --kinds floor,eleventy,film-only  # some of the runs (scripts/bench-peers.ts lists them)
 *
 * For each size (178 = the embedded snapshot, a number = a synthetic partner of that many
 * films from the generator) and each round, in one interleaved run: a clean build of the
 * compiled CLI (dist/, as `npx cinema-build` runs it; --no-cache), the floor (bare React
 * renderToString of a plain film page per film plus a synchronous write, one thread), and on
 * the same films cinema-build's film-only twin, Eleventy + React and Astro + React
 * (scripts/bench-peers.ts). Every run is its own child process, so peak RSS is that run's own.
 * Output on tmpfs; the machine is shared, so compare the ratios of one run, not figures across runs.
 */
import { execFileSync } from "node:child_process";
import { rm } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { KINDS, preparePeers, runRounds, type BenchPartner, type Kind } from "./bench-peers.js";
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
    kinds: { type: "string", default: KINDS.join(",") },
  },
});
const dir = path.resolve(values.dir!);
const rounds = Number(values.rounds);
const largeRounds = values["large-rounds"] === undefined ? rounds : Number(values["large-rounds"]);
const LARGE = 10_000;
const sizes = values.sizes!.split(",").map((size) => size.trim());

execFileSync(process.execPath, ["scripts/compile.mjs"]);
const partners = new Map<string, BenchPartner>();
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
  const options = {
    ...DEFAULT_OPTIONS,
    partner: Number(partner),
    seed: Number(size),
    out: partnersDir,
    films: Number(size),
    culture: Math.round(Number(size) / 10),
    articles: 200,
  };
  await generateSnapshot(options);
  console.log(`generated partner ${partner} (${size} films) in ${Math.round(performance.now() - started)} ms`);
  partners.set(size, { partner, partnersDir, options });
}

// The rounds, the peers and the tables: scripts/bench-peers.ts.
const kinds = values.kinds!.split(",").map((kind) => kind.trim()) as Kind[];
const unknown = kinds.filter((kind) => !KINDS.includes(kind));
if (unknown.length > 0) throw new Error(`--kinds: unknown ${unknown.join(", ")} (known: ${KINDS.join(", ")})`);
await preparePeers(kinds);
const results = await runRounds({
  sizes,
  rounds,
  largeRounds,
  large: LARGE,
  partners,
  dir,
  now: NOW,
  workers: values.workers,
  kinds,
  keep: values.keep!,
});
const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];
const buildWall = (size: string) =>
  median((results.get(size) ?? []).filter((r) => r.kind === "build").map((r) => r.wallMs));
if (buildWall("2000") && buildWall("10000")) {
  console.log(`\n10k/2k wall ratio: ${(buildWall("10000") / buildWall("2000")).toFixed(2)}`);
}
if (!values.keep) await rm(dir, { recursive: true, force: true });
