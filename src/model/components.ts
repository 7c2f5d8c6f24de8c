/**
 * The component catalogue (spec 3.3 "Component kinds"): every block kind the product knows,
 * with the field schema the CMS stores in each block's metadata.properties. The snapshot
 * generator copies these schemas into blocks, lint checks block data against them, the binder
 * resolves them and each template in templates/blocks/ reads the resolved fields by these names.
 */
import type { PropertyDef, PropertyType } from "./page.js";
import { SHOW_ACTUAL_AVAILABLE_TICKET_DISPLAY_MODE } from "../isomorphic/programme.js";

function field(name: string, type: PropertyType, extra: Partial<PropertyDef> = {}): PropertyDef {
  return { name, type, ...extra };
}
const str = (name: string, def: unknown = null) => field(name, "string", { default: def });
const collection = (name: string, prototype: PropertyDef[]) => field(name, "collection", { prototype, default: [] });

/** Programme ticket (spec 3.5), bound from an event source. */
export const PROGRAMME_TICKET_FIELDS: PropertyDef[] = [
  str("id"),
  field("date", "datetime", { default: null }),
  str("location"),
  field("link", "link", { default: null }),
  field("count", "number", { default: null }),
  str("ticketSaleType"),
  field("ticketSaleWebStartDate", "datetime", { default: null }),
  str("highlightHeading", ""),
  str("highlightBody", ""),
  field("adFlags", "list", { default: [] }),
  collection("adFlagsView", [str("flag"), str("view")]),
];

/** Programme event (spec 3.5), bound from a production source. */
export const PROGRAMME_EVENT_FIELDS: PropertyDef[] = [
  str("id"),
  str("title"),
  field("image", "image", { default: null }),
  field("description", "text", { default: null }),
  str("cast"),
  field("link", "link", { default: null }),
  str("type"),
  str("category"),
  field("club", "boolean", { default: null }),
  field("begin", "date", { default: null }),
  collection("features", [str("name"), field("highlight", "boolean", { default: false })]),
  collection("tickets", PROGRAMME_TICKET_FIELDS),
  collection("properties", [str("property"), str("value")]),
];

/** The display fields shared by the programme-like blocks (spec 3.5, 9). */
const TICKET_DISPLAY_FIELDS: PropertyDef[] = [
  field("ticketDisplayMode", "number", { default: SHOW_ACTUAL_AVAILABLE_TICKET_DISPLAY_MODE }),
  field("showTicketCount", "boolean", { default: true }),
];

/** The programme block (spec 3.5). program, culture-program and events share it. */
export const PROGRAMME_FIELDS: PropertyDef[] = [
  str("title", ""),
  field("subtitle", "markdown", { default: null }),
  field("filter", "object", {
    properties: [
      field("type", "choice", { default: "date" }),
      field("from", "date", { default: null }),
      field("to", "date", { default: null }),
    ],
  }),
  str("bannerId"),
  str("bannerMobileId"),
  field("adFlagsFilter", "list", { default: [] }),
  ...TICKET_DISPLAY_FIELDS,
  collection("events", PROGRAMME_EVENT_FIELDS),
];

/** A card (card, card-list, manual-card-list, slideshow slides, cover-flow items). */
export const CARD_FIELDS: PropertyDef[] = [
  str("title", ""),
  field("text", "text", { default: null }),
  field("image", "image", { default: null }),
  field("link", "link", { default: null }),
  str("linkText"),
  str("label"),
  field("date", "datetime", { default: null }),
];

/** A schedule entry: one showing with the production it belongs to. */
export const SCHEDULE_ITEM_FIELDS: PropertyDef[] = [
  ...PROGRAMME_TICKET_FIELDS,
  str("title", ""),
  field("productionLink", "link", { default: null }),
  field("image", "image", { default: null }),
  collection("features", [str("name"), field("highlight", "boolean", { default: false })]),
];

/** The ad slot, named after its ad-serving service (spec 3.3, 3.5 "Ad block"). */
export const AD_SLOT_KIND = "adnuntius";

export interface ComponentDef {
  /** What the block shows, for editors (lint messages, docs). */
  description: string;
  properties: PropertyDef[];
  /** Client island that hydrates the block in the browser, if any. */
  island?: string;
}

export const COMPONENTS: Record<string, ComponentDef> = {
  slideshow: {
    description: "Carousel of slides (image, title, text, link)",
    island: "carousel",
    properties: [str("title", ""), field("interval", "number", { default: 6000 }), collection("slides", CARD_FIELDS)],
  },
  "quick-links": {
    description: "Row of shortcut links",
    properties: [
      str("title", ""),
      collection("links", [str("label", ""), field("link", "link", { default: null }), str("icon")]),
    ],
  },
  "modal-dialog": {
    description: "Dialog shown once per visitor",
    island: "modal",
    properties: [
      str("title", ""),
      field("body", "html", { default: "" }),
      str("linkText"),
      field("link", "link", { default: null }),
      str("storageKey", "modal"),
    ],
  },
  "card-list": {
    description: "Cards bound from a data source",
    properties: [
      str("title", ""),
      field("subtitle", "markdown", { default: null }),
      field("limit", "number", { default: 12 }),
      collection("cards", CARD_FIELDS),
    ],
  },
  "manual-card-list": {
    description: "Cards written by hand",
    properties: [str("title", ""), field("subtitle", "markdown", { default: null }), collection("cards", CARD_FIELDS)],
  },
  card: { description: "One card", properties: CARD_FIELDS },
  cover: {
    description: "Wide cover image with a heading",
    properties: [
      str("title", ""),
      field("subtitle", "text", { default: null }),
      field("image", "image", { default: null }),
      field("link", "link", { default: null }),
      str("linkText"),
    ],
  },
  "cover-flow": {
    description: "Horizontally scrolling posters",
    island: "carousel",
    properties: [str("title", ""), collection("items", CARD_FIELDS)],
  },
  poster: {
    description: "One poster image with a link",
    properties: [
      str("title", ""),
      field("image", "image", { default: null }),
      field("link", "link", { default: null }),
    ],
  },
  content: {
    description: "Rich text from the CMS",
    properties: [str("title", ""), field("body", "html", { default: "" })],
  },
  title: { description: "Page heading", properties: [str("title", ""), field("subtitle", "text", { default: null })] },
  schedule: {
    description: "Showings listed by day",
    island: "schedule",
    properties: [
      str("title", ""),
      field("subtitle", "markdown", { default: null }),
      ...TICKET_DISPLAY_FIELDS,
      collection("events", SCHEDULE_ITEM_FIELDS),
    ],
  },
  program: { description: "Film programme with showtimes", island: "programme", properties: PROGRAMME_FIELDS },
  "culture-program": { description: "Culture programme", island: "programme", properties: PROGRAMME_FIELDS },
  events: { description: "Listing of films or events", island: "next-showing", properties: PROGRAMME_FIELDS },
  "ticket-list": {
    description: "Showings of one production",
    island: "ticket-list",
    properties: [
      str("title", ""),
      ...TICKET_DISPLAY_FIELDS,
      str("productionTitle", ""),
      collection("tickets", PROGRAMME_TICKET_FIELDS),
    ],
  },
  ticket: {
    description: "One showing",
    island: "ticket",
    properties: [str("title", ""), ...TICKET_DISPLAY_FIELDS, ...PROGRAMME_TICKET_FIELDS],
  },
  "movie-cover": {
    description: "Film header: backdrop, poster, title and key facts",
    properties: [
      str("title", ""),
      field("image", "image", { default: null }),
      field("poster", "image", { default: null }),
      field("summary", "text", { default: null }),
      collection("features", [str("name"), field("highlight", "boolean", { default: false })]),
      str("genre"),
      field("duration", "number", { default: null }),
      field("premiere", "date", { default: null }),
      str("trailer"),
    ],
  },
  "movie-info": {
    description: "Film facts and description; member movie info",
    island: "movie-info",
    properties: [
      str("title", ""),
      str("edi"),
      field("body", "html", { default: "" }),
      str("cast"),
      str("director"),
      str("originalTitle"),
      str("country"),
      field("year", "number", { default: null }),
      field("duration", "number", { default: null }),
      str("genre"),
      field("premiere", "date", { default: null }),
      collection("features", [str("name"), field("highlight", "boolean", { default: false })]),
    ],
  },
  "movie-reviews": {
    description: "Member reviews of a film",
    island: "reviews",
    properties: [str("title", "Anmeldelser"), str("edi")],
  },
  "news-subscribe": {
    description: "Newsletter sign-up",
    island: "newsletter",
    properties: [
      str("title", ""),
      field("text", "text", { default: null }),
      str("buttonText", "Meld meg på"),
      field("action", "link", { default: null }),
    ],
  },
  "search-field": {
    description: "Search form",
    properties: [str("title", ""), str("placeholder", "Søk"), field("submitPath", "link", { default: "/search" })],
  },
  "search-results": {
    description: "Search results (client)",
    island: "search",
    properties: [str("title", ""), str("emptyText", "")],
  },
  "my-page": {
    description: "Member page: profile, tickets, watch list",
    island: "my-page",
    properties: [
      str("title", ""),
      field("text", "text", { default: null }),
      collection("events", SCHEDULE_ITEM_FIELDS),
    ],
  },
  article: {
    description: "An article",
    properties: [
      str("title", ""),
      field("content", "html", { default: "" }),
      field("image", "image", { default: null }),
      str("author"),
      field("createdAt", "number", { default: null }),
      field("updatedAt", "number", { default: null }),
    ],
  },
  [AD_SLOT_KIND]: {
    description: "Ad slot (desktop and mobile placement ids), collapsed until an ad fills it",
    properties: [str("id"), str("mobileId")],
  },
};

export type ComponentKind = keyof typeof COMPONENTS;

export function isComponentKind(kind: string): boolean {
  return Object.prototype.hasOwnProperty.call(COMPONENTS, kind);
}
