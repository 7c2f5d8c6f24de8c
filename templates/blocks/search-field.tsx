import { optionalText, textOf } from "../../src/isomorphic/block-fields.js";
import type { BlockProps } from "../context.js";
import { BlockSection } from "../ui/block-section.js";
import { useDomId } from "../ui/dom-id.js";
import { safeHref } from "../ui/smart-link.js";

/** Search form: GET to the search page with the query in 'q' (spec 2.1, 7.6). */
export function SearchFieldBlock({ data, headingLevel }: BlockProps) {
  const inputId = useDomId("sok");
  const action = safeHref(optionalText(data, "submitPath") ?? "/search") ?? "/search";
  const title = textOf(data, "title");
  return (
    <BlockSection title={title} level={headingLevel} className="search-block">
      <form role="search" aria-label={title || "Søk på siden"} className="inline-form" action={action} method="get">
        <label htmlFor={inputId} className={title ? "visually-hidden" : undefined}>
          Søk etter filmer, arrangementer og artikler
        </label>
        <div className="inline-form__row">
          <input id={inputId} type="search" name="q" placeholder={optionalText(data, "placeholder") ?? "Søk"} />
          <button type="submit" className="button">
            Søk
          </button>
        </div>
      </form>
    </BlockSection>
  );
}
