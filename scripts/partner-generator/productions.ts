import type { Event, Production } from "../../src/model/index.js";
import type { Prng } from "./prng.js";
import { addDays, localDateTime, weekday } from "./local-time.js";
import { slugify } from "./slug.js";
import { COUNTRIES, CULTURE_KINDS, FILM_TITLE_PARTS, FIRST_NAMES, GENRES, LAST_NAMES, SUMMARIES } from "./words.js";

export interface CatalogOptions {
  partner: number;
  films: number;
  culture: number;
  /** Oslo calendar date of the capture time. */
  today: string;
  imageCdn: string;
  ticketHost: string;
  ticketCinemaId: string;
  cinemaName: string;
  channel: string;
}

export interface Catalog {
  productions: Production[];
  events: Event[];
}

const HALLS = ["Sal 1", "Sal 2", "Sal 3", "Sal 4", "Sal 5", "Sal 6"];
const FLAG_VIEWS: Record<string, string> = {
  baby_cinema: "Babykino",
  senior_cinema: "Seniorkino",
  knitting_cinema: "Strikkekino",
  pre_premiere: "Førpremiere",
};
/** Pseudo productions the /kinoprogram, /filmer and /kommende exclusions (spec 2.3) hide. */
const EXCLUDED_EVENT_NUMBERS = [113371, 113372];

const person = (prng: Prng) => `${prng.pick(FIRST_NAMES)} ${prng.pick(LAST_NAMES)}`;
const eventId = (partner: number, number: number) =>
  `${partner}${String(number).padStart(13 - String(partner).length, "0")}`;

function filmTitle(prng: Prng, index: number): string {
  const kind = index % 4;
  const base =
    kind === 0
      ? `${prng.pick(FILM_TITLE_PARTS.first)} ${prng.pick(FILM_TITLE_PARTS.second)}`
      : kind === 1
        ? prng.pick(FILM_TITLE_PARTS.international)
        : kind === 2
          ? `${prng.pick(FILM_TITLE_PARTS.family)} ${prng.pick(FILM_TITLE_PARTS.familyEnd)}`
          : `${prng.pick(FILM_TITLE_PARTS.first)} ${prng.pick(FILM_TITLE_PARTS.second)}`;
  // Titles repeat across thousands of films; a sequel number keeps slugs readable and unique.
  return index < 60 ? base : `${base} ${Math.floor(index / 60) + 1}`;
}

function asset(options: CatalogOptions, prng: Prng, type: string, slug: string) {
  return {
    type,
    url: `${options.imageCdn}/${slug}-${type === "first_poster" ? "poster" : "bilde"}.jpg`,
    focalPointQuery: `fp-x=0.${prng.int(30, 70)}&fp-y=0.${prng.int(20, 50)}`,
  };
}

export function generateCatalog(options: CatalogOptions, prng: Prng): Catalog {
  const productions: Production[] = [];
  const events: Event[] = [];
  let eventNumber = 104500;
  const usedSlugs = new Set<string>();
  const showing = (production: Production, date: string, flags: string[]): Event => {
    eventNumber += prng.int(1, 3);
    if (EXCLUDED_EVENT_NUMBERS.includes(eventNumber)) eventNumber += 3;
    const id = eventId(options.partner, eventNumber);
    const available = prng.chance(0.08) ? 0 : prng.chance(0.15) ? prng.int(1, 9) : prng.int(10, 317);
    const hour =
      weekday(date) === 0 || weekday(date) === 6
        ? prng.pick([11, 13, 15, 17, 19, 21])
        : prng.pick([16, 17, 18, 19, 20, 21, 22]);
    return {
      id,
      key: `e-${id}`,
      object: "event",
      objectClass: production.objectClass,
      production: production.id,
      begin: localDateTime(date, hour, prng.pick([0, 15, 30, 45])),
      location: { name: prng.pick(HALLS) },
      purchaseUrl: `${options.ticketHost}/${options.ticketCinemaId}/events/${eventNumber}/purchase/setup?kanal=${options.channel}`,
      ticketSaleType: "normal",
      ticketSales: [{ available, beginWeb: localDateTime(addDays(date, -21), 10, 0) }],
      advertisementFlags: flags.map((value) => ({ value })),
      advertisementFlagsView: flags.map((flag) => ({ flag, view: FLAG_VIEWS[flag] ?? flag })),
    };
  };

  for (let i = 0; i < options.films; i += 1) {
    const number = 4500 + i;
    const upcoming = i % 4 === 3;
    const title = filmTitle(prng, i);
    const code = String(20000000 + number * 7).padStart(8, "0");
    let slug = `${slugify(title)}-dxm-${code}`;
    while (usedSlugs.has(slug)) slug += "-2";
    usedSlugs.add(slug);
    const premiere = upcoming ? addDays(options.today, prng.int(3, 60)) : addDays(options.today, -prng.int(0, 40));
    const family = i % 4 === 2;
    const flags = [
      ...(i % 9 === 1 ? ["baby_cinema"] : []),
      ...(i % 11 === 2 ? ["senior_cinema"] : []),
      ...(i % 13 === 5 ? ["knitting_cinema"] : []),
    ];
    const summary = prng.pick(SUMMARIES);
    const production: Production = {
      id: `${number}_movie_${upcoming ? "movie_coming" : "movie"}`,
      title,
      parentTitle: title,
      parentSlug: slug,
      pageReference: null,
      reference: `DXM${code}`,
      eventId: i < 2 ? eventId(options.partner, EXCLUDED_EVENT_NUMBERS[i]) : eventId(options.partner, 200000 + number),
      object: "movie",
      objectClass: upcoming ? "movie_coming" : "movie",
      classTitle: upcoming ? "Kommende filmer" : "Film",
      begin: premiere,
      features: [
        { type: "format", value: prng.chance(0.3) ? "Dolby Atmos" : "2D" },
        { type: "language", value: family ? "Norsk Tale" : prng.pick(["Original Tale", "Engelsk Tale", "Norsk Tale"]) },
        ...(family ? [] : [{ type: "language" as const, value: "Norsk Tekst" }]),
        { type: "age", value: family ? prng.pick(["A", "6"]) : prng.pick(["9", "12", "15"]) },
      ],
      contents: [{ body: `<p>${summary}</p><p>Regissert av ${person(prng)}. ${prng.pick(SUMMARIES)}</p>`, summary }],
      assets: [asset(options, prng, "first_image", slug), asset(options, prng, "first_poster", slug)],
      location: { name: options.cinemaName },
      properties: [
        { property: "actor", value: [person(prng), person(prng), person(prng)].join(", ") },
        { property: "director", value: person(prng) },
        { property: "kinoklubb", value: i % 7 === 0 ? true : i % 7 === 1 ? null : false },
        { property: "genre", value: family ? "Familie" : prng.pick(GENRES) },
        { property: "length", value: prng.int(78, 168) },
        { property: "originalTitle", value: title },
        { property: "productionYear", value: 2026 },
        { property: "country", value: prng.pick(COUNTRIES) },
      ],
      advertisementFlags: flags,
    };
    productions.push(production);
    const showings = upcoming ? (prng.chance(0.3) ? prng.int(1, 2) : 0) : prng.int(4, 16);
    for (let s = 0; s < showings; s += 1) {
      const date = upcoming ? addDays(premiere, -prng.int(1, 3)) : addDays(options.today, prng.int(-14, 42));
      events.push(showing(production, date, [...flags, ...(date < premiere ? ["pre_premiere"] : [])]));
    }
    if (showings === 0) {
      events.push({
        id: null,
        key: `mc-${number}`,
        object: "event",
        objectClass: production.objectClass,
        production: production.id,
        begin: premiere,
        location: null,
        purchaseUrl: null,
        ticketSaleType: null,
        ticketSales: [],
        advertisementFlags: [],
        advertisementFlagsView: [],
      });
    }
  }

  for (let i = 0; i < options.culture; i += 1) {
    const number = 9000 + i;
    const kind = CULTURE_KINDS[i % CULTURE_KINDS.length];
    const title = `${prng.pick(kind.titles)} ${person(prng)}`;
    const code = Array.from({ length: prng.int(6, 7) }, () => "abcdefghjkmnpqrstuvwxyz23456789"[prng.int(0, 29)]).join(
      "",
    );
    // Colons belong in article slugs only; production paths keep to letters, digits and '-'.
    const plainSlug = slugify(title.replace(/:/g, ""));
    const reference = `${plainSlug}-${code}`;
    const date = addDays(options.today, prng.int(-5, 60));
    const summary = `${kind.classTitle} i ${i % 3 === 0 ? "Solvik kulturhus" : options.cinemaName}. ${prng.pick(SUMMARIES)}`;
    const production: Production = {
      id: `${number}_culture_${kind.objectClass}`,
      title,
      parentTitle: title,
      parentSlug: plainSlug,
      pageReference: reference,
      reference: `K${number}`,
      eventId: null,
      object: "culture",
      objectClass: kind.objectClass,
      classTitle: kind.classTitle,
      begin: date,
      features: [{ type: "age", value: "A" }],
      contents: [{ body: `<p>${summary}</p>`, summary }],
      assets: [asset(options, prng, "first_image", reference), asset(options, prng, "first_poster", reference)],
      location: { name: i % 3 === 0 ? "Solvik kulturhus" : options.cinemaName },
      properties: [{ property: "actor", value: person(prng) }],
      advertisementFlags: [],
    };
    productions.push(production);
    events.push(showing(production, date, []));
  }
  return { productions, events };
}
