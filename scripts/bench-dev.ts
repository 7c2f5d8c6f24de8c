/**
 * Benchmark of the dev loop (issue 15): median time from saving one article to the rebuilt
 * page being served, on a copy of partner 178 in tmpfs. Uses the compiled dist/ (as the CLI
 * does, with its rebuild worker). Not a test: run `npm run bench:dev [-- --rounds 9]`.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "9" }, partner: { type: "string", default: "178" } } });
const rounds = Number(values.rounds);
const { dev } = (await import(path.resolve("dist/index.js"))) as typeof import("../src/index.js");

const tmp = await mkdtemp(path.join(existsShm() ? "/dev/shm" : os.tmpdir(), "cb-bench-dev-"));
const partnersDir = path.join(tmp, "partners");
await cp(path.resolve("partners", values.partner), path.join(partnersDir, values.partner), { recursive: true });
const articlesFile = path.join(partnersDir, values.partner, "snapshot", "articles.json");
const session = await dev({ partner: values.partner, partnersDir, source: "snapshot", out: path.join(tmp, "out"), port: 0, log: () => {} });

const samples: number[] = [];
for (let round = 0; round < rounds; round += 1) {
  const articles = JSON.parse(await readFile(articlesFile, "utf8"));
  const title = `Benchmark-tittel ${round}`;
  articles[0].title = title;
  const started = performance.now();
  await writeFile(articlesFile, JSON.stringify(articles));
  for (;;) {
    const html = await (await fetch(`${session.url}/article/${articles[0].slug}`)).text();
    if (html.includes(`<title>${title} |`)) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  samples.push(performance.now() - started);
  await session.settled();
}
await session.close();
await rm(tmp, { recursive: true, force: true });

samples.sort((a, b) => a - b);
const median = samples[Math.floor(samples.length / 2)];
console.log(`dev loop, partner ${values.partner}: save article -> page served, ${rounds} rounds`);
console.log(`  median ${median.toFixed(0)} ms, min ${samples[0].toFixed(0)} ms, max ${samples.at(-1)!.toFixed(0)} ms`);

function existsShm(): boolean {
  return process.platform === "linux";
}
