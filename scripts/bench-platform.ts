/**
 * A whole platform on one machine (`npm run bench -- --platform 100`; figures in
 * docs/performance.md "A platform in one process"):
 *
 *   npm run bench -- --platform 100 [--sample 5] [--workers N] [--dir /dev/shm/cinema-bench-platform] [--keep]
 *
 * 1. generates N partners of 178's size (90 films, 40 culture events, 40 articles: ~650 routes
 *    each; seeded by their ids) into --dir;
 * 2. builds them all in one process (`cinema-build build --all`, with the build cache): total
 *    wall, per-partner wall, peak RSS of the process and of its process group (Pagefind);
 * 3. for comparison, the first --sample partners built again, with the tool cache step 2 filled,
 *    in one process and then one process each, as a CI job per partner (or a shell loop) builds
 *    them;
 * 4. changes one film's title in the first partner and rebuilds all N in one process again:
 *    with the build cache only that partner's affected pages render; the routes rendered per
 *    partner are reported.
 *
 * Every run is a child process (scripts/bench-platform-child.ts); the load average is printed
 * beside each figure (the machine is shared).
 */
import { execFileSync } from "node:child_process";
import { readFile, rm, writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_OPTIONS, generateSnapshot } from "./partner-generator/generate.js";

export interface PartnerRun {
  partner: string;
  wallMs: number;
  routes: number;
  rendered: number;
  paths?: string[];
  failed?: string;
}
interface ChildRun {
  kind: string;
  /** From after the child loaded the code to its last partner written. */
  wallMs: number;
  /** The whole child process as this process saw it: Node's start, loading the code (and tsx), exit. */
  processMs: number;
  peakRssMiB: number;
  groupPeakMiB: number;
  load: [number, number];
  results: PartnerRun[];
}

export async function runPlatformBench(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      platform: { type: "string", default: "100" },
      sample: { type: "string", default: "5" },
      dir: { type: "string", default: "/dev/shm/cinema-bench-platform" },
      workers: { type: "string" },
      keep: { type: "boolean", default: false },
    },
  });
  const dir = path.resolve(values.dir!);
  const partnersDir = path.join(dir, "partners");
  const out = path.join(dir, "out");
  await rm(dir, { recursive: true, force: true });
  execFileSync(process.execPath, ["scripts/compile.mjs"]);
  const partners = await generatePartners(partnersDir, Number(values.platform));

  // A tool cache of its own: another checkout's builds (a shared node_modules/.cache) must not
  // change the bundles between the two builds measured.
  process.env.CINEMA_BUILD_CACHE_DIR = path.join(dir, "tool-cache");
  const child = (kind: "platform" | "single", ids: string[], target = out) =>
    runChild(kind, [partnersDir, target, DEFAULT_OPTIONS.capturedAt, values.workers ?? "", ...ids]);
  const first = child("platform", partners);
  printRun(`clean build of ${partners.length} partners in one process`, first);
  const sample = partners.slice(0, Number(values.sample));
  if (sample.length > 0) compareSingles();
  // The same partners both ways, each way with the tool cache the clean run filled (bundles,
  // search indexes, validated snapshot files): the clean run paid for filling it, and a
  // comparison with it would credit the separate processes with its work.
  function compareSingles() {
    const together = child("platform", sample, path.join(dir, "out-sample"));
    const singles = sample.map((id) => child("single", [id], path.join(dir, "out-single")));
    const sum = (key: "wallMs" | "processMs") => singles.reduce((total, run) => total + run[key], 0);
    console.log(
      `the first ${sample.length} again, tool caches warm: in one process ${seconds(together.wallMs)} ` +
        `(${seconds(together.processMs)} with the process's start and exit; peak RSS ${together.peakRssMiB} MiB; load ${loads([together])}), ` +
        `one process each ${seconds(sum("wallMs"))} in all (${seconds(sum("processMs"))} with the processes' starts and exits; ` +
        `peak RSS ${Math.max(...singles.map((run) => run.peakRssMiB))} MiB; load ${loads(singles)})`,
    );
  }

  const changed = await changeOneFilm(partnersDir, partners[0]);
  console.log(`changed the title of ${changed} of partner ${partners[0]}`);
  const again = child("platform", partners);
  printRun(`rebuild of ${partners.length} partners after one film changed`, again);
  const rendered = again.results.filter((r) => r.rendered > 0);
  console.log(
    `routes rendered per partner in the rebuild: ${rendered.map((r) => `${r.partner}: ${r.rendered} of ${r.routes}`).join(", ") || "none"}; ` +
      `${again.results.length - rendered.length} partners: 0`,
  );
  for (const run of rendered.filter((r) => r.paths)) console.log(`  ${run.partner} rendered: ${run.paths!.join(" ")}`);
  if (!values.keep) await rm(dir, { recursive: true, force: true });
}

async function generatePartners(partnersDir: string, count: number): Promise<string[]> {
  const started = performance.now();
  const partners: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const partner = 20_001 + i;
    await generateSnapshot({ ...DEFAULT_OPTIONS, partner, seed: partner, out: partnersDir });
    partners.push(String(partner));
  }
  console.log(`generated ${count} partners (90 films each) in ${seconds(performance.now() - started)}`);
  return partners;
}

/** A new title for the partner's first film (as its listings show it too); returns the film's id. */
async function changeOneFilm(partnersDir: string, partner: string): Promise<string> {
  const file = path.join(partnersDir, partner, "snapshot", "events.json");
  const events = JSON.parse(await readFile(file, "utf8")) as {
    productions: { id: string; title: string; parentTitle: string; object: string }[];
  };
  const film = events.productions.find((production) => production.object === "movie")!;
  film.title = `${film.title} (ny kopi)`;
  film.parentTitle = `${film.parentTitle} (ny kopi)`;
  await writeFile(file, `${JSON.stringify(events, null, 2)}\n`);
  return film.id;
}

function runChild(kind: string, args: string[]): ChildRun {
  const started = performance.now();
  const stdout = execFileSync(process.execPath, ["--import", "tsx", "scripts/bench-platform-child.ts", kind, ...args], {
    env: { ...process.env, NODE_ENV: "production" },
    maxBuffer: 1 << 26,
    stdio: ["ignore", "pipe", "inherit"],
  }).toString();
  const run = JSON.parse(stdout.trim().split("\n").pop()!) as Omit<ChildRun, "processMs">;
  return { ...run, processMs: performance.now() - started };
}

function printRun(title: string, run: ChildRun): void {
  const walls = run.results.map((r) => r.wallMs).sort((a, b) => a - b);
  const at = (q: number) => walls[Math.min(walls.length - 1, Math.floor(q * walls.length))];
  const routes = run.results.reduce((sum, r) => sum + r.routes, 0);
  const failed = run.results.filter((r) => r.failed);
  console.log(
    `${title}: ${seconds(run.wallMs)} wall, ${routes} routes (${Math.round(routes / (run.wallMs / 1000))} routes/s); ` +
      `per partner min ${seconds(walls[0])}, median ${seconds(at(0.5))}, p90 ${seconds(at(0.9))}, max ${seconds(walls[walls.length - 1])}; ` +
      `peak RSS ${run.peakRssMiB} MiB (with Pagefind ${run.groupPeakMiB} MiB); load ${run.load.map((l) => l.toFixed(1)).join(" -> ")}` +
      (failed.length > 0 ? `; FAILED: ${failed.map((r) => `${r.partner} ${r.failed}`).join("; ")}` : ""),
  );
}

function loads(runs: ChildRun[]): string {
  return runs.map((run) => run.load[0].toFixed(1)).join(", ") + ` (now ${loadavg()[0].toFixed(1)})`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}
