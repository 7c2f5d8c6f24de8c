/**
 * Eleventy 3 + React, one measured run for scripts/bench-peers.ts: `node eleventy-child.mjs
 * <snapshot folder> <out>`. The input folder `eleventy/` is a global data file reading the
 * snapshot's films (`_data/films.js`) and one JS template paginating over them, each page
 * react-dom/server's renderToString of the floor's film page (`film.11ty.js`).
 * Wall: from making the Eleventy instance to the end of its write, inside the process.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import Eleventy from "@11ty/eleventy";
import { clean, report } from "./report.mjs";

const [snapshotDir, out] = process.argv.slice(2);
const here = path.dirname(fileURLToPath(import.meta.url));
process.env.BENCH_SNAPSHOT = path.resolve(snapshotDir);
clean(out);
const started = performance.now();
const eleventy = new Eleventy(path.join(here, "eleventy"), path.resolve(out), {
  quietMode: true,
  configPath: path.join(here, "eleventy", "eleventy.config.mjs"),
});
await eleventy.write();
report({ kind: "eleventy", wallMs: performance.now() - started });
