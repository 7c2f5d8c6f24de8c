/**
 * Writes the embedded snapshot of partner 118 (Elvbyen kino), the second cinema that has the
 * member service (spec 1, 6), in the documented snapshot format (docs/data-format.md). Made by
 * hand, NOT by the 178 generator, and different on purpose (README.md, Partners in this repository): a small town
 * cinema in December with two halls, five films (one kinoklubb film, one upcoming with only
 * its placeholder, one with a pre-premiere), two culture events at their pageReference, three
 * articles, member pages (/min-side, movie info and reviews on film pages), a redirect from the
 * '/article-{slug}' reading, and no ad slots.
 *
 *   npx tsx scripts/partner-118.ts
 *
 * The JSON files it writes (partners/118/snapshot/) are committed; builds read them.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { COMPONENTS } from "../src/model/components.js";

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "partners", "118", "snapshot");
const CDN = "https://img.kinoplattform.example";
const TICKETS = "https://billett.kinoplattform.example/elvbyen/events";

type Bound = { binding: string | null; source: string | null; item?: Record<string, unknown>; items?: unknown[] };
const lit = (text: string): Bound => ({ binding: text, source: null });
const at = (expr: string, source: string): Bound => ({ binding: expr, source });

// ---------------------------------------------------------------- productions and showings

const asset = (type: string, file: string, fp = "fp-x=0.5&fp-y=0.4") => ({
  type,
  url: `${CDN}/118/${file}`,
  focalPointQuery: fp,
});
const film = (n: number, objectClass: "movie" | "movie_coming", fields: Record<string, unknown>) => ({
  id: `${n}_movie_${objectClass}`,
  pageReference: null,
  object: "movie",
  objectClass,
  classTitle: objectClass === "movie_coming" ? "Kommende filmer" : "Film",
  location: { name: "Elvbyen kino" },
  advertisementFlags: [],
  ...fields,
});
const culture = (n: number, objectClass: string, classTitle: string, fields: Record<string, unknown>) => ({
  id: `${n}_culture_${objectClass}`,
  object: "culture",
  objectClass,
  classTitle,
  location: { name: "Elvbyen kino" },
  features: [],
  properties: [],
  advertisementFlags: [],
  ...fields,
});

const productions = [
  film(1101, "movie", {
    title: "Isbryteren",
    parentTitle: "Isbryteren",
    parentSlug: "isbryteren-dxm-18000101",
    reference: "DXM18000101",
    eventId: "1180000210101",
    begin: "2026-11-27",
    features: [
      { type: "format", value: "2D" },
      { type: "language", value: "Norsk Tale" },
      { type: "age", value: "9" },
    ],
    contents: [
      {
        body: "<p>Mannskapet på en gammel <strong>isbryter</strong> må ta seg gjennom vinterens verste storm. Spennende familiefilm fra Nord-Norge.</p>",
        summary: "Mannskapet på en gammel isbryter møter vinterens verste storm.",
      },
    ],
    assets: [asset("first_poster", "isbryteren-plakat.jpg"), asset("first_image", "isbryteren-bilde.jpg")],
    properties: [
      { property: "director", value: "Mari Fjell" },
      { property: "actor", value: "Jonas Li, Sara Moe" },
      { property: "genre", value: "Familie" },
      { property: "length", value: 101 },
      { property: "productionYear", value: 2026 },
      { property: "country", value: "Norge" },
    ],
  }),
  film(1102, "movie", {
    title: "Nattbussen",
    parentTitle: "Nattbussen",
    parentSlug: "nattbussen-dxm-18000102",
    reference: "DXM18000102",
    eventId: "1180000210102",
    begin: "2026-11-13",
    features: [
      { type: "format", value: "2D" },
      { type: "language", value: "Original Tale" },
      { type: "language", value: "Norsk Tekst" },
      { type: "age", value: "15" },
    ],
    contents: [
      { body: "<p>En sjåfør, én natt, sju passasjerer.</p>", summary: "En sjåfør, én natt, sju passasjerer." },
    ],
    assets: [asset("first_poster", "nattbussen-plakat.jpg")],
    properties: [
      { property: "actor", value: "Ola Vik" },
      { property: "kinoklubb", value: true },
      { property: "length", value: 94 },
    ],
  }),
  film(1103, "movie", {
    title: "Julestjerna",
    parentTitle: "Julestjerna",
    parentSlug: "julestjerna-dxm-18000103",
    reference: "DXM18000103",
    eventId: "1180000210103",
    begin: "2026-12-11",
    features: [
      { type: "format", value: "2D" },
      { type: "language", value: "Norsk Tale" },
      { type: "age", value: "A" },
    ],
    contents: [
      {
        body: "<p>Julefilm for de minste. Førpremiere lørdag med grøt i foajeen.</p>",
        summary: "Julefilm for de minste.",
      },
    ],
    assets: [asset("first_poster", "julestjerna-plakat.jpg")],
    properties: [{ property: "length", value: 72 }],
    advertisementFlags: ["pre_premiere"],
  }),
  film(1104, "movie_coming", {
    title: "Vårløsning",
    parentTitle: "Vårløsning",
    parentSlug: "varlosning-dxm-18000104",
    reference: "DXM18000104",
    eventId: null,
    begin: "2027-02-19",
    features: [{ type: "age", value: "12" }],
    contents: [{ body: "<p>Kommer i februar.</p>", summary: null }],
    assets: [asset("first_poster", "varlosning-plakat.jpg")],
    location: null,
    properties: [],
  }),
  film(1105, "movie", {
    title: "Seniorkino: Høstsonate",
    parentTitle: "Høstsonate",
    parentSlug: "hostsonate-dxm-18000105",
    reference: "DXM18000105",
    eventId: "1180000210105",
    begin: "1978-10-08",
    features: [
      { type: "format", value: "2D" },
      { type: "language", value: "Original Tale" },
      { type: "age", value: "12" },
    ],
    contents: [{ body: "<p>Klassiker på seniorkino, med kaffe og kake.</p>", summary: "Klassiker med kaffe og kake." }],
    assets: [],
    properties: [{ property: "length", value: 99 }],
    advertisementFlags: ["senior_cinema"],
  }),
  culture(1201, "concert", "Konsert", {
    title: "Julekonsert med Elvbyen kor",
    parentTitle: "Julekonsert med Elvbyen kor",
    parentSlug: "julekonsert-med-elvbyen-kor",
    pageReference: "julekonsert-med-elvbyen-kor-e1k2b7",
    reference: "E1K2B7",
    eventId: "1180000220201",
    begin: "2026-12-17",
    contents: [{ body: "<p>Koret synger inn julen i Sal 1.</p>", summary: "Koret synger inn julen." }],
    assets: [asset("first_poster", "julekonsert.jpg")],
  }),
  culture(1202, "standup", "Standup", {
    title: "Standup: Latter i nord",
    parentTitle: "Standup: Latter i nord",
    parentSlug: "standup-latter-i-nord",
    pageReference: "standup-latter-i-nord-s9d4f2x",
    reference: "S9D4F2X",
    eventId: "1180000220202",
    begin: "2027-01-15",
    contents: [{ body: "<p>Tre komikere fra landsdelen.</p>", summary: "Tre komikere fra landsdelen." }],
    assets: [],
  }),
];

function showing(
  number: number,
  production: string,
  begin: string,
  hall: string,
  available: number,
  extra: Record<string, unknown> = {},
) {
  const id = `118${String(number).padStart(10, "0")}`;
  const owner = productions.find((p) => p.id === production)!;
  return {
    id,
    key: `e-${id}`,
    object: "event",
    objectClass: owner.objectClass,
    production,
    begin,
    location: { name: hall },
    purchaseUrl: `${TICKETS}/${number}/purchase/setup`,
    ticketSaleType: "normal",
    ticketSales: [{ available, beginWeb: "2026-11-20 10:00:00" }],
    advertisementFlags: [],
    advertisementFlagsView: [],
    ...extra,
  };
}
const flag = (value: string, view: string) => ({
  advertisementFlags: [{ value }],
  advertisementFlagsView: [{ flag: value, view }],
});

const events = [
  showing(310001, "1101_movie_movie", "2026-12-03 18:00:00", "Sal 1", 60), // the day before: past
  showing(310002, "1101_movie_movie", "2026-12-04 17:30:00", "Sal 1", 112),
  showing(310003, "1101_movie_movie", "2026-12-05 13:00:00", "Sal 1", 4),
  showing(310004, "1101_movie_movie", "2026-12-06 13:00:00", "Sal 2", 0),
  showing(310011, "1102_movie_movie", "2026-12-04 21:00:00", "Sal 2", 38),
  showing(310012, "1102_movie_movie", "2026-12-09 19:00:00", "Sal 2", 45),
  showing(310021, "1103_movie_movie", "2026-12-05 11:00:00", "Sal 1", 90, flag("pre_premiere", "Førpremiere")),
  showing(310022, "1103_movie_movie", "2026-12-12 12:00:00", "Sal 1", 120),
  {
    id: null,
    key: "mc-1104",
    object: "event",
    objectClass: "movie_coming",
    production: "1104_movie_movie_coming",
    begin: "2027-02-19",
    location: null,
    purchaseUrl: null,
    ticketSaleType: null,
    ticketSales: [],
    advertisementFlags: [],
    advertisementFlagsView: [],
  },
  showing(310041, "1105_movie_movie", "2026-12-08 12:00:00", "Sal 2", 50, flag("senior_cinema", "Seniorkino")),
  showing(320001, "1201_culture_concert", "2026-12-17 19:00:00", "Sal 1", 180),
  showing(320002, "1202_culture_standup", "2027-01-15 20:00:00", "Sal 1", 150),
];

// ---------------------------------------------------------------- articles

const article = (
  id: string,
  title: string,
  slug: string,
  content: string,
  image: string | null,
  day: number,
  order: number,
) => ({
  id,
  category: "article",
  title,
  slug,
  content,
  image,
  thumbnail: image ? `${image}?w=400` : null,
  author: "Elvbyen kino",
  node_locale: "nb",
  createdAt: Date.UTC(2026, 10, day, 9),
  updatedAt: Date.UTC(2026, 10, day, 9),
  order,
});
const articles = [
  article(
    "5d2e7a10-3b4c-4d5e-8f60-7a8b9c0d1e2f",
    "Ny lyd i Sal 1",
    "ny-lyd-i-sal-1",
    "<p>Sal 1 har fått nytt lydanlegg med <strong>Dolby Atmos</strong>. Kom og hør forskjellen!</p>",
    `${CDN}/118/sal1.jpg`,
    18,
    0,
  ),
  article(
    "6e3f8b21-4c5d-4e6f-9071-8b9c0d1e2f30",
    "Personvernerklæring",
    "personvernerklaering",
    "<p>Elvbyen kino lagrer bare det som trengs for å selge billetter. Medlemsinnlogging lagrer et token i nettleseren.</p>",
    null,
    1,
    1,
  ),
  article(
    "7f4091a2-5d6e-4f70-8182-9c0d1e2f3041",
    "Filmprek: Isbryteren",
    "filmprek:-isbryteren",
    "<p>Regissør Mari Fjell kommer til Elvbyen etter visningen fredag.</p>",
    `${CDN}/118/isbryteren-bilde.jpg`,
    25,
    2,
  ),
];

// ---------------------------------------------------------------- pages

const full = { xs: { span: 12, order: 0 }, md: { span: 12, order: 0 }, lg: { span: 12, order: 0 } };
const oneColumn = { index: 0, container: true, columns: [{ index: 0, ...full }] };
const twoColumns = {
  index: 0,
  container: true,
  columns: [
    { index: 0, xs: { span: 12, order: 0 }, md: { span: 6, order: 0 }, lg: { span: 9, order: 0 } },
    { index: 1, xs: { span: 12, order: 1 }, md: { span: 6, order: 1 }, lg: { span: 3, order: 1 } },
  ],
};
const blockData: { id: string; locale: string; bindings: Record<string, unknown> }[] = [];
let pageNumber = 0;
const pageId = () => `b118e000-0000-4000-8000-${String(++pageNumber).padStart(12, "0")}`;

function block(
  id: string,
  component: string,
  column: number,
  order: number,
  bindings: Record<string, unknown>,
  hide = false,
) {
  blockData.push({ id: `bd-${id}`, locale: "nb", bindings });
  return {
    id,
    component,
    hide,
    place: { row: 0, column, order },
    data: [`bd-${id}`],
    metadata: { properties: COMPONENTS[component].properties },
  };
}

const ticketItem = (source: string) => ({
  id: at("@key", source),
  date: at("@begin", source),
  location: at("@location.name", source),
  link: at("@purchaseUrl", source),
  count: at("@ticketSales[0].available", source),
  ticketSaleType: at("@ticketSaleType", source),
  ticketSaleWebStartDate: at("@ticketSales[0].beginWeb", source),
  highlightHeading: lit(""),
  highlightBody: lit(""),
  adFlags: at("@advertisementFlags.value", source),
  adFlagsView: {
    ...at("@", "advertisementFlagsView"),
    item: { flag: at("@flag", "advertisementFlagsView"), view: at("@view", "advertisementFlagsView") },
  },
});
const features = { ...at("@", "features"), item: { name: at("@value", "features"), highlight: lit("false") } };

function programme(title: string, type: "date" | "none", displayMode: string, showCount = "true") {
  return {
    title: lit(title),
    filter: { type: lit(type), from: lit(""), to: lit("") },
    ticketDisplayMode: lit(displayMode),
    showTicketCount: lit(showCount),
    events: {
      ...at("@", "productions"),
      item: {
        id: at("@id", "productions"),
        title: at("@parentTitle", "productions"),
        image: at(
          "@assets[type=first_poster].url | image:w=225&h=340&fit=crop&auto=compress&crop=faces,top",
          "productions",
        ),
        description: at("@contents[0].summary", "productions"),
        cast: at("@properties[property=actor].value", "productions"),
        // Culture pages live at their pageReference, films at their parentSlug.
        link: at("/{@pageReference ?? @parentSlug}", "productions"),
        type: at("@objectClass", "productions"),
        category: at("@classTitle", "productions"),
        club: at("@properties[property=kinoklubb].value", "productions"),
        begin: at("@begin", "productions"),
        features,
        tickets: { ...at("@", "events"), item: ticketItem("events") },
      },
    },
  };
}
const programmeSources = (filter: unknown[]) => [
  { name: "productions", model: "production", collection: true, filter },
  { name: "events", model: "event", collection: true, filter: [] },
];
const meta = (title: string, description: string) => ({
  data: { nb: { title: lit(title), description: lit(description) }, en: {} },
});
const staticPage = (
  title: string,
  pagePath: string,
  sources: unknown[],
  blocks: unknown[],
  description: string,
  pageType = "ordinary",
) => ({
  id: pageId(),
  title,
  path: pagePath,
  layout: "page-header-footer",
  pageType,
  template: { rows: [oneColumn] },
  sources,
  blocks,
  meta: meta(title, description),
});

const pages = [
  staticPage(
    "Forside",
    "/",
    [
      ...programmeSources([{ property: "object", operator: "eq", value: "movie" }]),
      {
        name: "articles",
        model: "article",
        collection: true,
        filter: [{ property: "slug", operator: "regex", value: "^(?!personvernerklaering$)" }],
      },
    ],
    [
      block("f-cover", "cover", 0, 0, {
        title: lit("Velkommen til Elvbyen kino"),
        subtitle: lit("To saler ved elva – film, konserter og kaffe."),
      }),
      block("f-program", "program", 0, 1, programme("I dag og fremover", "date", "10")),
      block("f-news", "card-list", 0, 2, {
        title: lit("Nytt fra kinoen"),
        limit: lit("3"),
        cards: {
          ...at("@", "articles"),
          item: {
            title: at("@title", "articles"),
            text: at("@content | text | truncate:120", "articles"),
            image: at("@thumbnail", "articles"),
            link: at("/article/{@slug}", "articles"),
            linkText: lit("Les mer"),
          },
        },
      }),
    ],
    "Kinoprogram, konserter og billetter for Elvbyen kino.",
  ),
  staticPage(
    "Kinoprogram",
    "/kinoprogram",
    programmeSources([{ property: "object", operator: "eq", value: "movie" }]),
    [block("k-program", "program", 0, 0, programme("Kinoprogram", "date", "10"))],
    "Alle filmer og visninger på Elvbyen kino.",
  ),
  staticPage(
    "Kommende filmer",
    "/kommende",
    programmeSources([{ property: "objectClass", operator: "eq", value: "movie_coming" }]),
    [block("c-program", "program", 0, 0, programme("Kommende filmer", "none", "-2", "false"))],
    "Kommende filmer",
  ),
  staticPage(
    "Seniorkino",
    "/seniorkino",
    programmeSources([{ property: "advertisementFlags", operator: "eq", value: "senior_cinema" }]),
    [block("s-program", "program", 0, 0, programme("Seniorkino", "date", "-1"))],
    "Film for seniorer, med kaffe.",
  ),
  staticPage(
    "Kulturprogram",
    "/kulturprogram",
    programmeSources([{ property: "object", operator: "eq", value: "culture" }]),
    [block("ku-program", "culture-program", 0, 0, programme("Konserter og scene", "date", "-1"))],
    "Konserter og standup på Elvbyen kino.",
  ),
  staticPage(
    "Min side",
    "/min-side",
    [
      {
        name: "featured_events",
        model: "event",
        collection: true,
        filter: [{ property: "production.object", operator: "eq", value: "movie" }],
      },
    ],
    [
      block("m-page", "my-page", 0, 0, {
        title: lit("Min side"),
        text: lit("Logg inn for å se billettene og ønskelisten din."),
        events: {
          ...at("@", "featured_events"),
          item: {
            ...ticketItem("featured_events"),
            title: at("@production.parentTitle", "featured_events"),
            productionLink: at("/{@production.parentSlug}", "featured_events"),
          },
        },
      }),
    ],
    "Billetter og ønskeliste for medlemmer.",
    "standard",
  ),
  staticPage(
    "Søk",
    "/search",
    [],
    [
      block("s-field", "search-field", 0, 0, {
        title: lit("Søk"),
        placeholder: lit("Søk i artikler og arrangementer"),
      }),
      block("s-results", "search-results", 0, 1, { title: lit("Treff"), emptyText: lit("Ingen treff.") }),
    ],
    "Søk på Elvbyen kino.",
    "standard",
  ),
  staticPage(
    "Om kinoen",
    "/om-kinoen",
    [],
    [
      block("o-content", "content", 0, 0, {
        title: lit("Om kinoen"),
        body: lit(
          "<p>Elvbyen kino har to saler: Sal 1 med 180 plasser og Sal 2 med 64.</p><p>Billettluken åpner en time før første visning.</p>",
        ),
      }),
      block("o-news", "news-subscribe", 0, 1, {
        title: lit("Nyhetsbrev"),
        text: lit("Få programmet på e-post hver torsdag."),
        action: lit("https://nyhetsbrev.elvbyen.example/meld-pa"),
      }),
    ],
    "Om Elvbyen kino: saler, åpningstider og kontakt.",
  ),
  staticPage(
    "Fant ikke siden",
    "/404.html",
    [],
    [
      block("n-content", "content", 0, 0, {
        title: lit("Fant ikke siden"),
        body: lit('<p>Siden finnes ikke. Gå til <a href="/kinoprogram">kinoprogrammet</a>.</p>'),
      }),
    ],
    "Siden finnes ikke.",
    "standard",
  ),
  {
    id: pageId(),
    title: "Inner Production page",
    path: "/:production",
    layout: "page-header-footer",
    pageType: "standard",
    template: { rows: [twoColumns] },
    sources: [
      {
        name: "production",
        model: "production",
        collection: false,
        filter: [
          { property: "object", operator: "eq", value: "movie" },
          { property: "parentSlug", operator: "eq", value: "@production" },
        ],
      },
      {
        name: "events",
        model: "event",
        collection: true,
        filter: [{ property: "production.parentSlug", operator: "eq", value: "@production" }],
      },
    ],
    blocks: [
      block("p-cover", "movie-cover", 0, 0, {
        title: at("@parentTitle", "production"),
        image: at("@assets[type=first_image].url | image:w=1920&h=1080&auto=compress", "production"),
        poster: at(
          "@assets[type=first_poster].url | image:w=225&h=340&fit=crop&auto=compress&crop=faces,top",
          "production",
        ),
        summary: at("@contents[0].summary", "production"),
        genre: at("@properties[property=genre].value", "production"),
        duration: at("@properties[property=length].value", "production"),
        premiere: at("@begin", "production"),
        features,
      }),
      block("p-info", "movie-info", 0, 1, {
        title: lit("Om filmen"),
        edi: at("@reference", "production"),
        body: at("@contents[0].body", "production"),
        cast: at("@properties[property=actor].value", "production"),
        director: at("@properties[property=director].value", "production"),
        year: at("@properties[property=productionYear].value", "production"),
        duration: at("@properties[property=length].value", "production"),
      }),
      block("p-reviews", "movie-reviews", 0, 2, { title: lit("Anmeldelser"), edi: at("@reference", "production") }),
      block("p-tickets", "ticket-list", 1, 0, {
        title: lit("Billetter"),
        ticketDisplayMode: lit("10"),
        productionTitle: at("@parentTitle", "production"),
        tickets: { ...at("@", "events"), item: ticketItem("events") },
      }),
    ],
    meta: {
      data: {
        nb: {
          title: at("@title", "production"),
          description: at("@contents[0].body", "production"),
          keywords: at("@features", "production"),
          image: at("@assets[type=first_image].url | image:w=1920&h=1080&auto=compress", "production"),
        },
        en: {},
      },
    },
  },
  {
    id: pageId(),
    title: "Inner Culture page",
    path: "/:culture",
    layout: "page-header-footer",
    pageType: "standard",
    template: { rows: [twoColumns] },
    sources: [
      {
        name: "culture",
        model: "production",
        collection: false,
        filter: [
          { property: "object", operator: "eq", value: "culture" },
          { property: "pageReference", operator: "eq", value: "@culture" },
        ],
      },
      {
        name: "events",
        model: "event",
        collection: true,
        filter: [{ property: "production.pageReference", operator: "eq", value: "@culture" }],
      },
    ],
    blocks: [
      block("c-cover", "cover", 0, 0, {
        title: at("@parentTitle", "culture"),
        subtitle: at("@contents[0].summary", "culture"),
        image: at("@assets[type=first_poster].url | image:w=1920&h=1080&auto=compress", "culture"),
      }),
      block("c-content", "content", 0, 1, { title: lit("Om arrangementet"), body: at("@contents[0].body", "culture") }),
      block("c-tickets", "ticket-list", 1, 0, {
        title: lit("Billetter"),
        ticketDisplayMode: lit("-1"),
        productionTitle: at("@parentTitle", "culture"),
        tickets: { ...at("@", "events"), item: ticketItem("events") },
      }),
    ],
    meta: {
      data: { nb: { title: at("@title", "culture"), description: at("@contents[0].summary", "culture") }, en: {} },
    },
  },
  {
    id: pageId(),
    title: "Article inner page",
    path: "/article/:slug",
    layout: "page-header-footer",
    pageType: "standard",
    template: { rows: [oneColumn] },
    sources: [
      {
        name: "article",
        model: "article",
        collection: false,
        filter: [{ property: "slug", operator: "eq", value: "@slug" }],
      },
    ],
    blocks: [
      block("a-article", "article", 0, 0, {
        title: at("@title", "article"),
        content: at("@content", "article"),
        image: at("@image", "article"),
        author: at("@author", "article"),
        createdAt: at("@createdAt", "article"),
        updatedAt: at("@updatedAt", "article"),
      }),
    ],
    meta: {
      data: {
        nb: {
          title: at("{@title} | Elvbyen", "article"),
          description: at("@content", "article"),
          image: at("@image", "article"),
        },
        en: {},
      },
    },
  },
];

// ---------------------------------------------------------------- site

const menuItem = (
  id: string,
  label: string,
  menuPath: string,
  parent: string,
  order: number,
  place = "header",
  openInNewWindow = false,
) => ({ id, path: menuPath, parent, label, place, locale: "nb", order, openInNewWindow });

const site = {
  id: 118,
  title: "Elvbyen kino",
  host: "www.elvbyenkino.no",
  aliases: ["elvbyenkino.no"],
  partners: [118],
  published: true,
  stage: "production",
  skeleton: { version: "3.1.0" },
  repository: "cinema-sites/partner-118",
  trackingId: "G-ELVBYEN118",
  pixelId: "118000000000001",
  locale: { available: ["nb", "en"], enabled: ["nb"], default: "nb" },
  activeLocale: "nb",
  preferredLanguage: "nb",
  theme: {
    id: "beta-website-theme",
    name: "Beta website theme",
    variant: "variant-2",
    train: "v1",
    logo: `${CDN}/118/logo.png`,
    logoAlt: "Elvbyen kino",
    favicon: `${CDN}/118/favicon.ico`,
    search: { enabled: true, submitPath: "/search" },
    language: { enabled: false, submitPath: "/", languageIcon: null },
    colors: { primary: "#0b5d6b", background: "#ffffff", text: "#1a1a1a" },
    menu: [
      menuItem("m-film", "Film", "", "", 0),
      menuItem("m-program", "Kinoprogram", "/kinoprogram", "m-film", 0),
      menuItem("m-kommende", "Kommende filmer", "/kommende", "m-film", 1),
      menuItem("m-senior", "Seniorkino", "/seniorkino", "m-film", 2),
      menuItem("m-kultur", "Kultur", "", "", 1),
      menuItem("m-kulturprogram", "Kulturprogram", "/kulturprogram", "m-kultur", 0),
      menuItem("m-om", "Om kinoen", "/om-kinoen", "", 2),
      menuItem("m-min-side", "Min side", "/min-side", "", 3),
      menuItem("f-personvern", "Personvernerklæring", "/article/personvernerklaering", "", 0, "footer"),
      menuItem(
        "f-tilgjengelighet",
        "Tilgjengelighetserklæring",
        "https://uustatus.example/erklaringer/elvbyen-kino",
        "",
        1,
        "footer",
        true,
      ),
    ],
    footer: [
      {
        title: "Elvbyen kino",
        locale: "nb",
        order: 0,
        items: [
          { type: "text", value: "Elvegata 4, 9990 Elvbyen", href: null, order: 0 },
          { type: "link", value: "Om kinoen", href: "/om-kinoen", order: 1 },
          { type: "link", value: "post@elvbyenkino.example", href: "mailto:post@elvbyenkino.example", order: 2 },
        ],
      },
      {
        title: "Åpningstider",
        locale: "nb",
        order: 1,
        items: [
          { type: "text", value: "Tirsdag–fredag 16:00–22:00", href: null, order: 0 },
          { type: "text", value: "Lørdag–søndag 11:00–22:00", href: null, order: 1 },
        ],
      },
    ],
  },
  pages,
  // The other reading of spec 2.4: '/article-{slug}' for the privacy page.
  redirects: [{ fromPath: "/article-personvernerklaering", toPath: "/article/personvernerklaering" }],
  address: {
    name: "Elvbyen kino",
    street: "Elvegata 4",
    postalCode: "9990",
    city: "Elvbyen",
    country: "NO",
    phone: "+47 700 00 118",
    email: "post@elvbyenkino.example",
  },
};

const snapshotMeta = { partner: 118, siteId: 118, capturedAt: "2026-12-04T12:00:00+01:00", source: "api" };

async function writeJson(file: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
}

await writeJson(path.join(dir, "meta.json"), snapshotMeta);
await writeJson(path.join(dir, "site.json"), site);
await writeJson(path.join(dir, "events.json"), { productions, events });
await writeJson(path.join(dir, "block-data.json"), blockData);
await writeJson(path.join(dir, "articles.json"), articles);
