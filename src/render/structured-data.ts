/**
 * JSON-LD for a page (schema.org; Google's Event requirements: name, startDate, location).
 * The renderer places each returned object in a <script type="application/ld+json"> data
 * block, serialised with `serializeJsonLd` so no '</script>' can end it early.
 *
 * - '/' (front page): the MovieTheater, with opening hours from the footer text (spec 9).
 * - film pages: one @graph: the Movie, the theater, its Offers and one ScreeningEvent per
 *   showing referring to them by @id.
 * - culture pages: one @graph: an EventSeries and one Event per showing (or one Event at the
 *   production's first date).
 * - article pages: a NewsArticle.
 *
 * Input, for the lead to wire (src/bind/structured-data-input.ts already provides it):
 * `{ site, partner, production?, events?, article?, screenCount? }`: the route's production
 * with its showings (film and culture routes), or its article; `screenCount` is the number of
 * halls (spec 9: 'Sal 1' to 'Sal 6'), left out of the MovieTheater when not given.
 */
import type { PartnerConfig } from "../model/partner-schema.js";
import type { Article, Event, LinkedEvent, Production, ResolvedPage, Site } from "../model/index.js";
import { osloIso } from "../isomorphic/time/oslo.js";
import { absoluteUrl } from "../isomorphic/url.js";
import { parseOpeningHours, type OpeningHours } from "../shared/opening-hours.js";
import { publicImageUrl } from "../isomorphic/image-url.js";
import { stripHtml, truncateText } from "./html-text.js";
import { purchaseUrlOf } from "../isomorphic/purchase-url.js";
import { createOsloClock, isPast } from "../isomorphic/time/oslo-clock.js";
import type { MemoSet } from "../shared/bounded-memo.js";
import { SHOW_FEW_AVAILABLE_DEFAULT_THRESHOLD } from "../isomorphic/programme.js";
import { parseTrailerUrl } from "../isomorphic/trailer.js";

export interface StructuredDataContext {
  site: Site;
  partner: PartnerConfig;
  production?: Production;
  /** The production's showings; linked (production object) or raw (production id). */
  events?: ReadonlyArray<Event | LinkedEvent>;
  article?: Article;
  /** Number of screening halls of the cinema. */
  screenCount?: number;
  /** The build's reference time (ISO 8601): an Offer whose web sale began before it has no validFrom. */
  now?: string;
  /** The renderer's memos (src/shared/bounded-memo.ts). */
  memos?: MemoSet;
}

export type JsonLd = Record<string, unknown>;

const CONTEXT = "https://schema.org";

export function buildStructuredData(page: ResolvedPage, ctx: StructuredDataContext): JsonLd[] {
  if (page.path === "/") return [buildMovieTheater(ctx)];
  if (ctx.production?.object === "movie") return buildFilm(page, ctx, ctx.production);
  if (ctx.production?.object === "culture") return buildCulture(page, ctx, ctx.production);
  if (ctx.article) return [buildNewsArticle(page, ctx, ctx.article)];
  return [];
}

/** JSON for an inline data block: '<' escaped so the text cannot close the script element. */
export function serializeJsonLd(value: JsonLd | JsonLd[]): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function buildMovieTheater(ctx: StructuredDataContext): JsonLd {
  const hours = parseOpeningHours(footerTexts(ctx.site));
  return {
    "@context": CONTEXT,
    ...theaterRef(ctx),
    url: absoluteUrl(ctx.partner.siteUrl, "/"),
    ...(ctx.site.theme.logo
      ? { logo: imageUrl(ctx, ctx.site.theme.logo), image: imageUrl(ctx, ctx.site.theme.logo) }
      : {}),
    ...(ctx.site.address?.phone ? { telephone: ctx.site.address.phone } : {}),
    ...(ctx.site.address?.email ? { email: ctx.site.address.email } : {}),
    ...(hours.length > 0 ? { openingHoursSpecification: hours.map(openingHoursSpecification) } : {}),
    ...(ctx.screenCount ? { screenCount: ctx.screenCount } : {}),
  };
}

/**
 * A film page: one graph in which the Movie, the MovieTheater and the Offers are written once
 * and every ScreeningEvent points at them by @id. A showing carries what it is found by and
 * nothing the page's markup says for the visitor alone (docs/spec-decisions.md, "The film
 * page's budget is what a phone downloads"): Google's Event fields (name, startDate, a location
 * with an address: the theater), an Offer, the page's own ticket section, in stock, few left or
 * sold out, and its picture format (`videoFormat`, which only an event can carry). What is the
 * same for every showing (languages, age rating, trailer, length) is the Movie's, written once
 * (docs/spec-decisions.md, "Richer structured data"). Its hall, purchase link and sale start are
 * in the ticket list. eventStatus and eventAttendanceMode are left out: Google reads their
 * absence as scheduled and offline, which is what every showing here is (the data has no
 * cancelled showing: one that is cancelled is removed).
 */
function buildFilm(page: ResolvedPage, ctx: StructuredDataContext, production: Production): JsonLd[] {
  const pageUrl = absoluteUrl(ctx.partner.siteUrl, page.path);
  const name = production.parentTitle || production.title;
  const image = optionalImageUrl(ctx, page.meta.image ?? firstAsset(production));
  // The page's meta description says it already, a few bytes up (document.ts), and search
  // engines take the snippet from there: the Movie carries a description only when the page
  // has none (docs/performance.md, lean film pages; docs/spec-decisions.md).
  const description = page.meta.description ? undefined : plainSummary(production, ctx.memos);
  const property = (key: string) => production.properties.find((entry) => entry.property === key)?.value;
  const length = Number(property("length"));
  const movie: JsonLd = {
    "@type": "Movie",
    // A relative IRI: JSON-LD resolves it against the page's URL (JSON-LD 1.1, 4.1.2).
    "@id": "#movie",
    name,
    url: pageUrl,
    ...(image ? { image } : {}),
    ...(description ? { description } : {}),
    ...people("director", property("director")),
    ...people("actor", property("actor")),
    ...(Number.isFinite(length) && length > 0 ? { duration: `PT${Math.round(length)}M` } : {}),
    ...(typeof property("genre") === "string" ? { genre: property("genre") } : {}),
    ...(production.begin ? { datePublished: production.begin.slice(0, 10) } : {}),
    ...filmFeatures(production.features),
    ...trailerOf(property("trailer"), name, image),
  };
  const showings = filmShowingsOf(ctx.events);
  if (showings.length === 0) return [{ "@context": CONTEXT, ...movie }];
  const theater = placesOf(ctx, []).nodes[0];
  const offers = filmOffers(`${pageUrl}#tickets`);
  const used = new Set(showings.map((showing) => showing.offer).filter((offer) => offer !== null));
  const videoFormat = videoFormatOf(production.features);
  const screenings = showings.map((showing) => ({
    "@type": "ScreeningEvent",
    name,
    startDate: showing.startDate,
    location: { "@id": theater["@id"] },
    ...(showing.offer ? { offers: { "@id": offers[showing.offer]["@id"] } } : {}),
    ...(videoFormat ? { videoFormat } : {}),
  }));
  const offerNodes = OFFER_KEYS.filter((key) => used.has(key)).map((key) => offers[key]);
  return [{ "@context": CONTEXT, "@graph": [movie, theater, ...offerNodes, ...screenings] }];
}

const OFFER_KEYS = ["billett", "fa-billetter", "utsolgt"] as const;
type OfferKey = (typeof OFFER_KEYS)[number];

/**
 * A film page's Offers, written once each: its ticket section (where every purchase link is),
 * with seats, few seats (fewer than the ticket list's default 'Få billetter' threshold, spec 9
 * ticketDisplayMode) or sold out. Relative ids like the Movie's.
 */
function filmOffers(url: string): Record<OfferKey, JsonLd> {
  const offer = (id: string, availability: string) => ({ "@type": "Offer", "@id": id, url, availability });
  return {
    billett: offer("#billett", "https://schema.org/InStock"),
    "fa-billetter": offer("#fa-billetter", "https://schema.org/LimitedAvailability"),
    utsolgt: offer("#utsolgt", "https://schema.org/SoldOut"),
  };
}

/** A film page's real showings in time order: the start and which Offer (none without sale data). */
function filmShowingsOf(events: StructuredDataContext["events"]): { startDate: string; offer: OfferKey | null }[] {
  return realShowings(events).map((event) => {
    const available = event.ticketSales[0]?.available;
    return {
      startDate: osloIso(event.begin),
      offer:
        typeof available !== "number"
          ? null
          : available <= 0
            ? "utsolgt"
            : available < SHOW_FEW_AVAILABLE_DEFAULT_THRESHOLD
              ? "fa-billetter"
              : "billett",
    };
  });
}

/** Spoken and subtitle languages of the features (spec 9 "Feature names"), as BCP 47 tags. */
const LANGUAGES: Record<string, string> = {
  norsk: "nb",
  engelsk: "en",
  svensk: "sv",
  dansk: "da",
  samisk: "se",
  fransk: "fr",
  tysk: "de",
  spansk: "es",
};

/**
 * What the features say of every showing of the film, for the Movie: `inLanguage` from
 * 'Norsk tale' / 'Engelsk tale' ('Original tale' names no language and says nothing),
 * `subtitleLanguage` from 'Norsk tekst', and the age rating as `contentRating` (the
 * Norwegian rating as the page shows it) and `typicalAgeRange` ('12-'; none for 'A').
 */
function filmFeatures(features: Production["features"]): JsonLd {
  const spoken = new Set<string>();
  const subtitles = new Set<string>();
  let age: string | null = null;
  for (const { value } of features) {
    const words = value.trim().toLowerCase().split(/\s+/);
    const language = LANGUAGES[words[0]];
    if (words.length === 2 && language && words[1] === "tale") spoken.add(language);
    else if (words.length === 2 && language && words[1] === "tekst") subtitles.add(language);
    else if (age === null && /^(a|\d{1,2})$/.test(words.join(" "))) age = words[0].toUpperCase();
  }
  const list = (values: Set<string>) => (values.size === 1 ? [...values][0] : [...values]);
  return {
    ...(spoken.size > 0 ? { inLanguage: list(spoken) } : {}),
    ...(subtitles.size > 0 ? { subtitleLanguage: list(subtitles) } : {}),
    ...(age === "A" ? { contentRating: "Tillatt for alle" } : {}),
    ...(age !== null && age !== "A" ? { contentRating: `${age} år`, typicalAgeRange: `${age}-` } : {}),
  };
}

/** The picture format of the features ('2D', '3D', 'IMAX', '4DX'; sound such as 'Dolby Atmos' is not one). */
function videoFormatOf(features: Production["features"]): string | null {
  const formats = features
    .map(({ value }) => value.trim())
    .filter((value) => /^(?:[234]D|IMAX|4DX|HFR)\b/i.test(value));
  return formats.length > 0 ? formats.join(" ") : null;
}

/**
 * The Movie's trailer (the production property `trailer`, a YouTube or Vimeo address): a
 * VideoObject with the player the page frames after the click and our own image as its
 * thumbnail. No uploadDate: the data does not say when the video was published (Google wants
 * one for a video rich result; schema.org does not require it).
 */
function trailerOf(value: unknown, title: string, image: string | null): JsonLd {
  const trailer = parseTrailerUrl(value);
  if (!trailer) return {};
  return {
    trailer: {
      "@type": "VideoObject",
      name: `Trailer: ${title}`,
      embedUrl: trailer.embedUrl.replace(/\?.*$/, ""),
      url: trailer.watchUrl,
      ...(image ? { thumbnailUrl: image } : {}),
    },
  };
}

/**
 * A culture page: the production as an EventSeries (name, image, description once) and one
 * Event per showing pointing at it, its hall and the theater by @id.
 */
function buildCulture(page: ResolvedPage, ctx: StructuredDataContext, production: Production): JsonLd[] {
  const pageUrl = absoluteUrl(ctx.partner.siteUrl, page.path);
  const name = production.parentTitle || production.title;
  const image = optionalImageUrl(ctx, page.meta.image ?? firstAsset(production));
  const description = page.meta.description || plainSummary(production, ctx.memos);
  const shared = { name, url: pageUrl, ...(image ? { image } : {}) };
  const showings = showingsOf(ctx.events);
  if (showings.length > 0) {
    const seriesId = `${pageUrl}#serie`;
    const series = { "@type": "EventSeries", "@id": seriesId, ...shared, ...(description ? { description } : {}) };
    const places = placesOf(ctx, showings);
    const events = showings.map((event) => ({
      "@type": "Event",
      ...event.common(ctx, places),
      ...shared,
      superEvent: { "@id": seriesId },
    }));
    return [{ "@context": CONTEXT, "@graph": [series, ...places.nodes, ...events] }];
  }
  if (!production.begin) return [];
  return [
    {
      "@context": CONTEXT,
      "@type": "Event",
      ...shared,
      ...(description ? { description } : {}),
      startDate: osloIso(production.begin),
      location: hallPlace(ctx, production.location?.name ?? null),
    },
  ];
}

function buildNewsArticle(page: ResolvedPage, ctx: StructuredDataContext, article: Article): JsonLd {
  const pageUrl = absoluteUrl(ctx.partner.siteUrl, page.path);
  const image = optionalImageUrl(ctx, article.image ?? page.meta.image);
  const publisher = {
    "@type": "Organization",
    name: ctx.partner.name,
    url: absoluteUrl(ctx.partner.siteUrl, "/"),
    ...(ctx.site.theme.logo ? { logo: { "@type": "ImageObject", url: imageUrl(ctx, ctx.site.theme.logo) } } : {}),
  };
  return {
    "@context": CONTEXT,
    "@type": "NewsArticle",
    headline: article.title.length > 110 ? `${article.title.slice(0, 109)}…` : article.title,
    url: pageUrl,
    mainEntityOfPage: { "@type": "WebPage", "@id": pageUrl },
    ...(image ? { image: [image] } : {}),
    ...(page.meta.description ? { description: page.meta.description } : {}),
    datePublished: isoFromEpoch(article.createdAt),
    dateModified: isoFromEpoch(Math.max(article.updatedAt, article.createdAt)),
    author: article.author.trim() ? { "@type": "Person", name: article.author.trim() } : publisher,
    publisher,
    inLanguage: "nb",
  };
}

interface Showing {
  hall: string | null;
  common(ctx: StructuredDataContext, places: Places): JsonLd;
}

/**
 * The fields of a showing read here. LinkedEvent is `Omit<Event, 'production'> & …`, and Omit
 * over the loose (index-signature) Event type drops the named fields from the type, so the
 * validated records are read through this view.
 */
interface ShowingFields {
  key: string;
  begin: string;
  location: { name: string } | null;
  purchaseUrl: string | null;
  ticketSales: { available: number | null; beginWeb: string | null }[];
}

/** A culture page's showings: hall and the fields every Event carries. */
function showingsOf(events: StructuredDataContext["events"]): Showing[] {
  return realShowings(events).map((event) => ({
    hall: event.location?.name ?? null,
    common: (ctx, places) => ({
      startDate: osloIso(event.begin),
      location: { "@id": places.idOf(event.location?.name ?? null) },
      ...offerOf(ctx, event),
    }),
  }));
}

/** Real showings ('e-' keys; placeholders have no time or hall), ordered by time then key. */
function realShowings(events: StructuredDataContext["events"]): ShowingFields[] {
  return ((events ?? []) as ReadonlyArray<unknown> as ShowingFields[])
    .filter((event) => event.key.startsWith("e-") && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(event.begin))
    .slice()
    .sort((a, b) => (a.begin === b.begin ? (a.key < b.key ? -1 : 1) : a.begin < b.begin ? -1 : 1));
}

interface Places {
  /** The theater (its address inside), then each hall the showings use (in order of first use), written once. */
  nodes: JsonLd[];
  idOf(hall: string | null): string;
}

/**
 * The theater and its halls as graph nodes; a hall is a Place inside the theater and points at
 * the theater's address (Google wants an address on the location). The ids are relative
 * (JSON-LD 1.1, 4.1.2: resolved against the page's URL), written once per hall and once per
 * showing: '#kino-sal-1' instead of 'https://www.solvikkino.no/#kino-sal-1' (docs/performance.md, lean
 * film pages; docs/spec-decisions.md). The theater keeps its site-wide identity in its `url`.
 * The address sits inside the theater node with an id of its own, which each hall names.
 */
function placesOf(ctx: StructuredDataContext, showings: Showing[]): Places {
  const { address, name } = theaterRef(ctx);
  const theaterId = "#kino";
  const addressId = `${theaterId}-adresse`;
  const addressRef = address ? { address: { "@id": addressId } } : {};
  const halls = new Map<string, string>();
  const nodes: JsonLd[] = [
    {
      "@type": "MovieTheater",
      "@id": theaterId,
      name,
      url: absoluteUrl(ctx.partner.siteUrl, "/"),
      ...(address ? { address: { ...(address as JsonLd), "@id": addressId } } : {}),
    },
  ];
  for (const { hall } of showings) {
    if (!hall || halls.has(hall)) continue;
    const id = `${theaterId}-${encodeURIComponent(hall.toLowerCase().replace(/\s+/g, "-"))}`;
    halls.set(hall, id);
    nodes.push({ "@type": "Place", "@id": id, name: hall, ...addressRef, containedInPlace: { "@id": theaterId } });
  }
  return { nodes, idOf: (hall) => (hall ? halls.get(hall)! : theaterId) };
}

/** The hall as a Place inside the MovieTheater; Google wants the address on the location. */
function hallPlace(ctx: StructuredDataContext, hall: string | null): JsonLd {
  const theater = theaterRef(ctx);
  if (!hall) return theater;
  return {
    "@type": "Place",
    name: hall,
    ...(theater.address ? { address: theater.address } : {}),
    containedInPlace: theater,
  };
}

function theaterRef(ctx: StructuredDataContext): JsonLd {
  const address = ctx.site.address;
  return {
    "@type": "MovieTheater",
    "@id": `${absoluteUrl(ctx.partner.siteUrl, "/")}#kino`,
    name: ctx.partner.name || address?.name || ctx.site.title,
    ...(address
      ? {
          address: {
            "@type": "PostalAddress",
            streetAddress: address.street,
            postalCode: address.postalCode,
            addressLocality: address.city,
            addressCountry: address.country,
          },
        }
      : {}),
  };
}

/** Offer: the outbound purchase link with kanal (spec 7.5), availability by seats left. */
function offerOf(ctx: StructuredDataContext, event: ShowingFields): JsonLd {
  const sale = event.ticketSales[0];
  // The page's own purchase link (templates/ui/showtime.tsx), so the two never differ.
  const url = purchaseUrlOf(event.purchaseUrl, ctx.partner.ticketing.channel);
  if (!url && !sale) return {};
  return {
    offers: {
      "@type": "Offer",
      ...(url ? { url } : {}),
      ...(sale && typeof sale.available === "number"
        ? { availability: sale.available > 0 ? "https://schema.org/InStock" : "https://schema.org/SoldOut" }
        : {}),
      // A sale start that had passed at build time says nothing an Offer without one does not
      // (valid now), like the island props (templates/ui/live-props.ts; docs/performance.md).
      ...(sale?.beginWeb && !(ctx.now && isPast(sale.beginWeb, createOsloClock(ctx.now)))
        ? { validFrom: osloIso(sale.beginWeb) }
        : {}),
    },
  };
}

function people(key: "actor" | "director", value: unknown): JsonLd {
  if (typeof value !== "string" || value.trim() === "") return {};
  const names = value
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  return { [key]: names.map((name) => ({ "@type": "Person", name })) };
}

function firstAsset(production: Production): string | undefined {
  return (production.assets.find((asset) => asset.type === "first_image") ?? production.assets[0])?.url;
}

function imageUrl(ctx: StructuredDataContext, url: string): string {
  return publicImageUrl(url, ctx.partner.siteUrl);
}

/** Local media (site paths) made absolute; CDN URLs as they are. */
function optionalImageUrl(ctx: StructuredDataContext, url: string | null | undefined): string | null {
  return url ? imageUrl(ctx, url) : null;
}

function isoFromEpoch(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

function footerTexts(site: Site): string[] {
  return site.theme.footer.flatMap((column) =>
    column.items.filter((item) => item.type === "text" || item.type === "html").map((item) => item.value),
  );
}

function openingHoursSpecification(hours: OpeningHours): JsonLd {
  return { "@type": "OpeningHoursSpecification", dayOfWeek: hours.days, opens: hours.opens, closes: hours.closes };
}

/** The first content's summary as plain text (it may carry inline HTML), shortened like the meta description. */
function plainSummary(production: Production, memos: MemoSet | undefined): string | undefined {
  const summary = production.contents[0]?.summary;
  return summary ? truncateText(stripHtml(summary, memos), 160) || undefined : undefined;
}
