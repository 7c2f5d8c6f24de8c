/**
 * The interleaved rounds of `npm run bench` (scripts/bench.ts; method and figures in
 * docs/performance.md "Same work as the peers"): at each size and in each round, in an order
 * that turns from round to round, every kind of run below as a child process of its own,
 * sampled from /proc while it runs; then a table per size.
 *
 *   floor        renderToString of the floor's film page per film and a synchronous write (scripts/bench-child.ts)
 *   film-only-1  cinema-build on the size's film-only twin (docs/generator.md), `--workers 1`
 *   film-only    cinema-build on the twin, default workers (or `--workers`)
 *   eleventy     Eleventy 3 + React rendering the floor's film page per film (bench/peers/eleventy-child.mjs)
 *   astro        Astro 5 + @astrojs/react 4 rendering the same page (bench/peers/astro-child.mjs)
 *   build        cinema-build, the full site, default workers (or `--workers`)
 *
 * 178 (the embedded snapshot) has no twin: it runs the floor and the full build only. The
 * peers are devDependencies of bench/peers/, installed from npm (`npm ci`) on first use; the
 * floor's page is bundled for them from scripts/bench-floor-page.ts, so all write the same bytes.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync, realpathSync, statSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { build as esbuild } from "esbuild";
import { readFloorFilms } from "./bench-floor-page.js";
import { generateSnapshot, type GenerateOptions } from "./partner-generator/generate.js";

export const KINDS = ["floor", "film-only-1", "film-only", "eleventy", "astro", "build"] as const;
export type Kind = (typeof KINDS)[number];

const LABELS: Record<Kind, string> = {
  floor: "floor (renderToString + write)",
  "film-only-1": "cinema-build, film pages only, 1 thread",
  "film-only": "cinema-build, film pages only, default workers",
  eleventy: "Eleventy 3 + React",
  astro: "Astro 5 + React",
  build: "cinema-build, full site, default workers",
};

/** What each kind runs on (the table's processes and threads are measured; this says who does the work). */
const CORES: Record<Kind, string> = {
  floor: "one thread",
  "film-only-1": "the build thread renders and writes (a writer thread writes)",
  "film-only":
    "the build thread binds, render workers render (one per core from 1,000 routes, at most 4; the build thread alone from 25,000 routes)",
  eleventy: "one thread (its asynchronous writes on Node's thread pool)",
  astro: "one thread renders (build.concurrency 1); Vite's esbuild service is a child process",
  build: "as film-only, and Pagefind's child process indexes while the pages render",
};

export interface BenchPartner {
  partner: string;
  partnersDir: string;
  /** The generator's options of a synthetic partner (undefined: 178, the embedded snapshot). */
  options?: GenerateOptions;
}

export interface RoundsOptions {
  sizes: string[];
  rounds: number;
  /** Sizes of `large` films and more run in the first `largeRounds` rounds only. */
  largeRounds: number;
  large: number;
  partners: Map<string, BenchPartner>;
  dir: string;
  now: string;
  workers?: string;
  kinds: Kind[];
  keep: boolean;
}

export interface Run {
  kind: Kind;
  wallMs: number;
  processMs: number;
  cpuMs: number;
  peakRssMiB: number;
  groupRssMiB: number;
  processes: number;
  threads: number;
  files: number;
  bytes: number;
  filmPageBytes: number;
  routes: number;
  stages: Record<string, number>;
  load: number[];
}

const PEERS = path.resolve("bench/peers");

/** Installs the peers (first use) and bundles the floor's page for them. */
export async function preparePeers(kinds: Kind[]): Promise<void> {
  if (!kinds.includes("eleventy") && !kinds.includes("astro")) return;
  if (!existsSync(path.join(PEERS, "node_modules"))) {
    console.log("installing the peers into bench/peers (npm ci) …");
    execFileSync("npm", ["ci", "--prefix", PEERS, "--no-audit", "--no-fund"], { stdio: "inherit" });
  }
  // react stays a bare import, so the peers' own React renders it (the same version as ours).
  await esbuild({
    entryPoints: ["scripts/bench-floor-page.ts"],
    outfile: path.join(PEERS, ".floor/floor-page.mjs"),
    bundle: true,
    format: "esm",
    platform: "node",
    packages: "external",
    logLevel: "warning",
  });
}

/** Runs the rounds and prints a table per size. */
export async function runRounds(options: RoundsOptions): Promise<Map<string, Run[]>> {
  const twins = new Map<string, string>();
  for (const size of options.sizes) {
    const { options: generated } = options.partners.get(size)!;
    if (!generated || !options.kinds.some((kind) => kind.startsWith("film-only"))) continue;
    const out = path.join(options.dir, `partners-${size}-films`);
    await generateSnapshot({ ...generated, out, filmOnly: true });
    twins.set(size, out);
  }
  const results = new Map<string, Run[]>();
  for (let round = 1; round <= options.rounds; round += 1) {
    console.log(`round ${round}: load ${loadText()}`);
    for (const size of options.sizes) {
      if (Number(size) >= options.large && round > options.largeRounds) continue;
      const synthetic = options.partners.get(size)!.options !== undefined;
      const kinds = options.kinds.filter((kind) => synthetic || kind === "floor" || kind === "build");
      // Turn the order each round, so no kind always runs first (or on a busier machine).
      const turn = (round - 1) % kinds.length;
      for (const kind of [...kinds.slice(turn), ...kinds.slice(0, turn)]) {
        const run = await runKind(kind, size, twins.get(size), options);
        results.set(size, [...(results.get(size) ?? []), run]);
        console.log(
          `round ${round} ${size} ${kind}: ${(run.wallMs / 1000).toFixed(2)} s (process ${(run.processMs / 1000).toFixed(2)} s), ` +
            `${run.files} files, ${mib(run.bytes)}, peak RSS ${run.peakRssMiB} MiB (group ${run.groupRssMiB} MiB), load ${run.load.join(" ")}`,
        );
      }
    }
  }
  for (const [size, runs] of results) console.log(`\n${tableOf(size, runs)}`);
  console.log(`\nWho does the work:\n${options.kinds.map((kind) => `- ${LABELS[kind]}: ${CORES[kind]}`).join("\n")}`);
  return results;
}

async function runKind(kind: Kind, size: string, twinDir: string | undefined, options: RoundsOptions): Promise<Run> {
  const { partner, partnersDir } = options.partners.get(size)!;
  const out = path.join(options.dir, `out-${kind}-${size}`);
  const snapshot = path.join(partnersDir, partner, "snapshot");
  const child = (mode: string, dir: string, workers: string) => [
    "--import",
    "tsx",
    "scripts/bench-child.ts",
    mode,
    partner,
    dir,
    out,
    options.now,
    workers,
  ];
  const args: Record<Kind, () => string[]> = {
    floor: () => child("floor", partnersDir, ""),
    "film-only-1": () => child("build", twinDir!, "1"),
    "film-only": () => child("build", twinDir!, options.workers ?? ""),
    eleventy: () => [path.join(PEERS, "eleventy-child.mjs"), snapshot, out],
    astro: () => [path.join(PEERS, "astro-child.mjs"), snapshot, out],
    build: () => child("build", partnersDir, options.workers ?? ""),
  };
  const load = os.loadavg().map((n) => Number(n.toFixed(2)));
  // Astro writes its intermediate build below the working folder: its project folder.
  const sampled = await sampleRun(args[kind](), kind === "astro" ? path.join(PEERS, "astro") : process.cwd());
  const reported = JSON.parse(sampled.stdout.trim().split("\n").pop()!) as {
    wallMs: number;
    cpuMs: number;
    peakRssMiB: number;
    routes?: number;
    stages?: Record<string, number>;
  };
  const written = writtenFiles(out, snapshot);
  if (!options.keep) await removeOutput(out);
  return {
    kind,
    wallMs: reported.wallMs,
    processMs: sampled.processMs,
    cpuMs: reported.cpuMs + sampled.childCpuMs,
    peakRssMiB: reported.peakRssMiB,
    groupRssMiB: Math.max(sampled.groupRssMiB, reported.peakRssMiB),
    processes: sampled.processes,
    threads: sampled.threads,
    routes: reported.routes ?? written.filmPages,
    stages: reported.stages ?? {},
    load,
    ...written,
  };
}

interface Sampled {
  stdout: string;
  processMs: number;
  /** The largest sum of the resident sets of the child and its descendants, sampled every 100 ms. */
  groupRssMiB: number;
  /** User and system CPU of the child's descendants, as last sampled (the child reports its own). */
  childCpuMs: number;
  processes: number;
  /** The most threads the child process had at once. */
  threads: number;
}

async function sampleRun(args: string[], cwd: string): Promise<Sampled> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const chunks: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
  const cpu = new Map<number, number>();
  let groupRss = 0;
  let threads = 0;
  const sample = () => {
    let rss = 0;
    for (const pid of treeOf(child.pid!)) {
      const status = procFile(pid, "status");
      rss += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
      if (pid === child.pid) threads = Math.max(threads, Number(/Threads:\s+(\d+)/.exec(status)?.[1] ?? 0));
      else {
        const fields = statFields(pid);
        if (fields) cpu.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS);
      }
    }
    groupRss = Math.max(groupRss, rss);
  };
  const timer = setInterval(sample, 100);
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  clearInterval(timer);
  if (code !== 0) throw new Error(`${args.join(" ")} exited with ${code}`);
  return {
    stdout: Buffer.concat(chunks).toString(),
    processMs: performance.now() - started,
    groupRssMiB: Math.round(groupRss / 1048576),
    childCpuMs: Math.round([...cpu.values()].reduce((sum, ms) => sum + ms, 0)),
    processes: cpu.size + 1,
    threads,
  };
}

const CLOCK_TICKS = 100;

function procFile(pid: number, name: string): string {
  try {
    return readFileSync(`/proc/${pid}/${name}`, "utf8");
  } catch {
    return "";
  }
}

/** The fields of /proc/<pid>/stat after the command's name: [0] state, [1] ppid, [11] utime, [12] stime. */
function statFields(pid: number): string[] | null {
  const stat = procFile(pid, "stat");
  return stat ? stat.slice(stat.lastIndexOf(")") + 2).split(" ") : null;
}

/** The process and all its descendants (this kernel has no /proc/<pid>/task/<tid>/children). */
function treeOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = Number(statFields(Number(entry))?.[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i += 1) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}

/** Files and bytes under the output (through cinema-build's symlink), and the median film page's HTML. */
function writtenFiles(
  out: string,
  snapshot: string,
): { files: number; bytes: number; filmPageBytes: number; filmPages: number } {
  const root = realpathSync(out);
  let files = 0;
  let bytes = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else {
        files += 1;
        bytes += statSync(file).size;
      }
    }
  };
  walk(root);
  const pages = filmSlugs(snapshot).flatMap((slug) => {
    const file = path.join(root, slug, "index.html");
    return existsSync(file) ? [statSync(file).size] : [];
  });
  return { files, bytes, filmPageBytes: median(pages), filmPages: pages.length };
}

function filmSlugs(snapshot: string): string[] {
  return readFloorFilms(snapshot).map(({ film }) => film.parentSlug);
}

async function removeOutput(out: string): Promise<void> {
  for (const file of [
    out,
    `${out}.cache`,
    `${out}.deploy-manifest.json`,
    path.join(path.dirname(out), `.${path.basename(out)}.cinema-build`),
  ])
    await rm(file, { recursive: true, force: true });
}

function median(numbers: number[]): number {
  return numbers.length === 0 ? 0 : [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];
}

const mib = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MiB`;
const loadText = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

function tableOf(size: string, runs: Run[]): string {
  const floorRuns = runs.filter((run) => run.kind === "floor");
  const floorWall = median(floorRuns.map((run) => run.wallMs));
  const rows = [
    `${size === "178" ? "178 (embedded snapshot)" : `${size} films`}:`,
    "",
    "| run | rounds | wall (median) | × floor | process wall | CPU ms per MiB | film page (median HTML) | files | written | peak RSS | process group | processes / threads | load (1 min) |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const kind of KINDS) {
    const of = runs.filter((run) => run.kind === kind);
    if (of.length === 0) continue;
    const wall = median(of.map((run) => run.wallMs));
    const mid = of.find((run) => run.wallMs === wall)!;
    const loads = of.map((run) => run.load[0]);
    rows.push(
      `| ${LABELS[kind]} | ${of.length} | ${(wall / 1000).toFixed(2)} s | ${floorWall ? `${(wall / floorWall).toFixed(1)}` : "–"} | ` +
        `${(median(of.map((run) => run.processMs)) / 1000).toFixed(2)} s | ${Math.round(mid.cpuMs / (mid.bytes / 1048576))} | ` +
        `${(mid.filmPageBytes / 1000).toFixed(1)} KB | ${mid.files.toLocaleString("en")} | ${mib(mid.bytes)} | ` +
        `${Math.max(...of.map((run) => run.peakRssMiB))} MiB | ${Math.max(...of.map((run) => run.groupRssMiB))} MiB | ` +
        `${mid.processes} / ${mid.threads} | ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} |`,
    );
  }
  const build = runs.filter((run) => run.kind === "build");
  if (build.length > 0) {
    const mid = build.find((run) => run.wallMs === median(build.map((r) => r.wallMs)))!;
    const stages = Object.entries(mid.stages).map(([stage, ms]) => `${stage} ${Math.round(ms)}`);
    rows.push("", `Full site, median run: ${mid.routes} routes; stages (ms): ${stages.join(", ")}`);
  }
  return rows.join("\n");
}
