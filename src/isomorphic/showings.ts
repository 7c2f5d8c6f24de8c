/**
 * Programme tickets (spec 3.5) as the templates show them: normalised from loose block data,
 * upcoming only, grouped by Oslo day, with their ad-flag labels (spec 9).
 */
import { itemsOf, numberOf, optionalText, stringsOf, textOf, type Fields } from "./block-fields.js";
import { parseLocalDateTime, type LocalDateTime } from "./oslo-date.js";

export interface Showing {
  id: string;
  /** Oslo local date and time ('HH:mm', null for a date-only placeholder). */
  when: LocalDateTime;
  /** Sort key 'YYYY-MM-DD HH:mm'. */
  sortKey: string;
  hall: string | null;
  link: string | null;
  count: number | null;
  saleStart: LocalDateTime | null;
  /** A placeholder of an upcoming film (spec 4.2): shows 'Premiere <date>', no purchase. */
  placeholder: boolean;
  flags: string[];
  highlightHeading: string | null;
  highlightBody: string | null;
  /** The schedule's production fields, when the ticket comes with them. */
  fields: Fields;
}

/** Labels of the ad flags (spec 9); knitting_cinema is named too because its page is. */
export const AD_FLAG_LABELS: Record<string, string> = {
  baby_cinema: "Babykino",
  senior_cinema: "Seniorkino",
  pre_premiere: "Førpremiere",
  knitting_cinema: "Strikkekino",
};

export function toShowing(fields: Fields): Showing | null {
  const when = parseLocalDateTime(fields.date);
  if (!when) return null;
  const id = textOf(fields, "id");
  const link = optionalText(fields, "link");
  const views = new Map(itemsOf(fields, "adFlagsView").map((view) => [textOf(view, "flag"), textOf(view, "view")]));
  const flagNames = [...new Set([...stringsOf(fields, "adFlags"), ...views.keys()].filter(Boolean))];
  return {
    id,
    when,
    sortKey: `${when.date} ${when.time ?? "00:00"}`,
    hall: optionalText(fields, "location"),
    link,
    count: numberOf(fields, "count"),
    saleStart: parseLocalDateTime(fields.ticketSaleWebStartDate),
    placeholder: id.startsWith("mc-") || (link === null && when.time === null),
    // A flag the label table does not know and no view names is a code ('subtitled_hoh'),
    // which says nothing to a visitor: left out.
    flags: flagNames.map((flag) => AD_FLAG_LABELS[flag] ?? views.get(flag) ?? "").filter(Boolean),
    highlightHeading: optionalText(fields, "highlightHeading"),
    highlightBody: optionalText(fields, "highlightBody"),
    fields,
  };
}

export interface ShowingFilter {
  /** Oslo local 'YYYY-MM-DD HH:mm:ss' of the build: showings that began before are gone. */
  nowLocal: string;
  /** Keep only showings with one of these ad flags (programme adFlagsFilter); empty keeps all. */
  adFlags?: string[];
  /** Oslo dates 'YYYY-MM-DD' bounding the programme (filter.from / filter.to), inclusive. */
  from?: string | null;
  to?: string | null;
}

/** The showings to list, in time order: upcoming, within the filter; placeholders always kept. */
export function selectShowings(tickets: Fields[], filter: ShowingFilter): Showing[] {
  const now = filter.nowLocal.slice(0, 16);
  const flags = filter.adFlags ?? [];
  return tickets
    .map(toShowing)
    .filter((showing): showing is Showing => showing !== null)
    .filter((showing) => showing.placeholder || showing.when.time === null || showing.sortKey >= now)
    .filter(
      (showing) =>
        flags.length === 0 ||
        showing.placeholder ||
        flags.some((flag) => stringsOf(showing.fields, "adFlags").includes(flag)),
    )
    .filter(
      (showing) =>
        showing.placeholder ||
        ((!filter.from || showing.when.date >= filter.from) && (!filter.to || showing.when.date <= filter.to)),
    )
    .sort((a, b) =>
      a.sortKey === b.sortKey ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.sortKey < b.sortKey ? -1 : 1,
    );
}

export interface ShowingDay<T> {
  date: string;
  items: T[];
}

/** Groups items by Oslo date, keeping their order (callers pass them sorted). */
export function groupByDay<T>(items: T[], dateOf: (item: T) => string): ShowingDay<T>[] {
  const days = new Map<string, T[]>();
  for (const item of items) {
    const date = dateOf(item);
    days.set(date, [...(days.get(date) ?? []), item]);
  }
  return [...days.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, grouped]) => ({ date, items: grouped }));
}

/** True when web sale has not started yet at the build time. */
export function saleNotStarted(showing: Showing, nowLocal: string): boolean {
  if (!showing.saleStart) return false;
  return `${showing.saleStart.date} ${showing.saleStart.time ?? "00:00"}` > nowLocal.slice(0, 16);
}

/**
 * The upcoming showings of a detail page's own production: those of its ticket-list blocks
 * (spec 2.6), in time order. The event hero shows the next one (docs/rendering.md).
 */
export function pageShowingsOf(blocks: { component: string; data: Fields[] }[], nowLocal: string): Showing[] {
  const tickets = blocks
    .filter((block) => block.component === "ticket-list")
    .flatMap((block) => block.data.flatMap((data) => itemsOf(data, "tickets")));
  return selectShowings(tickets, { nowLocal });
}
