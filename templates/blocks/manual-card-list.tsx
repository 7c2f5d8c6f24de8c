import { itemsOf, textOf } from "../../src/isomorphic/block-fields.js";
import type { BlockProps } from "../context.js";
import { BlockSection } from "../ui/block-section.js";
import { CardGrid } from "../ui/card.js";
import { MarkdownText } from "../ui/rich-text.js";

/** Cards written by hand in the CMS. */
export function ManualCardListBlock({ data, headingLevel, hero }: BlockProps) {
  return (
    <BlockSection title={textOf(data, "title")} level={headingLevel} className="card-list card-list--manual">
      <MarkdownText markdown={data.subtitle} />
      <CardGrid cards={itemsOf(data, "cards")} level={headingLevel + 1} hero={hero} />
    </BlockSection>
  );
}
