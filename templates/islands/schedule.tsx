/**
 * Schedule island (series, theme and festival pages, spec 2.5): showings by day, each with its
 * film, in its window of days (src/render/programme-window.ts). Live clock and counts
 * as the programme island; later days load from their day pages.
 */
import type { ReactNode } from "react";
import { optionalText, textOf, type Fields } from "../../src/isomorphic/block-fields.js";
import { withLiveCount } from "../../src/isomorphic/live-counts.js";
import { formatDayHeading } from "../../src/isomorphic/oslo-date.js";
import type { ProgrammeWindow } from "../../src/model/programme-window.js";
import { groupByDay, selectShowings, type Showing } from "../../src/isomorphic/showings.js";
import { calendarAddon, useHydrated } from "../ui/calendar-button.js";
import { CdnImageOn, POSTER } from "../ui/cdn-image.js";
import { FeatureList } from "../ui/features.js";
import { Heading } from "../ui/heading.js";
import { ShowtimeList, type DisplayOptions, type ShowtimeEnv } from "../ui/showtime.js";
import { MaybeLink } from "../ui/smart-link.js";
import { emptyTextOf, useDayPages } from "./day-pages.js";
import { useLiveCounts, useLiveNow, type LiveOptions } from "./live.js";

export interface ScheduleIslandProps {
  live: LiveOptions;
  display: DisplayOptions;
  /** Showings of this page's window, each with its film's title, productionLink, image, features. */
  showings: Fields[];
  window: ProgrammeWindow;
  level: number;
  anchorPrefix: string;
  hero: boolean;
}

export function ScheduleIsland({
  live,
  display,
  showings: own,
  window,
  level,
  anchorPrefix,
  hero,
}: ScheduleIslandProps) {
  const nowLocal = useLiveNow(live.clock);
  const counts = useLiveCounts(live.basicEventsUrl);
  const env = { nowLocal, channel: live.channel };
  // "Legg i kalender" once hydrated, as the programme's rows (docs/spec-decisions.md, "Calendar").
  const addon = useHydrated() ? calendarAddon(live) : undefined;
  const pages = useDayPages({
    kind: "schedule",
    window,
    anchorPrefix,
    itemsOf: (other) => (Array.isArray(other.showings) ? (other.showings as Fields[]) : null),
  });
  const showings = selectShowings(
    [...own, ...Object.values(pages.loaded).flat()].map((ticket) => withLiveCount(ticket, counts)),
    { nowLocal },
  );
  const byDay = groupByDay(showings, (showing) => showing.when.date);
  const today = nowLocal.slice(0, 10);
  const year = nowLocal.slice(0, 4);
  const days = byDay.map((day) => day.date);
  return (
    <>
      {pages.nav(days, today)}
      {showings.length === 0 ? (
        <p className="empty">{emptyTextOf(window, year, "Ingen kommende visninger akkurat nå.")}</p>
      ) : null}
      {byDay.map((day, dayIndex) => (
        <section
          className="schedule-day"
          key={day.date}
          id={pages.anchorOf(day.date)}
          aria-labelledby={`${pages.anchorOf(day.date)}-h`}
        >
          <Heading level={level} id={`${pages.anchorOf(day.date)}-h`} className="day-heading">
            {formatDayHeading(day.date, { withYear: day.date.slice(0, 4) !== year })}
          </Heading>
          <ul className="schedule-list">
            {day.items.map((showing, index) => (
              <ScheduleRow
                key={showing.id || index}
                showing={showing}
                eager={hero && dayIndex === 0 && index === 0}
                level={level}
                display={display}
                env={env}
                cdnHost={live.cdnHost}
                addon={addon}
              />
            ))}
          </ul>
        </section>
      ))}
      {pages.more(days, today)}
    </>
  );
}

interface ScheduleRowProps {
  showing: Showing;
  level: number;
  display: DisplayOptions;
  env: ShowtimeEnv;
  cdnHost: string;
  eager: boolean;
  /** "Legg i kalender", once hydrated (templates/ui/calendar-button.tsx calendarAddon). */
  addon?: (showing: Showing, filmTitle: string) => ReactNode;
}

/** One showing with its film: poster, linked title, features and the showtime. */
function ScheduleRow({ showing, level, display, env, cdnHost, eager, addon }: ScheduleRowProps) {
  const title = textOf(showing.fields, "title");
  const image = optionalText(showing.fields, "image");
  return (
    <li className="schedule-row">
      {image ? (
        <CdnImageOn
          className="schedule-row__poster"
          url={image}
          alt=""
          slot={POSTER}
          sizes="64px"
          scales={[1]}
          eager={eager}
          cdnHost={cdnHost}
        />
      ) : null}
      <div className="schedule-row__film">
        <Heading level={level + 1} className="schedule-row__title">
          <MaybeLink href={optionalText(showing.fields, "productionLink")}>{title}</MaybeLink>
        </Heading>
        <FeatureList fields={showing.fields} />
      </div>
      <ShowtimeList
        showings={[showing]}
        filmTitle={title}
        display={display}
        env={env}
        addon={addon && ((item) => addon(item, title))}
      />
    </li>
  );
}
