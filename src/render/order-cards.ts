import type { Fields } from "../isomorphic/block-fields.js";
import { parseLocalDateTime } from "../isomorphic/oslo-date.js";

/**
 * Cards in date order when every card has a date (upcoming films by premiere, docs/rendering.md):
 * a source lists records in the platform's order, which means nothing to a visitor. Cards
 * without dates (news) keep the source's order; the sort is stable. Used by the card list and
 * by its paging (src/render/listing-pages.ts), which must split the cards in the order shown.
 */
export function orderCards(cards: Fields[]): Fields[] {
  const dated = cards.map((card) => ({ card, date: parseLocalDateTime(card.date) }));
  if (dated.length < 2 || dated.some((entry) => entry.date === null)) return cards;
  const key = (entry: (typeof dated)[number]) => `${entry.date!.date} ${entry.date!.time ?? "00:00"}`;
  return dated.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)).map((entry) => entry.card);
}
