import { numberOf, optionalText, textOf } from "../../src/isomorphic/block-fields.js";
import { formatDuration, formatLongDate, parseLocalDateTime } from "../../src/isomorphic/oslo-date.js";
import type { BlockProps } from "../context.js";
import { useRender } from "../context.js";
import { BlockSection } from "../ui/block-section.js";
import { FeatureList } from "../ui/features.js";
import { Island } from "../ui/island.js";
import { memberServiceProps } from "../ui/member-service.js";
import { RichText } from "../ui/rich-text.js";

/**
 * Film facts and description. With the member service, the movie-info island adds the
 * members' rating of the film (spec 7.1 movieInfo, by edi number) and "Legg til i min liste".
 */
export function MovieInfoBlock({ data, headingLevel }: BlockProps) {
  const { site, page } = useRender();
  // The block sits on film and culture pages alike (spec 2.6): a concert has performers, not actors.
  const culture = page.kind === "culture";
  const duration = numberOf(data, "duration");
  const year = numberOf(data, "year");
  const premiere = parseLocalDateTime(data.premiere);
  const edi = optionalText(data, "edi");
  const facts: [string, string | null][] = [
    ["Originaltittel", optionalText(data, "originalTitle")],
    ["Regi", optionalText(data, "director")],
    [culture ? "Medvirkende" : "Skuespillere", optionalText(data, "cast")],
    ["Sjanger", optionalText(data, "genre")],
    ["Lengde", duration !== null && duration > 0 ? formatDuration(duration) : null],
    ["Land", optionalText(data, "country")],
    ["Produksjonsår", year !== null ? String(year) : null],
    ["Premiere", premiere ? formatLongDate(premiere.date) : null],
  ];
  const shown = facts.filter((fact): fact is [string, string] => fact[1] !== null);
  const service = memberServiceProps(site);
  const island = service && edi ? { service, edi, title: page.title } : null;
  const features = Array.isArray(data.features) ? data.features : [];
  // A film with no text, facts or features (and no member rating to load) would show a bare heading.
  if (!island && shown.length === 0 && features.length === 0 && !textOf(data, "body").trim()) return null;
  return (
    <BlockSection
      title={textOf(data, "title") || (culture ? "Om arrangementet" : "Om filmen")}
      level={headingLevel}
      className="movie-info"
    >
      <RichText html={data.body} />
      {shown.length > 0 ? (
        <dl className="fact-list">
          {shown.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <FeatureList fields={data} />
      {island ? <Island kind="movie-info" props={island} /> : null}
    </BlockSection>
  );
}
