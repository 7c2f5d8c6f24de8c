import { itemsOf, numberOf, textOf } from "../../src/isomorphic/block-fields.js";
import { orderCards } from "../../src/render/order-cards.js";
import type { BlockProps } from "../context.js";
import { BlockSection } from "../ui/block-section.js";
import { CardGrid } from "../ui/card.js";
import { ListingPagerNav } from "../ui/listing-pager.js";
import { MarkdownText } from "../ui/rich-text.js";

export { orderCards };

/** Cards bound from a data source, at most `limit` of them, in date order when dated. */
export function CardListBlock({ data, headingLevel, hero }: BlockProps) {
  const limit = numberOf(data, "limit");
  const cards = orderCards(itemsOf(data, "cards"));
  const shown = limit !== null && limit > 0 ? cards.slice(0, limit) : cards;
  return (
    <BlockSection title={textOf(data, "title")} level={headingLevel} className="card-list">
      <MarkdownText markdown={data.subtitle} />
      <CardGrid cards={shown} level={headingLevel + 1} hero={hero} />
      <ListingPagerNav data={data} />
    </BlockSection>
  );
}
