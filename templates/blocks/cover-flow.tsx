import { itemsOf, textOf } from "../../src/isomorphic/block-fields.js";
import type { BlockProps } from "../context.js";
import { BlockSection } from "../ui/block-section.js";
import { Card } from "../ui/card.js";
import { Island } from "../ui/island.js";

/**
 * Horizontally scrolling posters. Without JavaScript the track scrolls (scroll-snap, and
 * it is focusable so the keyboard can scroll it); the carousel island adds previous/next and
 * the position.
 */
export function CoverFlowBlock({ data, headingLevel, hero }: BlockProps) {
  const items = itemsOf(data, "items");
  if (items.length === 0) return null;
  const title = textOf(data, "title");
  return (
    <BlockSection title={title} level={headingLevel} className="cover-flow">
      <ul
        className="scroller"
        tabIndex={0}
        data-carousel-track=""
        aria-label={title ? `${title}, rull sidelengs` : "Rull sidelengs"}
      >
        {items.map((item, index) => (
          <li key={index} className="scroller__item">
            <Card
              card={item}
              level={headingLevel + 1}
              eager={hero && index === 0}
              sizes="(min-width: 768px) 200px, 40vw"
            />
          </li>
        ))}
      </ul>
      {items.length > 1 ? (
        <Island kind="carousel" props={{ count: items.length, interval: null, itemName: "film" }} when="visible" />
      ) : null}
    </BlockSection>
  );
}
