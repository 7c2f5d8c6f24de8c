import { optionalText, textOf } from "../../src/isomorphic/block-fields.js";
import type { BlockProps } from "../context.js";
import { useRender } from "../context.js";
import { BlockSection } from "../ui/block-section.js";
import { CdnImage, POSTER } from "../ui/cdn-image.js";
import { FeatureList } from "../ui/features.js";
import { Heading } from "../ui/heading.js";
import { MarkdownText } from "../ui/rich-text.js";
import { MaybeLink } from "../ui/smart-link.js";
import { programmeEntries } from "../../src/isomorphic/programme-entries.js";
import { Island } from "../ui/island.js";
import { ListingPagerNav } from "../ui/listing-pager.js";

/**
 * Each film's next showings the tile can move on to as they start: enough for an evening; the
 * page does not carry every film's whole run (docs/spec-decisions.md, Bounded listings).
 */
const NEXT_SHOWINGS = 3;

/** Listing of films or events (spec 2.3 /filmer): a poster grid with each one's next showing (the next-showing island). */
export function EventsBlock({ data, headingLevel, hero }: BlockProps) {
  const { site } = useRender();
  const entries = programmeEntries(data, site.nowLocal);
  return (
    <BlockSection title={textOf(data, "title")} level={headingLevel} className="events-list">
      <MarkdownText markdown={data.subtitle} />
      {entries.length === 0 ? <p className="empty">Ingen filmer å vise akkurat nå.</p> : null}
      <ul className="film-grid">
        {entries.map(({ event, showings }, index) => {
          const title = textOf(event, "title");
          const link = optionalText(event, "link");
          const image = optionalText(event, "image");
          const next = showings[0];
          return (
            <li key={textOf(event, "id") || index}>
              <article className="film-tile">
                {image ? (
                  <CdnImage
                    url={image}
                    alt={`Plakat: ${title}`}
                    slot={POSTER}
                    sizes="(min-width: 1024px) 220px, (min-width: 768px) 30vw, 45vw"
                    scales={[1, 2]}
                    eager={hero && index === 0}
                  />
                ) : (
                  <span className="poster-fallback" aria-hidden="true" />
                )}
                <Heading level={headingLevel + 1} className="film-tile__title">
                  <MaybeLink href={link} className="card__link">
                    {title}
                  </MaybeLink>
                </Heading>
                <FeatureList fields={event} />
                {next ? (
                  <Island
                    kind="next-showing"
                    when="idle"
                    props={{
                      clock: site.live.clock,
                      times: showings
                        .slice(0, NEXT_SHOWINGS)
                        .map((showing) =>
                          showing.placeholder || showing.when.time === null ? showing.when.date : showing.sortKey,
                        ),
                    }}
                  />
                ) : null}
              </article>
            </li>
          );
        })}
      </ul>
      <ListingPagerNav data={data} />
    </BlockSection>
  );
}
