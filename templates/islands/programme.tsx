/**
 * The live programme island (docs/islands.md): the program and culture-program blocks'
 * listing. The server renders it from its window of days (src/render/programme-window.ts);
 * in the browser it follows the live clock (showings that have started disappear, 'I dag'
 * moves at Oslo midnight), refreshes seat counts from basic_events, and loads a day that is not
 * on the page from that day's page instead of leaving (its chip still links there without
 * JavaScript). Its filters and quick views (./programme-filters.tsx) narrow what it lists,
 * after hydration, from the URL's query.
 */
import { useMemo } from "react";
import { itemsOf, textOf, type Fields } from "../../src/isomorphic/block-fields.js";
import { compareNb } from "../../src/isomorphic/collate.js";
import { formatDayHeading } from "../../src/isomorphic/oslo-date.js";
import { programmeEntries, type ProgrammeEntry } from "../../src/isomorphic/programme-entries.js";
import {
  countShowings,
  filterEntries,
  filterOptions,
  quickViewDays,
  widening,
} from "../../src/isomorphic/programme-filters.js";
import type { ProgrammeWindow } from "../../src/model/programme-window.js";
import { calendarAddon, useHydrated } from "../ui/calendar-button.js";
import { FilmRow, type FilmRowProps } from "../ui/film-row.js";
import { Heading } from "../ui/heading.js";
import { expandProgrammeTickets, type PurchaseLinkPattern } from "../ui/live-props.js";
import type { DisplayOptions } from "../ui/showtime.js";
import { emptyTextOf, useDayPages } from "./day-pages.js";
import { Elsewhere, FilterPanel, NoMatch, useProgrammeFilters, type FilterState } from "./programme-filters.js";
import { useLiveCounts, useLiveNow, type LiveOptions } from "./live.js";

export interface ProgrammeIslandProps {
  live: LiveOptions;
  display: DisplayOptions;
  /** The block's data the listing reads: events (this page's window), filter, adFlagsFilter. */
  data: Fields;
  /** Day mode's window (absent for the film list of /kommende). */
  window?: ProgrammeWindow;
  /** Heading level of the day headings (films one deeper). */
  level: number;
  /** Prefix of the day sections' ids, unique on the page. */
  anchorPrefix: string;
  /** The first poster loads eagerly (the block is the page's first). */
  hero: boolean;
  /** The analytics list the films are shown in (the block's title, spec 3.6). */
  listName: string;
  /** The purchase links the tickets leave out (templates/ui/live-props.ts compactTicketLists). */
  purchaseLink?: PurchaseLinkPattern;
}

export function ProgrammeIsland(props: ProgrammeIslandProps) {
  const { live, display, data, window, level, hero, anchorPrefix, listName, purchaseLink } = props;
  // The list's part of every row's analytics item, once per list (templates/ui/film-row.tsx).
  const analyticsList = JSON.stringify({ brand: live.brand, listName });
  const nowLocal = useLiveNow(live.clock);
  const counts = useLiveCounts(live.basicEventsUrl);
  const env = { nowLocal, channel: live.channel };
  const pages = useDayPages({
    kind: "programme",
    window: window ?? NO_WINDOW,
    anchorPrefix,
    itemsOf: (other) => eventsOf(other as Partial<ProgrammeIslandProps>),
  });
  const filterState = useProgrammeFilters();
  // "Legg i kalender" once hydrated: made in the browser from the row, no server byte per
  // showing (docs/spec-decisions.md, "Calendar").
  const hydrated = useHydrated();
  const rows = {
    display,
    env,
    cdnHost: live.cdnHost,
    analyticsList,
    addon: hydrated ? calendarAddon(live) : undefined,
  };
  const own = useMemo(() => eventsOf({ data, purchaseLink }), [data, purchaseLink]);
  const events = [...own, ...Object.values(pages.loaded).flat()];
  const all = programmeEntries({ ...data, events }, nowLocal, counts);
  const today = nowLocal.slice(0, 10);
  const { entries, panel, noMatch, more } = filteredListing(all, filterState, window, today);
  const empty =
    all.length === 0 ? (
      <p className="empty">
        {emptyTextOf(window ?? NO_WINDOW, nowLocal.slice(0, 4), "Ingen visninger i programmet akkurat nå.")}
      </p>
    ) : (
      noMatch
    );
  if (!window) {
    return (
      <div className="programme__listing">
        {panel}
        {empty}
        <FilmList films={entries} level={level} byDay eager={hero} {...rows} />
      </div>
    );
  }
  const year = nowLocal.slice(0, 4);
  // Chips: the listing's days whatever the filters, so the row stays put; sections: the filtered days.
  const [listed, days] = [daysOf(all), daysOf(entries)];
  return (
    <>
      {pages.nav(listed, today)}
      {panel}
      {empty}
      {days.map((date, dayIndex) => (
        <section
          className="programme-day"
          key={date}
          id={pages.anchorOf(date)}
          aria-labelledby={`${pages.anchorOf(date)}-h`}
        >
          <Heading level={level} id={`${pages.anchorOf(date)}-h`} className="day-heading">
            {formatDayHeading(date, { withYear: date.slice(0, 4) !== year })}
          </Heading>
          <FilmList
            films={listFilmsOn(entries, date)}
            level={level + 1}
            byDay={false}
            eager={hero && dayIndex === 0}
            {...rows}
          />
        </section>
      ))}
      {more}
      {pages.more(listed, today)}
    </>
  );
}

/**
 * The listing's entries with the visitor's filters (./programme-filters.tsx), the filter panel,
 * what it says when none match, and links to the quick view's days this page does not hold.
 */
function filteredListing(
  all: ProgrammeEntry[],
  state: FilterState,
  window: ProgrammeWindow | undefined,
  today: string,
) {
  const { filters } = state;
  const entries = filterEntries(all, filters, today);
  const shown = countShowings(entries);
  const panel =
    all.length > 0 ? (
      <FilterPanel state={state} options={filterOptions(all)} shown={shown} total={countShowings(all)} />
    ) : null;
  const noMatch =
    all.length > 0 && entries.length === 0 ? <NoMatch state={state} widen={widening(all, filters, today)} /> : null;
  const onPage = new Set(all.flatMap((entry) => entry.showings.map((showing) => showing.when.date)));
  const elsewhere = (filters.vis ? quickViewDays(filters.vis, today) : [])
    .filter((date) => !onPage.has(date) && window?.dayPaths[date])
    .map((date) => ({ date, path: window!.dayPaths[date] }));
  const more = <Elsewhere filters={filters} days={elsewhere} today={today} />;
  return { entries, panel, noMatch, more };
}

interface FilmListProps {
  films: ProgrammeEntry[];
  level: number;
  display: DisplayOptions;
  env: FilmRowProps["env"];
  cdnHost: string;
  /** The film list without a window (/kommende): each row its showings by day and the film's description. */
  byDay: boolean;
  /** The first poster loads eagerly. */
  eager: boolean;
  analyticsList: string;
  addon?: FilmRowProps["addon"];
}

/** Films, a row each: the film list, or the films of a day section. */
function FilmList({ films, level, display, env, cdnHost, byDay, eager, analyticsList, addon }: FilmListProps) {
  return (
    <ul className="film-list" data-analytics-list={analyticsList}>
      {films.map((film, index) => (
        <li key={textOf(film.event, "id") || index}>
          <FilmRow
            event={film.event}
            showings={film.showings}
            level={level}
            display={display}
            env={env}
            cdnHost={cdnHost}
            byDay={byDay}
            showDescription={byDay}
            eager={eager && index === 0}
            analytics
            addon={addon}
          />
        </li>
      ))}
    </ul>
  );
}

/** The days a listing has showings on, in order. */
function daysOf(entries: ProgrammeEntry[]): string[] {
  return [...new Set(entries.flatMap((entry) => entry.showings.map((showing) => showing.when.date)))].sort();
}

/** The films with showings on `date`, only those showings, by their first showing's time, then title. */
function listFilmsOn(entries: ProgrammeEntry[], date: string): ProgrammeEntry[] {
  return entries
    .map((entry) => ({
      event: entry.event,
      showings: entry.showings.filter((showing) => showing.when.date === date),
    }))
    .filter((entry) => entry.showings.length > 0)
    .sort((a, b) =>
      a.showings[0].sortKey === b.showings[0].sortKey
        ? compareNb(textOf(a.event, "title"), textOf(b.event, "title"))
        : a.showings[0].sortKey < b.showings[0].sortKey
          ? -1
          : 1,
    );
}

const NO_WINDOW: ProgrammeWindow = { base: "", days: [], shown: [], dayPaths: {} };

/** A programme's events (its own or a loaded day page's), their purchase links restored. */
function eventsOf({ data, purchaseLink }: Partial<ProgrammeIslandProps>): Fields[] {
  const events = data && Array.isArray(data.events) ? (data.events as Fields[]) : [];
  if (!purchaseLink) return events;
  return events.map((event) => expandProgrammeTickets(event, purchaseLink));
}
