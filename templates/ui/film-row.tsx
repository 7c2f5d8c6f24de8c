/**
 * One production in a programme: poster, linked title, features and age rating, and its
 * showings (one day's, or all of them grouped by day). Reads no render context: it renders
 * inside the programme island too.
 */
import type { ReactNode } from "react";
import { optionalText, textOf, type Fields } from "../../src/isomorphic/block-fields.js";
import { formatShortDay } from "../../src/isomorphic/oslo-date.js";
import { groupByDay, type Showing } from "../../src/isomorphic/showings.js";
import { CdnImageOn, POSTER } from "./cdn-image.js";
import { FeatureList } from "./features.js";
import { Heading } from "./heading.js";
import { ShowtimeList, type DisplayOptions, type ShowtimeEnv } from "./showtime.js";
import { MaybeLink } from "./smart-link.js";

export interface FilmRowProps {
  event: Fields;
  showings: Showing[];
  level: number;
  display: DisplayOptions;
  env: ShowtimeEnv;
  cdnHost: string;
  /** Label each day (a film's whole run) instead of one day's showings. */
  byDay: boolean;
  showDescription: boolean;
  eager?: boolean;
  /**
   * A purchase link clicked in the row sends 'select_content' with this film (spec 3.6): the
   * row names the film (data-analytics-item: id, name and a category of its own), the list
   * around it the brand and list name once (data-analytics-list, written by the programme
   * island); src/isomorphic/analytics-item.ts joins them.
   */
  analytics?: boolean;
  /** What the island adds after each showing with a time once hydrated ("Legg i kalender", calendar-button.tsx). */
  addon?: (showing: Showing, filmTitle: string) => ReactNode;
}

export function FilmRow({
  event,
  showings,
  level,
  display,
  env,
  cdnHost,
  byDay,
  showDescription,
  eager = false,
  analytics,
  addon,
}: FilmRowProps) {
  const title = textOf(event, "title");
  const link = optionalText(event, "link");
  const image = optionalText(event, "image");
  const description = showDescription ? optionalText(event, "description") : null;
  const category = optionalText(event, "category");
  const today = env.nowLocal.slice(0, 10);
  const after = addon ? (showing: Showing) => addon(showing, title) : undefined;
  return (
    <article
      className="film-row"
      data-analytics-item={
        analytics
          ? JSON.stringify({ id: textOf(event, "id"), name: title, ...(category ? { category } : {}) })
          : undefined
      }
    >
      <div className="film-row__poster">
        {image ? (
          <CdnImageOn
            url={image}
            alt={`Plakat: ${title}`}
            slot={POSTER}
            sizes="(min-width: 768px) 120px, 88px"
            scales={[1]}
            eager={eager}
            cdnHost={cdnHost}
          />
        ) : (
          <span className="poster-fallback" aria-hidden="true" />
        )}
      </div>
      <div className="film-row__body">
        {category && showDescription ? <p className="film-row__category">{category}</p> : null}
        <Heading level={level} className="film-row__title">
          <MaybeLink href={link}>{title}</MaybeLink>
        </Heading>
        <FeatureList fields={event} extra={event.club === true ? ["Filmklubb"] : []} />
        {description ? <p className="film-row__description">{description}</p> : null}
        {byDay ? (
          groupByDay(showings, (showing) => showing.when.date).map((day) => (
            <div className="film-row__day" key={day.date}>
              {day.items.some((showing) => !showing.placeholder) ? (
                <p className="film-row__day-label">{formatShortDay(day.date, today)}</p>
              ) : null}
              <ShowtimeList showings={day.items} filmTitle={title} display={display} env={env} addon={after} />
            </div>
          ))
        ) : (
          <ShowtimeList showings={showings} filmTitle={title} display={display} env={env} addon={after} />
        )}
        {showings.length === 0 ? <p className="film-row__none">Ingen visninger lagt ut ennå.</p> : null}
      </div>
    </article>
  );
}
