/**
 * The live programme island (issue 11 items 3 and 4): the program and culture-program blocks'
 * listing. The server renders it from the page's window of days (src/render/programme-window.ts);
 * in the browser it follows the live clock (showings that have started disappear, 'I dag'
 * moves at Oslo midnight), refreshes seat counts from basic_events, and loads a day that is not
 * on the page from that day's page instead of leaving (its chip still links there without
 * JavaScript).
 */
import { useEffect, useState, type MouseEvent, type ReactNode } from "react";
import { textOf, type Fields } from "../../src/render/block-fields.js";
import { formatDayHeading } from "../../src/render/oslo-date.js";
import { programmeEntries, type ProgrammeEntry } from "../../src/render/programme-entries.js";
import type { ProgrammeWindow } from "../../src/render/programme-window.js";
import { DayNav } from "../ui/day-nav.js";
import { FilmRow } from "../ui/film-row.js";
import { Heading } from "../ui/heading.js";
import type { DisplayOptions } from "../ui/showtime.js";
import { useLiveCounts, useLiveNow, type LiveOptions } from "./live.js";

export interface ProgrammeIslandProps {
  live: LiveOptions;
  display: DisplayOptions;
  /** The block's data the listing reads: events (this page's window), filter, adFlagsFilter. */
  data: Fields;
  /** Day mode's window (null for the film list of /kommende). */
  window: ProgrammeWindow | null;
  /** Heading level of the day headings (films one deeper). */
  level: number;
  /** Prefix of the day sections' ids, unique on the page. */
  anchorPrefix: string;
  /** The first poster loads eagerly (the block is the page's first). */
  hero: boolean;
}

export function ProgrammeIsland(props: ProgrammeIslandProps) {
  const { live, display, data, window, level, hero } = props;
  const nowLocal = useLiveNow(live.clock);
  const counts = useLiveCounts(live.basicEventsUrl);
  const env = { nowLocal, channel: live.channel };
  const [loaded, setLoaded] = useState<Record<string, Fields[]>>({});
  const events = [...(Array.isArray(data.events) ? (data.events as Fields[]) : []), ...Object.values(loaded).flat()];
  const entries = programmeEntries({ ...data, events }, nowLocal, counts);
  const empty = entries.length === 0 ? <p className="empty">Ingen visninger i programmet akkurat nå.</p> : null;
  if (!window) {
    return (
      <div className="programme__listing">
        {empty}
        <ul className="film-list">
          {entries.map((entry, index) => (
            <li key={textOf(entry.event, "id") || index}>
              <FilmRow event={entry.event} showings={entry.showings} level={level} display={display} env={env} cdnHost={live.cdnHost} byDay showDescription eager={hero && index === 0} />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return <ProgrammeDays {...props} entries={entries} env={env} empty={empty} loaded={loaded} onLoaded={(date, more) => setLoaded((prev) => ({ ...prev, [date]: more }))} />;
}

interface ProgrammeDaysProps extends ProgrammeIslandProps {
  entries: ProgrammeEntry[];
  env: { nowLocal: string; channel: string };
  empty: ReactNode;
  loaded: Record<string, Fields[]>;
  onLoaded: (date: string, events: Fields[]) => void;
}

function ProgrammeDays({ live, display, window, level, anchorPrefix, hero, entries, env, empty, loaded, onLoaded }: ProgrammeDaysProps) {
  const today = env.nowLocal.slice(0, 10);
  const year = env.nowLocal.slice(0, 4);
  const win = window!;
  const days = [...new Set(entries.flatMap((entry) => entry.showings.map((showing) => showing.when.date)))].sort();
  // A block outside the window's reach (no days listed) shows all its days on the page.
  const unwindowed = win.days.length === 0;
  const onPage = new Set([...win.shown, ...Object.keys(loaded), ...(unwindowed ? days : [])]);
  const anchorOf = (date: string) => `${anchorPrefix}-${date}`;
  const [scrollTo, setScrollTo] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const chips = (unwindowed ? days : win.days).filter((date) => date >= today);
  const hrefOf = (date: string) => (onPage.has(date) ? `#${anchorOf(date)}` : win.dayPaths[date] ?? `${win.base}#${anchorOf(date)}`);
  const pick = (date: string, event: MouseEvent<HTMLAnchorElement>) => {
    if (onPage.has(date) || !win.dayPaths[date]) return;
    event.preventDefault();
    loadDay(win.dayPaths[date], anchorPrefix).then(
      (more) => (onLoaded(date, more), setScrollTo(date)),
      () => setFailed(date),
    );
  };
  useEffect(() => {
    if (!scrollTo) return;
    const heading = document.getElementById(`${anchorOf(scrollTo)}-h`);
    heading?.setAttribute("tabindex", "-1");
    heading?.scrollIntoView({ block: "start" });
    heading?.focus({ preventScroll: true });
    setScrollTo(null);
  }, [scrollTo]);
  // Without JavaScript the day page opens; here a failed load does the same.
  useEffect(() => {
    if (failed && win.dayPaths[failed]) location.assign(win.dayPaths[failed]);
  }, [failed]);
  return (
    <>
      <DayNav days={chips} hrefOf={hrefOf} today={today} current={(unwindowed ? days : win.shown)[0] ?? null} onPick={pick} />
      {empty}
      {days.map((date, dayIndex) => {
        const films = entries
          .map((entry) => ({ event: entry.event, showings: entry.showings.filter((showing) => showing.when.date === date) }))
          .filter((entry) => entry.showings.length > 0)
          .sort((a, b) => (a.showings[0].sortKey === b.showings[0].sortKey ? textOf(a.event, "title").localeCompare(textOf(b.event, "title"), "nb") : a.showings[0].sortKey < b.showings[0].sortKey ? -1 : 1));
        return (
          <section className="programme-day" key={date} id={anchorOf(date)} aria-labelledby={`${anchorOf(date)}-h`}>
            <Heading level={level} id={`${anchorOf(date)}-h`} className="day-heading">
              {formatDayHeading(date, { withYear: date.slice(0, 4) !== year })}
            </Heading>
            <ul className="film-list">
              {films.map((film, index) => (
                <li key={textOf(film.event, "id") || index}>
                  <FilmRow event={film.event} showings={film.showings} level={level + 1} display={display} env={env} cdnHost={live.cdnHost} byDay={false} showDescription={false} eager={hero && dayIndex === 0 && index === 0} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <NextDay chips={chips} onPage={onPage} hrefOf={hrefOf} pick={pick} />
    </>
  );
}

/** A link to the first day after the ones on the page (the day page without JavaScript). */
function NextDay({ chips, onPage, hrefOf, pick }: { chips: string[]; onPage: Set<string>; hrefOf: (date: string) => string; pick: (date: string, event: MouseEvent<HTMLAnchorElement>) => void }) {
  const last = [...onPage].sort().at(-1) ?? "";
  const next = chips.find((date) => date > last && !onPage.has(date));
  if (!next) return null;
  return (
    <p className="day-more">
      <a className="button button--ghost" href={hrefOf(next)} onClick={(event) => pick(next, event)}>
        Vis {formatDayHeading(next).replace(/^./, (c) => c.toLowerCase())}
      </a>
    </p>
  );
}

/** The programme of one day page: the props of its programme island with the same anchors. */
async function loadDay(path: string, anchorPrefix: string): Promise<Fields[]> {
  const response = await fetch(path, { headers: { accept: "text/html" } });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const doc = new DOMParser().parseFromString(await response.text(), "text/html");
  for (const marker of doc.querySelectorAll<HTMLElement>('[data-island="programme"]')) {
    const props = JSON.parse(marker.getAttribute("data-island-props") ?? "{}") as ProgrammeIslandProps;
    if (props.anchorPrefix === anchorPrefix && Array.isArray(props.data?.events)) return props.data.events as Fields[];
  }
  throw new Error(`${path}: no programme ${anchorPrefix}`);
}
