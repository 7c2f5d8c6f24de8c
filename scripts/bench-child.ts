/**
 * One measured run of scripts/bench.ts, in a process of its own; prints one JSON line.
 *
 *   build: a clean build of the compiled CLI (dist/index.js) without the build cache.
 *   floor: the least any React generator does for the same films: read the snapshot, then per
 *          film one renderToString of a plain film page and a synchronous write, in one thread.
 *          The page has what the film-page floor of docs/performance.md and the peers' film pages have (~5 KB here, ~6 KB
 *          in the issue): a head with title, description, canonical and OpenGraph; the site's
 *          header menu; the film's title, poster, summary, body and showtimes with purchase
 *          links; the footer menu and address.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";

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
  const read = (name: string) => JSON.parse(readFileSync(path.join(partnersDir, partner, "snapshot", name), "utf8"));
  const events = read("events.json") as FloorData;
  const site = floorSiteOf(read("site.json") as FloorSiteJson);
  const showings = new Map<string, FloorData["events"]>();
  for (const event of events.events) {
    const list = showings.get(event.production);
    if (list) list.push(event);
    else showings.set(event.production, [event]);
  }
  let pages = 0;
  let bytes = 0;
  for (const film of events.productions) {
    if (film.object !== "movie") continue;
    const html = `<!DOCTYPE html>${renderToString(h(FloorPage, { site, film, showings: showings.get(film.id) ?? [] }))}`;
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
  productions: {
    id: string;
    object: string;
    title: string;
    parentSlug: string;
    contents: { summary?: string; body?: string }[];
    assets: { url: string }[];
  }[];
  events: {
    id: number | null;
    production: string;
    begin: string;
    location: { name: string } | null;
    purchaseUrl: string | null;
  }[];
}

interface FloorSiteJson {
  host: string;
  title: string;
  address?: { name?: string; street?: string; postalCode?: string; city?: string };
  theme: { menu: { path: string; label: string; place: string; order: number; parent: string }[] };
}

interface FloorSite {
  origin: string;
  name: string;
  address: string;
  header: { path: string; label: string }[];
  footer: { path: string; label: string }[];
}

function floorSiteOf(site: FloorSiteJson): FloorSite {
  const links = (place: string) =>
    site.theme.menu
      .filter((item) => item.place === place && item.path !== "")
      .sort((a, b) => a.order - b.order)
      .map(({ path, label }) => ({ path, label }));
  const { name, street, postalCode, city } = site.address ?? {};
  return {
    origin: `https://${site.host}`,
    name: name ?? site.title,
    address: [street, [postalCode, city].filter(Boolean).join(" ")].filter(Boolean).join(", "),
    header: links("header"),
    footer: links("footer"),
  };
}

function FloorPage({
  site,
  film,
  showings,
}: {
  site: FloorSite;
  film: FloorData["productions"][number];
  showings: FloorData["events"];
}) {
  const url = `${site.origin}/${film.parentSlug}`;
  const summary = film.contents[0]?.summary ?? "";
  const poster = film.assets[0]?.url;
  return h(
    "html",
    { lang: "nb" },
    h(
      "head",
      null,
      h("meta", { charSet: "utf-8" }),
      h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
      h("title", null, `${film.title} | ${site.name}`),
      h("meta", { name: "description", content: summary }),
      h("link", { rel: "canonical", href: url }),
      h("meta", { property: "og:title", content: film.title }),
      h("meta", { property: "og:url", content: url }),
      poster ? h("meta", { property: "og:image", content: poster }) : null,
      h("link", { rel: "stylesheet", href: "/site.css" }),
      h("script", { type: "module", src: "/main.js" }),
    ),
    h(
      "body",
      null,
      h(
        "header",
        null,
        h("a", { href: "/" }, site.name),
        h(
          "nav",
          { "aria-label": "Hovedmeny" },
          h(
            "ul",
            null,
            site.header.map((item) =>
              h("li", { key: item.path + item.label }, h("a", { href: item.path }, item.label)),
            ),
          ),
        ),
        h(
          "form",
          { role: "search", action: "/search" },
          h("input", { type: "search", name: "q", "aria-label": "Søk" }),
        ),
      ),
      h(
        "main",
        null,
        h("h1", null, film.title),
        poster ? h("img", { src: poster, alt: `Plakat: ${film.title}`, width: 225, height: 340 }) : null,
        h("p", null, summary),
        h("div", { dangerouslySetInnerHTML: { __html: film.contents[0]?.body ?? "" } }),
        h(
          "ul",
          null,
          showings
            .filter((s) => s.id !== null)
            .map((s) =>
              h(
                "li",
                { key: String(s.id) },
                h("time", { dateTime: s.begin }, s.begin.slice(11, 16)),
                " ",
                s.location?.name ?? "",
                " ",
                s.purchaseUrl ? h("a", { href: s.purchaseUrl }, "Kjøp billett") : null,
              ),
            ),
        ),
      ),
      h(
        "footer",
        null,
        h(
          "nav",
          { "aria-label": "Bunnmeny" },
          h(
            "ul",
            null,
            site.footer.map((item) =>
              h("li", { key: item.path + item.label }, h("a", { href: item.path }, item.label)),
            ),
          ),
        ),
        h("p", null, `© ${site.name} · ${site.address}`),
      ),
    ),
  );
}
