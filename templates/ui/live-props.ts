/**
 * What the live islands carry in their props (docs/islands.md: props hold everything the
 * component renders, and nothing more: the page's weight is its HTML plus its props).
 * Tickets are written compactly (docs/performance.md: a film page's ticket props were 5 KB): no empty
 * fields, no ad-flag view the label table already names, no web-sale start that had passed
 * at build time (the islands' clock only moves on from there), and no purchase link that the
 * listing's link pattern gives back exactly; expandTickets restores the links in the island.
 */
import { itemsOf, type Fields } from "../../src/isomorphic/block-fields.js";
import { parseLocalDateTime } from "../../src/isomorphic/oslo-date.js";
import { AD_FLAG_LABELS } from "../../src/isomorphic/showings.js";

/** Programme ticket fields a showtime shows (spec 3.5). */
export const TICKET_FIELDS = [
  "id",
  "date",
  "location",
  "link",
  "count",
  "ticketSaleWebStartDate",
  "highlightHeading",
  "highlightBody",
  "adFlags",
  "adFlagsView",
];
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
  tickets?: Fields[];
  /** A ticket list's tickets as rows, when each one fits one (TicketRow); then no `tickets`. */
  rows?: TicketRow[];
  /**
   * With rows: the ad flags every one of the tickets has, written once (a production's flags,
   * such as baby_cinema, are usually on each of its showings). Absent when no ticket has any.
   */
  adFlags?: unknown[];
  /** Absent when no ticket's link follows a pattern: then each ticket keeps its own. */
  purchaseLink?: PurchaseLinkPattern;
}

/**
 * A film page's showing as the ticket-list island needs it (docs/spec-decisions.md, "The film
 * page's budget is what a phone downloads"): the event number (its id and purchase link follow
 * from the list's pattern), the time, the hall, the seats left and a web-sale start still ahead,
 * those without a value at the end left off. No field names repeated per showing.
 */
export type TicketRow = [number, string, string?, number?, string?];

/** A row's fields, and the ad flags the list holds once for all its rows (sharedAdFlags). */
const ROW_FIELDS = new Set(["id", "date", "location", "count", "ticketSaleWebStartDate", "adFlags"]);
/** Spec 3.4: an event id is 13 digits, the partner id, zero padding and the provider's event number. */
const EVENT_ID_DIGITS = 13;

/** The named fields that have a value: null, absent, '' and [] read the same in block-fields.ts. */
export function pickFields(fields: Fields, names: string[]): Fields {
  const out: Fields = {};
  for (const name of names) if (!isEmpty(fields[name])) out[name] = fields[name];
  return out;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);
}

/** Tickets with the named fields, compacted for island props; nowLocal is the build's Oslo wall clock. */
export function compactTickets(
  tickets: Fields[],
  partnerId: number,
  nowLocal: string,
  names: string[] = TICKET_FIELDS,
): CompactTickets {
  const { lists, purchaseLink } = compactTicketLists([tickets], partnerId, nowLocal, names);
  if (!purchaseLink) return { tickets: lists[0] };
  return { purchaseLink, ...(asRows(lists[0], purchaseLink) ?? { tickets: lists[0] }) };
}

/** The tickets as rows with their shared ad flags, or null when one of them does not fit a row. */
function asRows(
  tickets: Fields[],
  purchaseLink: PurchaseLinkPattern,
): { rows: TicketRow[]; adFlags?: unknown[] } | null {
  const adFlags = sharedAdFlags(tickets);
  const rows = adFlags === null ? null : ticketRows(tickets, purchaseLink);
  if (rows === null) return null;
  return adFlags ? { rows, adFlags } : { rows };
}

/**
 * A programme row's tickets in its props (compactTicketLists made them): as rows, the way a
 * film page's ticket list carries them (docs/spec-decisions.md, "The film page's budget is what
 * a phone downloads"), when each fits one; else named. expandProgrammeTickets gives them back.
 */
export type ProgrammeTickets = { tickets: Fields[] } | { ticketRows: TicketRow[]; ticketAdFlags?: unknown[] };

export function programmeTickets(tickets: Fields[], purchaseLink: PurchaseLinkPattern | undefined): ProgrammeTickets {
  const compact = purchaseLink ? asRows(tickets, purchaseLink) : null;
  if (!compact) return { tickets };
  return compact.adFlags ? { ticketRows: compact.rows, ticketAdFlags: compact.adFlags } : { ticketRows: compact.rows };
}

/** A programme row's production with its tickets as programmeTickets found them, links restored. */
export function expandProgrammeTickets(
  { ticketRows, ticketAdFlags, ...event }: Fields,
  purchaseLink: PurchaseLinkPattern,
): Fields {
  const tickets = Array.isArray(ticketRows)
    ? expandTickets({ rows: ticketRows as TicketRow[], adFlags: ticketAdFlags as unknown[] | undefined, purchaseLink })
    : expandTickets({ tickets: itemsOf(event, "tickets"), purchaseLink });
  return { ...event, tickets };
}

/**
 * The ad flags all the tickets have alike (undefined when none has any), or null when they
 * differ: then the tickets keep their named fields.
 */
function sharedAdFlags(tickets: Fields[]): unknown[] | undefined | null {
  const first = tickets[0]?.adFlags;
  if (first !== undefined && !Array.isArray(first)) return null; // not a list: the ticket keeps it as it is
  const key = JSON.stringify(first);
  for (const ticket of tickets) if (JSON.stringify(ticket.adFlags) !== key) return null;
  return first;
}

/** The compacted tickets as rows, or null when one of them carries more than a row holds. */
function ticketRows(tickets: Fields[], purchaseLink: PurchaseLinkPattern): TicketRow[] | null {
  const rows: TicketRow[] = [];
  for (const ticket of tickets) {
    const number = eventNumberOf(ticket, purchaseLink.idPrefix);
    if (number === null || ticket.id !== eventIdOf(Number(number), purchaseLink)) return null;
    if (typeof ticket.date !== "string" || Object.keys(ticket).some((key) => !ROW_FIELDS.has(key))) return null;
    const row = [Number(number), ticket.date, ticket.location, ticket.count, ticket.ticketSaleWebStartDate];
    const types = ["number", "string", "string", "number", "string"];
    // Trailing fields without a value are left off; one missing before a present one (no hall
    // but a count) keeps the named fields, so a row never holds a null.
    while (row.length > 2 && row[row.length - 1] === undefined) row.pop();
    if (row.some((value, index) => typeof value !== types[index])) return null;
    rows.push(row as TicketRow);
  }
  return rows;
}

function eventIdOf(number: number, { idPrefix }: PurchaseLinkPattern): string {
  return `${idPrefix}${String(number).padStart(EVENT_ID_DIGITS - (idPrefix.length - 2), "0")}`;
}

/**
 * Several lists of tickets compacted as one (a programme's films): one purchase-link pattern
 * for all of them, found in the first ticket whose link has its event number once.
 */
export function compactTicketLists(
  lists: Fields[][],
  partnerId: number,
  nowLocal: string,
  names: string[] = TICKET_FIELDS,
): { lists: Fields[][]; purchaseLink?: PurchaseLinkPattern } {
  const idPrefix = `e-${partnerId}`;
  const template = names.includes("link") && names.includes("id") ? firstTemplate(lists, idPrefix) : null;
  const purchaseLink = template === null ? undefined : { template, idPrefix };
  const compacted = lists.map((tickets) =>
    tickets.map((ticket) => compactTicket(ticket, names, nowLocal, purchaseLink)),
  );
  return purchaseLink ? { lists: compacted, purchaseLink } : { lists: compacted };
}

/**
 * One ticket in one pass (a programme has thousands): the named fields that have a value,
 * less a passed web-sale start, the ad-flag views the label table names and a link the
 * pattern gives back; a ticket without a link says so (link: null) where a pattern would
 * otherwise make one up. Kept views and that null come last, as the props always wrote them.
 */
function compactTicket(
  ticket: Fields,
  names: string[],
  nowLocal: string,
  purchaseLink: PurchaseLinkPattern | undefined,
): Fields {
  const out: Fields = {};
  let views: unknown[] | null = null;
  for (const name of names) {
    const value = ticket[name];
    if (isEmpty(value)) continue;
    if (name === "ticketSaleWebStartDate" && saleStartPassed(value, nowLocal)) continue;
    if (name === "adFlagsView") {
      if (Array.isArray(value))
        views = unknownFlagViews(
          value,
          names.includes("adFlags") && Array.isArray(ticket.adFlags) ? ticket.adFlags : [],
        );
      else out[name] = value;
      continue;
    }
    if (name === "link" && purchaseLink && value === purchaseLinkOf(ticket, purchaseLink)) continue;
    out[name] = value;
  }
  if (views !== null && views.length > 0) out.adFlagsView = views;
  if (purchaseLink && isEmpty(ticket.link)) out.link = null;
  return out;
}

/** The tickets as compactTickets found them (the island's first render sees the build's data). */
export function expandTickets({ tickets = [], rows, purchaseLink, adFlags }: CompactTickets): Fields[] {
  if (!purchaseLink) return tickets;
  if (rows) return rows.map((row) => ticketOfRow(row, purchaseLink, adFlags));
  return tickets.map((ticket) =>
    "link" in ticket ? ticket : { ...ticket, link: purchaseLinkOf(ticket, purchaseLink) },
  );
}

function ticketOfRow(
  [number, date, location, count, saleStart]: TicketRow,
  purchaseLink: PurchaseLinkPattern,
  adFlags: unknown[] | undefined,
): Fields {
  const ticket: Fields = { id: eventIdOf(number, purchaseLink), date };
  if (location !== undefined) ticket.location = location;
  if (count !== undefined) ticket.count = count;
  if (saleStart !== undefined) ticket.ticketSaleWebStartDate = saleStart;
  if (adFlags !== undefined) ticket.adFlags = [...adFlags];
  return { ...ticket, link: purchaseLinkOf(ticket, purchaseLink) };
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

/** Whether a web-sale start had passed at build time (showings.ts saleNotStarted reads it while it is ahead). */
function saleStartPassed(value: unknown, nowLocal: string): boolean {
  const start = parseLocalDateTime(value);
  return start !== null && `${start.date} ${start.time ?? "00:00"}` <= nowLocal.slice(0, 16);
}

/** adFlagsView entries only where the view names a flag the label table does not (showings.ts). */
function unknownFlagViews(views: unknown[], flags: unknown[]): unknown[] {
  return views.filter((view: unknown) => {
    const flag = typeof view === "object" && view !== null ? (view as Fields).flag : undefined;
    return !(typeof flag === "string" && flags.includes(flag) && flag in AD_FLAG_LABELS);
  });
}
