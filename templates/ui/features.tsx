/**
 * Production features (spec 9): age ratings ('A', '6' … '18') get their own badge, the
 * rest (format, language) are shown as small tags.
 */
import { itemsOf, textOf, type Fields } from "../../src/isomorphic/block-fields.js";

const AGE = /^(A|\d{1,2})$/;

function ageLabel(rating: string): string {
  return rating === "A" ? "Tillatt for alle" : `Aldersgrense ${rating} år`;
}

function splitFeatures(fields: Fields): { age: string | null; tags: { name: string; highlight: boolean }[] } {
  const features = itemsOf(fields, "features")
    .map((feature) => ({ name: textOf(feature, "name"), highlight: feature.highlight === true }))
    .filter((f) => f.name !== "");
  const age = features.find((feature) => AGE.test(feature.name))?.name ?? null;
  return { age, tags: features.filter((feature) => !AGE.test(feature.name)) };
}

function AgeBadge({ rating }: { rating: string }) {
  return (
    <span className="age-badge" title={ageLabel(rating)}>
      <span aria-hidden="true">{rating}</span>
      <span className="visually-hidden">{ageLabel(rating)}</span>
    </span>
  );
}

export function FeatureList({ fields, extra = [] }: { fields: Fields; extra?: string[] }) {
  const { age, tags } = splitFeatures(fields);
  if (!age && tags.length === 0 && extra.length === 0) return null;
  return (
    <ul className="tags">
      {age ? (
        <li>
          <AgeBadge rating={age} />
        </li>
      ) : null}
      {extra.map((label) => (
        <li key={`x-${label}`} className="tag tag--flag">
          {label}
        </li>
      ))}
      {tags.map((tag) => (
        <li key={tag.name} className={tag.highlight ? "tag tag--highlight" : "tag"}>
          {tag.name}
        </li>
      ))}
    </ul>
  );
}
