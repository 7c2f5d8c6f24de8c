/**
 * One measured run of scripts/bench.ts, in a process of its own; prints one JSON line.
 *
 *   build: a clean build of the compiled CLI (dist/index.js) without the build cache.
 *   floor: the least any React generator does for the same films: read the snapshot, then per
 *          film one renderToString of a plain film page (scripts/bench-floor-page.ts, the page
 *          the peers render too) and a synchronous write, in one thread.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { FloorPage, readFloorFilms } from "./bench-floor-page.js";

const [kind, partner, partnersDir, out, now, workers] = process.argv.slice(2);
// A clean build: no output, no build cache, and none of the earlier builds that the output's
// symlink pointed at (removing the link alone left them for the build to delete: ~40 ms of
// partner 178's wall, seconds at 10,000 films).
rmSync(out, { recursive: true, force: true });
rmSync(`${out}.cache`, { recursive: true, force: true });
rmSync(path.join(path.dirname(out), `.${path.basename(out)}.cinema-build`), { recursive: true, force: true });

if (kind === "build") {
  const { build } = (await import(
    pathToFileURL(path.resolve("dist/index.js")).href
  )) as typeof import("../src/index.js");
  const result = await build({
    partner,
    partnersDir,
    source: "snapshot",
    out,
    now,
    cache: false,
    workers: workers ? Number(workers) : undefined,
  });
  const routes = Object.values(result.routes).reduce((sum, n) => sum + (n ?? 0), 0);
  report({
    kind,
    routes,
    pages: routes,
    wallMs: result.wallMs,
    bytes: result.bytes,
    stages: Object.fromEntries(result.timings.map((t) => [t.stage, t.ms])),
  });
} else {
  const started = performance.now();
  let pages = 0;
  let bytes = 0;
  for (const props of readFloorFilms(path.join(partnersDir, partner, "snapshot"))) {
    const html = `<!DOCTYPE html>${renderToString(h(FloorPage, props))}`;
    const dir = path.join(out, props.film.parentSlug);
    mkdirSync(dir, { recursive: true });
    const encoded = Buffer.from(html);
    writeFileSync(path.join(dir, "index.html"), encoded);
    bytes += encoded.byteLength;
    pages += 1;
  }
  report({ kind, routes: pages, pages, wallMs: performance.now() - started, bytes, stages: {} });
}

function report(result: Record<string, unknown>): void {
  const usage = process.resourceUsage();
  const cpuMs = Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000);
  console.log(JSON.stringify({ ...result, cpuMs, peakRssMiB: Math.round(usage.maxRSS / 1024) }));
}
