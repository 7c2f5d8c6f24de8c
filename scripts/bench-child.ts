/**
 * One measured run of scripts/bench.ts, in a process of its own; prints one JSON line.
 *
 *   build: a clean build of the compiled CLI (dist/index.js) without the build cache.
 *   floor: the least any React generator does for the same films: read the snapshot, then per
 *          film one renderToString of a small page (title, summary, poster, showtimes) and a
 *          synchronous write, in one thread.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";

const [kind, partner, partnersDir, out, now, workers] = process.argv.slice(2);
rmSync(out, { recursive: true, force: true });
rmSync(`${out}.cache`, { recursive: true, force: true });

if (kind === "build") {
  const { build } = (await import(pathToFileURL(path.resolve("dist/index.js")).href)) as typeof import("../src/index.js");
  const result = await build({ partner, partnersDir, source: "snapshot", out, now, cache: false, workers: workers ? Number(workers) : undefined });
  const routes = Object.values(result.routes).reduce((sum, n) => sum + (n ?? 0), 0);
  report({ kind, routes, pages: routes, wallMs: result.wallMs, bytes: result.bytes, stages: Object.fromEntries(result.timings.map((t) => [t.stage, t.ms])) });
} else {
  const started = performance.now();
  const events = JSON.parse(readFileSync(path.join(partnersDir, partner, "snapshot", "events.json"), "utf8")) as FloorData;
  const showings = new Map<string, FloorData["events"]>();
  for (const event of events.events) showings.set(event.production, [...(showings.get(event.production) ?? []), event]);
  let pages = 0;
  let bytes = 0;
  for (const film of events.productions) {
    if (film.object !== "movie") continue;
    const html = `<!DOCTYPE html>${renderToString(h(FloorPage, { film, showings: showings.get(film.id) ?? [] }))}`;
    const dir = path.join(out, film.parentSlug);
    mkdirSync(dir, { recursive: true });
    const encoded = Buffer.from(html);
    writeFileSync(path.join(dir, "index.html"), encoded);
    bytes += encoded.byteLength;
    pages += 1;
  }
  report({ kind, routes: pages, pages, wallMs: performance.now() - started, bytes, stages: {} });
}

function report(result: Record<string, unknown>): void {
  console.log(JSON.stringify({ ...result, peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024) }));
}

interface FloorData {
  productions: { id: string; object: string; title: string; parentSlug: string; contents: { summary?: string; body?: string }[]; assets: { url: string }[] }[];
  events: { id: number | null; production: string; begin: string; location: { name: string } | null; purchaseUrl: string | null }[];
}

function FloorPage({ film, showings }: { film: FloorData["productions"][number]; showings: FloorData["events"] }) {
  return h(
    "html",
    { lang: "nb" },
    h("head", null, h("meta", { charSet: "utf-8" }), h("title", null, film.title), h("link", { rel: "stylesheet", href: "/site.css" })),
    h(
      "body",
      null,
      h("header", null, h("a", { href: "/" }, "Kino"), h("nav", null, h("a", { href: "/kinoprogram" }, "Kinoprogram"))),
      h(
        "main",
        null,
        h("h1", null, film.title),
        film.assets[0] ? h("img", { src: film.assets[0].url, alt: "", width: 225, height: 340 }) : null,
        h("p", null, film.contents[0]?.summary ?? ""),
        h("div", { dangerouslySetInnerHTML: { __html: film.contents[0]?.body ?? "" } }),
        h("ul", null, showings.filter((s) => s.id !== null).map((s) => h("li", { key: String(s.id) }, h("time", null, s.begin), " ", s.location?.name ?? "", " ", s.purchaseUrl ? h("a", { href: s.purchaseUrl }, "Kjøp") : null))),
      ),
      h("footer", null, h("p", null, "© Kino")),
    ),
  );
}
