/**
 * What the live islands carry in their props (docs/islands.md: props hold everything the
 * component renders, and nothing more: the page's weight is its HTML plus its props).
 * Tickets are written compactly (issue 14: a film page's ticket props were 5 KB): no empty
 * fields, no ad-flag view the label table already names, no web-sale start that had passed
 * at build time (the islands' clock only moves on from there), and no purchase link that the
 * listing's link pattern gives back exactly; expandTickets restores the links in the island.
 */
import type { Fields } from "../../src/render/block-fields.js";
import { parseLocalDateTime } from "../../src/render/oslo-date.js";
import { AD_FLAG_LABELS } from "../../src/render/showings.js";

/** Programme ticket fields a showtime shows (spec 3.5). */
export const TICKET_FIELDS = ["id", "date", "location", "link", "count", "ticketSaleWebStartDate", "highlightHeading", "highlightBody", "adFlags", "adFlagsView"];
/** A schedule's showing also names its film. */
export const SCHEDULE_FIELDS = [...TICKET_FIELDS, "title", "productionLink", "image", "features"];
/** Production fields a programme row shows. */
export const EVENT_FIELDS = ["id", "title", "image", "link", "category", "club", "features"];

/**
 * The purchase link shared by a listing's tickets: `{n}` stands for the ticket's event number,
 * read from its id (spec 3.4: 'e-' + partner id + zero padding + the provider's event number).
 */
export interface PurchaseLinkPattern {
  template: string;
  /** 'e-' + partner id. */
  idPrefix: string;
}

export interface CompactTickets {
  tickets: Fields[];
  /** Absent when no ticket's link follows a pattern: then each ticket keeps its own. */
  purchaseLink?: PurchaseLinkPattern;
}

/** The named fields that have a value: null, absent, '' and [] read the same in block-fields.ts. */
export function pickFields(fields: Fields, names: string[]): Fields {
  const out: Fields = {};
  for (const name of names) {
    const value = fields[name];
    if (value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)) continue;
    out[name] = value;
  }
  return out;
}

/** Tickets with the named fields, compacted for island props; nowLocal is the build's Oslo wall clock. */
export function compactTickets(tickets: Fields[], partnerId: number, nowLocal: string, names: string[] = TICKET_FIELDS): CompactTickets {
  const { lists, purchaseLink } = compactTicketLists([tickets], partnerId, nowLocal, names);
  return purchaseLink ? { purchaseLink, tickets: lists[0] } : { tickets: lists[0] };
}

/**
 * Several lists of tickets compacted as one (a programme's films): one purchase-link pattern
 * for all of them, found in the first ticket whose link has its event number once.
 */
export function compactTicketLists(lists: Fields[][], partnerId: number, nowLocal: string, names: string[] = TICKET_FIELDS): { lists: Fields[][]; purchaseLink?: PurchaseLinkPattern } {
  const picked = lists.map((tickets) => tickets.map((ticket) => withoutPassedSaleStart(withoutKnownFlagViews(pickFields(ticket, names)), nowLocal)));
  const idPrefix = `e-${partnerId}`;
  const template = firstTemplate(picked, idPrefix);
  if (template === null) return { lists: picked };
  const purchaseLink = { template, idPrefix };
  const withoutLinks = picked.map((tickets) =>
    tickets.map((ticket) => {
      const { link, ...rest } = ticket;
      if (link === undefined) return { ...ticket, link: null };
      return link === purchaseLinkOf(ticket, purchaseLink) ? rest : ticket;
    }),
  );
  return { lists: withoutLinks, purchaseLink };
}

/** The tickets as compactTickets found them (the island's first render sees the build's data). */
export function expandTickets({ tickets, purchaseLink }: CompactTickets): Fields[] {
  if (!purchaseLink) return tickets;
  return tickets.map((ticket) => ("link" in ticket ? ticket : { ...ticket, link: purchaseLinkOf(ticket, purchaseLink) }));
}

/**
 * A programme row's production as the props carry it: `club` only when true and a feature's
 * `highlight` only where it is true (film-row.tsx and features.tsx read anything else as
 * false): ~30 bytes less per film row.
 */
export function compactEventFields({ club, features, ...rest }: Fields): Fields {
  const out: Fields = club === true ? { ...rest, club } : rest;
  if (features !== undefined) out.features = Array.isArray(features) ? features.map(withoutFalseHighlight) : features;
  return out;
}

function withoutFalseHighlight(feature: unknown): unknown {
  if (typeof feature !== "object" || feature === null || (feature as Fields).highlight === true) return feature;
  const { highlight: _false, ...rest } = feature as Fields;
  return rest;
}

function eventNumberOf(ticket: Fields, idPrefix: string): string | null {
  const id = typeof ticket.id === "string" ? ticket.id : "";
  const digits = id.slice(idPrefix.length);
  return id.startsWith(idPrefix) && /^\d+$/.test(digits) ? String(Number(digits)) : null;
}

function purchaseLinkOf(ticket: Fields, { template, idPrefix }: PurchaseLinkPattern): string | null {
  const number = eventNumberOf(ticket, idPrefix);
  return number === null ? null : template.replace("{n}", number);
}

function firstTemplate(lists: Fields[][], idPrefix: string): string | null {
  for (const tickets of lists) {
    for (const ticket of tickets) {
      const template = templateOf(ticket, idPrefix);
      if (template !== null) return template;
    }
  }
  return null;
}

/** The ticket's link with its event number as `{n}`, when the number appears in it once. */
function templateOf(ticket: Fields, idPrefix: string): string | null {
  const number = eventNumberOf(ticket, idPrefix);
  if (number === null || typeof ticket.link !== "string" || ticket.link.includes("{n}")) return null;
  const parts = ticket.link.split(number);
  return parts.length === 2 ? `${parts[0]}{n}${parts[1]}` : null;
}

/** The web-sale start only while it is still ahead (showings.ts saleNotStarted reads it). */
function withoutPassedSaleStart(ticket: Fields, nowLocal: string): Fields {
  const start = parseLocalDateTime(ticket.ticketSaleWebStartDate);
  if (!start || `${start.date} ${start.time ?? "00:00"}` > nowLocal.slice(0, 16)) return ticket;
  const { ticketSaleWebStartDate: _passed, ...rest } = ticket;
  return rest;
}

/** adFlagsView entries only where the view names a flag the label table does not (showings.ts). */
function withoutKnownFlagViews(ticket: Fields): Fields {
  if (!Array.isArray(ticket.adFlagsView)) return ticket;
  const flags = Array.isArray(ticket.adFlags) ? ticket.adFlags : [];
  const views = ticket.adFlagsView.filter((view: unknown) => {
    const flag = typeof view === "object" && view !== null ? (view as Fields).flag : undefined;
    return !(typeof flag === "string" && flags.includes(flag) && flag in AD_FLAG_LABELS);
  });
  const { adFlagsView: _dropped, ...rest } = ticket;
  return views.length > 0 ? { ...rest, adFlagsView: views } : rest;
}
