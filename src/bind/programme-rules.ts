/**
 * What programme-like blocks show at the reference time (docs/bindings.md "Programmes").
 * Applied to the resolved fields, after binding, because the fields are what the catalogue
 * (src/model/components.ts) names: events[].tickets[] for programmes, events[] for schedules,
 * tickets[] for ticket lists.
 */
import { compareText } from "../query/index.js";
import { isPast, type OsloClock } from "../isomorphic/time/oslo-clock.js";

type Fields = Record<string, unknown>;

const PROGRAMME_KINDS = new Set(["program", "culture-program", "events"]);
/** Kinds whose field is a list of showings, and that field's name. */
const SHOWING_LISTS: Record<string, string> = { schedule: "events", "my-page": "events", "ticket-list": "tickets" };

export function applyProgrammeRules(component: string, fields: Fields, clock: OsloClock): void {
  if (PROGRAMME_KINDS.has(component)) applyProgramme(fields, clock);
  const listField = SHOWING_LISTS[component];
  if (listField && Array.isArray(fields[listField])) {
    fields[listField] = sortTickets((fields[listField] as Fields[]).filter((ticket) => !isPast(ticket.date, clock)));
  }
}

const isPlaceholder = (ticket: Fields) => typeof ticket.id === "string" && ticket.id.startsWith("mc-");

/**
 * filter.type 'date' (the default): showings on or after `from` (empty: the reference date) and
 * up to `to` (empty: open); productions left without a showing are dropped. An upcoming film
 * whose only ticket is the placeholder (spec 4.2) stays, listed under its premiere date when
 * that date is in the window (docs/rendering.md, Programmes and showings); a film with real showings drops its placeholder.
 * filter.type 'none': no date window; every production stays, with its placeholder.
 * Showings that have begun are always dropped; adFlagsFilter keeps showings carrying one of
 * its flags. Tickets are sorted by date then hall, productions by first ticket then title.
 */
function applyProgramme(fields: Fields, clock: OsloClock): void {
  if (!Array.isArray(fields.events)) return;
  const filter = (fields.filter ?? {}) as Fields;
  const windowed = filter.type !== "none";
  const from = windowed
    ? typeof filter.from === "string" && filter.from !== ""
      ? filter.from.slice(0, 10)
      : clock.today
    : null;
  const to = windowed && typeof filter.to === "string" && filter.to !== "" ? filter.to.slice(0, 10) : null;
  const flags = Array.isArray(fields.adFlagsFilter) ? new Set(fields.adFlagsFilter as string[]) : new Set<string>();

  const inWindow = (date: string): boolean =>
    !isPast(date, clock) && (from === null || date.slice(0, 10) >= from) && (to === null || date.slice(0, 10) <= to);
  const keepTicket = (ticket: Fields, placeholderOnly: boolean): boolean => {
    const date = typeof ticket.date === "string" ? ticket.date : "";
    if (isPlaceholder(ticket))
      return !windowed || (placeholderOnly && flags.size === 0 && date !== "" && inWindow(date));
    if (!inWindow(date)) return false;
    if (flags.size > 0 && !(Array.isArray(ticket.adFlags) && ticket.adFlags.some((flag) => flags.has(flag as string))))
      return false;
    return true;
  };

  const productions = (fields.events as Fields[]).map((production): Fields => {
    if (!Array.isArray(production.tickets)) return production;
    const tickets = production.tickets as Fields[];
    const placeholderOnly = tickets.length > 0 && tickets.every(isPlaceholder);
    return { ...production, tickets: sortTickets(tickets.filter((ticket) => keepTicket(ticket, placeholderOnly))) };
  });
  const kept = windowed ? productions.filter((p) => Array.isArray(p.tickets) && p.tickets.length > 0) : productions;
  fields.events = kept
    .map((production) => ({ production, key: firstDate(production) }))
    .sort(
      (a, b) =>
        compareText(a.key, b.key) ||
        compareText(String(a.production.title ?? ""), String(b.production.title ?? "")) ||
        compareText(String(a.production.id ?? ""), String(b.production.id ?? "")),
    )
    .map(({ production }) => production);
}

/** First ticket's date, else the production's begin; productions with neither go last. */
function firstDate(production: Fields): string {
  const tickets = Array.isArray(production.tickets) ? (production.tickets as Fields[]) : [];
  const date = tickets[0]?.date ?? production.begin;
  return typeof date === "string" && date !== "" ? date : "\uffff";
}

function sortTickets(tickets: Fields[]): Fields[] {
  return [...tickets].sort(
    (a, b) =>
      compareText(String(a.date ?? ""), String(b.date ?? "")) ||
      compareText(String(a.location ?? ""), String(b.location ?? "")) ||
      compareText(String(a.id ?? ""), String(b.id ?? "")),
  );
}
