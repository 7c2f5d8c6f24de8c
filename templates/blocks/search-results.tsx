import { optionalText, textOf } from "../../src/isomorphic/block-fields.js";
import type { BlockProps } from "../context.js";
import { useRender } from "../context.js";
import { BlockSection } from "../ui/block-section.js";
import { Island } from "../ui/island.js";

/** Results shown at first and added per 'Vis flere treff'. */
const PAGE_SIZE = 20;

/**
 * Search results over films, culture events and articles (spec 2.3 /search): the search
 * island (templates/islands/search.tsx) reads the query from the URL and the page's search
 * fields and searches the build's index in the browser. Without JavaScript the page says so.
 */
export function SearchResultsBlock({ data, headingLevel }: BlockProps) {
  const { site } = useRender();
  const emptyText = optionalText(data, "emptyText") ?? "";
  return (
    <BlockSection title={textOf(data, "title") || "Søkeresultater"} level={headingLevel} className="search-results">
      {site.search ? (
        <Island
          kind="search"
          props={{
            basePath: site.search.basePath,
            cacheTag: site.search.cacheTag,
            emptyText,
            hitLevel: headingLevel === 1 ? 2 : 3,
            pageSize: PAGE_SIZE,
          }}
        />
      ) : (
        <p className="search-status">Søket er ikke tilgjengelig på dette nettstedet.</p>
      )}
      <noscript>
        <p className="search-status">
          Søket trenger JavaScript. Bruk menyen for å finne filmer, arrangementer og artikler.
        </p>
      </noscript>
    </BlockSection>
  );
}
