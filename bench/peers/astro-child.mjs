/**
 * Astro 5 + React (@astrojs/react 4), one measured run for scripts/bench-peers.ts: `node
 * astro-child.mjs <snapshot folder> <out>`. The project `astro/` is one page,
 * `src/pages/[slug].astro`, whose getStaticPaths reads the snapshot's films and which renders
 * the floor's film page (a React component, server-rendered, no client directive); static output.
 * Wall: Astro's `build()` inside the process. Astro 6 and 7 need Node 22.12; this is the newest
 * major whose `engines` accept Node 20 (docs/performance.md).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { clean, report } from "./report.mjs";

const [snapshotDir, out] = process.argv.slice(2);
const here = path.dirname(fileURLToPath(import.meta.url));
process.env.BENCH_SNAPSHOT = path.resolve(snapshotDir);
process.env.ASTRO_TELEMETRY_DISABLED = "1";
clean(out);
const started = performance.now();
const { build } = await import("astro");
const imported = performance.now();
await build({
  root: path.join(here, "astro"),
  outDir: path.resolve(out),
  cacheDir: path.resolve(`${out}.astro-cache`),
  logLevel: "error",
});
clean(`${out}.astro-cache`);
report({ kind: "astro", wallMs: performance.now() - imported, importMs: imported - started });
