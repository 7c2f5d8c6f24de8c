/**
 * The floor's film page (docs/performance.md "Method"), shared by the floor
 * (scripts/bench-child.ts) and the peers of `npm run bench` (bench/peers/, bundled for them by
 * scripts/bench-peers.ts), so every one of them writes the same markup for the same films.
 * The page has what the film-page floor and the peers' film pages have (~5 KB here, ~6 KB in
 * the issue that set it): a head with title, description, canonical and OpenGraph; the site's
 * header menu and a search form; the film's title, poster, summary, body and showtimes with
 * purchase links; the footer menu and address.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { createElement as h } from "react";

export interface FloorFilm {
  site: FloorSite;
  film: FloorData["productions"][number];
  showings: FloorData["events"];
}

/** Every film of a snapshot folder (`movie` productions, in the snapshot's order) with its showings. */
export function readFloorFilms(snapshotDir: string): FloorFilm[] {
  const read = (name: string) => JSON.parse(readFileSync(path.join(snapshotDir, name), "utf8"));
  const events = read("events.json") as FloorData;
  const site = floorSiteOf(read("site.json") as FloorSiteJson);
  const showings = new Map<string, FloorData["events"]>();
  for (const event of events.events) {
    const list = showings.get(event.production);
    if (list) list.push(event);
    else showings.set(event.production, [event]);
  }
  return events.productions
    .filter((film) => film.object === "movie")
    .map((film) => ({ site, film, showings: showings.get(film.id) ?? [] }));
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

export function FloorPage({ site, film, showings }: FloorFilm) {
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
