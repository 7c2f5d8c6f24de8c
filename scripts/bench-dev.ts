/**
 * Benchmark of the dev loop (issues 14 and 15), on a copy of the package and of the partner in
 * tmpfs (the CSS is edited in the copy, never in this checkout), through the compiled dist/ and
 * its rebuild worker as `cinema-build dev` runs. Rounds interleave five saves:
 *   (a) one article's title, (b1) the first film's synopsis (the edit of
 *   tests/integration/incremental-build.test.ts), (b2) a film's synopsis and (c) its title, the
 *   film being the one with the most showings after the capture time (it is on the programme
 *   pages and their day pages), (d) a rule added to the stylesheet;
 * and print, per kind, the time from the save to the new page or stylesheet being served
 * (median, min, max), the time inside the build session from the request to the last file
 * written (docs/performance.md "rebuild after one changed film"), and the pages rendered and files
 * written. The follow-up (search index, links, lint) of each save finishes before the next.
 * Not a test: `npm run bench:dev [-- --rounds 9 --partner 178]`.
 */
import { execFileSync } from "node:child_process";
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

// As bin/cinema-build.js does: React in production mode (the rebuild worker inherits it).
process.env.NODE_ENV ??= "production";

const { values } = parseArgs({
  options: { rounds: { type: "string", default: "9" }, partner: { type: "string", default: "178" } },
});
const rounds = Number(values.rounds);

const tmp = await mkdtemp(path.join(process.platform === "linux" ? "/dev/shm" : os.tmpdir(), "cb-bench-dev-"));
const pkg = path.join(tmp, "pkg");
for (const entry of ["src", "templates", "client", "scripts", "bin", "package.json", "tsconfig.json"])
  await cp(path.resolve(entry), path.join(pkg, entry), { recursive: true });
await symlink(path.resolve("node_modules"), path.join(pkg, "node_modules"), "dir");
execFileSync(process.execPath, ["scripts/compile.mjs"], { cwd: pkg });
const partnersDir = path.join(tmp, "partners");
await cp(path.resolve("partners", values.partner), path.join(partnersDir, values.partner), { recursive: true });
const snapshot = (file: string) => path.join(partnersDir, values.partner, "snapshot", file);
const stylesheet = path.join(pkg, "templates", "styles", "site.css");

const { dev } = (await import(path.join(pkg, "dist", "index.js"))) as typeof import("../src/index.js");
const session = await dev({
  partner: values.partner,
  partnersDir,
  source: "snapshot",
  out: path.join(tmp, "out"),
  port: 0,
  log: () => {},
});

type Kind = "article" | "first" | "synopsis" | "title" | "css";
const KINDS: Kind[] = ["article", "first", "synopsis", "title", "css"];
interface Samples {
  served: number[];
  session: number[];
  rendered: number[];
  written: number[];
  stages: Record<string, number[]>;
}
const samples = Object.fromEntries(
  KINDS.map((kind) => [kind, { served: [], session: [], rendered: [], written: [], stages: {} }]),
) as unknown as Record<Kind, Samples>;

/** Saves, then polls the served URL until `done` holds; returns ms from the save. */
async function measure(save: () => Promise<void>, url: string, done: (body: string) => boolean): Promise<number> {
  const started = performance.now();
  await save();
  for (;;) {
    if (done(await (await fetch(`${session.url}${url}`)).text())) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The edited file's save and the URL that shows the edit. */
async function editJson(
  file: string,
  edit: (json: any) => string,
): Promise<{ url: string; save: () => Promise<void> }> {
  const json = JSON.parse(await readFile(snapshot(file), "utf8"));
  const url = edit(json);
  return { url, save: () => writeFile(snapshot(file), JSON.stringify(json)) };
}

/** The film with the most showings after the capture time. */
function filmOnTheProgramme(
  events: { productions: any[]; events: { production: string; begin: string }[] },
  capturedAt: string,
): any {
  const counts = new Map<string, number>();
  for (const event of events.events)
    if (Date.parse(event.begin) > Date.parse(capturedAt))
      counts.set(event.production, (counts.get(event.production) ?? 0) + 1);
  return events.productions
    .filter((p) => p.object === "movie" && counts.has(p.id))
    .sort((a, b) => counts.get(b.id)! - counts.get(a.id)! || (a.id < b.id ? -1 : 1))[0];
}

const capturedAt = JSON.parse(await readFile(snapshot("meta.json"), "utf8")).capturedAt as string;
const css = await readFile(stylesheet, "utf8");
for (let round = 0; round < rounds; round += 1) {
  for (const kind of KINDS) {
    const marker = `Benk ${kind} ${round}`;
    const count = session.rebuilds.length;
    let ms: number;
    if (kind === "css") {
      const rule = `.benk-${round}{order:${round + 1}}`;
      ms = await measure(
        () => writeFile(stylesheet, `${css}\n${rule}\n`),
        "/assets/site.css",
        (body) => body.includes(`.benk-${round}{`),
      );
    } else {
      const edit = await editJson(kind === "article" ? "articles.json" : "events.json", (json) => {
        if (kind === "article") {
          json[0].title = marker;
          return `/article/${json[0].slug}`;
        }
        // 'first': the first film of the data, as tests/integration/incremental-build.test.ts edits it.
        const film =
          kind === "first"
            ? json.productions.find((p: { object: string }) => p.object === "movie")
            : filmOnTheProgramme(json, capturedAt);
        if (kind === "synopsis" || kind === "first") film.contents[0].summary = marker;
        else film.title = film.parentTitle = marker;
        return `/${film.parentSlug}`;
      });
      ms = await measure(edit.save, edit.url, (body) => body.includes(marker));
    }
    await session.settled();
    while (session.rebuilds.length <= count || session.followUps.length < session.rebuilds.length)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const rebuild = session.rebuilds.at(-1)!;
    samples[kind].served.push(ms);
    if (rebuild.sessionMs !== null) samples[kind].session.push(rebuild.sessionMs);
    samples[kind].rendered.push(rebuild.rendered?.length ?? 0);
    samples[kind].written.push(rebuild.written?.length ?? 0);
    for (const { stage, ms: stageMs } of rebuild.timings ?? []) (samples[kind].stages[stage] ??= []).push(stageMs);
  }
}
await writeFile(stylesheet, css);

// (e) A template save: dist/ recompiled, the worker replaced, every page rendered again
// (the code is in every page's key). Two samples: it takes seconds.
const footer = path.join(pkg, "templates", "layout", "footer.tsx");
const footerSource = await readFile(footer, "utf8");
const templateSamples: number[] = [];
for (let round = 0; round < 2; round += 1) {
  const marker = `benk-mal-${round}`;
  templateSamples.push(
    await measure(
      () => writeFile(footer, footerSource.replace("</footer>", `<p className="${marker}">Endret mal</p></footer>`)),
      "/",
      (body) => body.includes(marker),
    ),
  );
  await session.settled();
  while (session.followUps.length < session.rebuilds.length) await new Promise((resolve) => setTimeout(resolve, 20));
}
await writeFile(footer, footerSource);
await session.close();
await rm(tmp, { recursive: true, force: true });

function stats(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  if (sorted.length === 0) return "no samples";
  return `median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms (min ${sorted[0].toFixed(0)}, max ${sorted.at(-1)!.toFixed(0)})`;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
console.log(
  `dev loop, partner ${values.partner}, ${rounds} rounds of five saves (interleaved), load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")}:`,
);
const names: Record<Kind, string> = {
  article: "(a) an article's title     ",
  first: "(b1) first film's synopsis",
  synopsis: "(b2) a film's synopsis    ",
  title: "(c) a film's title         ",
  css: "(d) a stylesheet rule      ",
};
for (const kind of KINDS) {
  const s = samples[kind];
  console.log(
    `  ${names[kind]} save -> served: ${stats(s.served)}; in the build session: ${stats(s.session)}; ${median(s.rendered)} pages rendered, ${median(s.written)} files written`,
  );
  console.log(
    `      stage medians (ms): ${Object.entries(s.stages)
      .map(([stage, values]) => `${stage} ${median(values).toFixed(0)}`)
      .join(", ")}`,
  );
}
console.log(
  `  (e) a template (footer)  save -> front page served: ${templateSamples.map((ms) => `${ms.toFixed(0)} ms`).join(", ")} (recompile, new worker, every page rendered)`,
);
