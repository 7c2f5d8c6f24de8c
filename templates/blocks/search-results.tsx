import { optionalText, textOf } from "../../src/render/block-fields.js";
import type { BlockProps } from "../context.js";
import { BlockSection } from "../ui/block-section.js";
import { islandAttributes } from "../ui/island.js";

/**
 * Search results over articles and culture events: computed in the browser from the query
 * in the URL, so the server writes the live region the search island fills.
 */
export function SearchResultsBlock({ data, headingLevel }: BlockProps) {
  const emptyText = optionalText(data, "emptyText") ?? "Ingen treff.";
  return (
    <BlockSection title={textOf(data, "title") || "Søkeresultater"} level={headingLevel} className="search-results" extra={islandAttributes("search", { emptyText, param: "q" })}>
      <div className="island-status" role="status" aria-live="polite">
        <p>Skriv inn et søkeord for å søke i arrangementer og artikler.</p>
      </div>
      <ol className="search-results__list" />
    </BlockSection>
  );
}
