import { itemsOf, numberOf, textOf, type Fields } from "../../src/render/block-fields.js";
import { parseLocalDateTime } from "../../src/render/oslo-date.js";
import type { BlockProps } from "../context.js";
import { BlockSection } from "../ui/block-section.js";
import { CardGrid } from "../ui/card.js";
import { MarkdownText } from "../ui/rich-text.js";

/**
 * Cards in date order when every card has a date (upcoming films by premiere, issue 13 item 7):
 * a source lists records in the platform's order, which means nothing to a visitor. Cards
 * without dates (news) keep the source's order; the sort is stable.
 */
export function orderCards(cards: Fields[]): Fields[] {
  const dated = cards.map((card) => ({ card, date: parseLocalDateTime(card.date) }));
  if (dated.length < 2 || dated.some((entry) => entry.date === null)) return cards;
  const key = (entry: (typeof dated)[number]) => `${entry.date!.date} ${entry.date!.time ?? "00:00"}`;
  return dated.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)).map((entry) => entry.card);
}

/** Cards bound from a data source, at most `limit` of them, in date order when dated. */
export function CardListBlock({ data, headingLevel, hero }: BlockProps) {
  const limit = numberOf(data, "limit");
  const cards = orderCards(itemsOf(data, "cards"));
  const shown = limit !== null && limit > 0 ? cards.slice(0, limit) : cards;
  return (
    <BlockSection title={textOf(data, "title")} level={headingLevel} className="card-list">
      <MarkdownText markdown={data.subtitle} />
      <CardGrid cards={shown} level={headingLevel + 1} hero={hero} />
    </BlockSection>
  );
}
