/**
 * One measured run of scripts/bench-platform.ts in a process of its own; prints one JSON line.
 *
 *   platform: every partner of the folder built in this process (buildPartners of dist/index.js,
 *             as `cinema-build build --all` runs it), with the build cache.
 *   single:   one partner (as one `cinema-build build --partner <id>` process), with the build cache.
 *
 * Peak memory: this process's own peak RSS (render workers are threads of it) and, sampled every
 * 100 ms, the RSS of this process with its children (the Pagefind service).
 */
import { readFileSync, readdirSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { PartnerRun } from "./bench-platform.js";

const [kind, partnersDir, out, now, workers, ...partners] = process.argv.slice(2);
const api = (await import(pathToFileURL(path.resolve("dist/index.js")).href)) as typeof import("../src/index.js");

let groupPeakKiB = 0;
const sampler = setInterval(() => (groupPeakKiB = Math.max(groupPeakKiB, groupRssKiB())), 100);
const loadBefore = loadavg()[0];
const started = performance.now();
const options = {
  partnersDir,
  source: "snapshot" as const,
  now,
  workers: workers ? Number(workers) : undefined,
};
const results: PartnerRun[] = [];
if (kind === "platform") {
  await api.buildPartners(partners, {
    ...options,
    out,
    onOutcome(outcome) {
      // Progress on stderr, so a run cut short still has its figures.
      const wall = outcome.result ? `${(outcome.result.wallMs / 1000).toFixed(2)} s` : "failed";
      process.stderr.write(
        `  ${results.length + 1}/${partners.length} ${outcome.partner}: ${wall}, load ${loadavg()[0].toFixed(1)}\n`,
      );
      if (outcome.result) results.push(summary(outcome.partner, outcome.result));
      else results.push({ partner: outcome.partner, wallMs: 0, routes: 0, rendered: 0, failed: String(outcome.error) });
    },
  });
} else {
  const result = await api.build({ ...options, partner: partners[0], out: path.join(out, partners[0]) });
  results.push(summary(partners[0], result));
}
clearInterval(sampler);
console.log(
  JSON.stringify({
    kind,
    wallMs: performance.now() - started,
    peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    groupPeakMiB: Math.round(Math.max(groupPeakKiB, groupRssKiB()) / 1024),
    load: [loadBefore, loadavg()[0]],
    results,
  }),
);

function summary(partner: string, result: Awaited<ReturnType<typeof api.build>>) {
  const routes = Object.values(result.routes).reduce((sum: number, n) => sum + (n ?? 0), 0);
  // The paths rendered anew when they are few (a rebuild after one change), to see which they are.
  const paths = result.rendered.length <= 40 ? result.rendered : undefined;
  return { partner, wallMs: result.wallMs, routes, rendered: routes - result.reused, paths };
}

/** RSS of this process and its children (Linux /proc), in KiB. */
function groupRssKiB(): number {
  const rss = (pid: string) => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      return 0;
    }
  };
  let total = rss(String(process.pid));
  for (const task of readdirSync(`/proc/${process.pid}/task`)) {
    let children = "";
    try {
      children = readFileSync(`/proc/${process.pid}/task/${task}/children`, "utf8");
    } catch {
      continue;
    }
    for (const child of children.trim().split(/\s+/).filter(Boolean)) total += rss(child);
  }
  return total;
}
