import type { BlockProps } from "../context.js";
import { Card } from "../ui/card.js";

/** One card. */
export function CardBlock({ data, headingLevel, hero }: BlockProps) {
  return (
    <div className="single-card">
      <Card card={data} level={headingLevel} eager={hero} sizes="(min-width: 768px) 400px, 100vw" />
    </div>
  );
}
