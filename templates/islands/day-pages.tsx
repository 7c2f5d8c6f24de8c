/**
 * The day chips of a windowed listing (programme, schedule; src/render/programme-window.ts),
 * shared by their islands: a chip leads to the day's section when it is on the page, else to
 * its day page; in the browser a click loads that day page's listing into this one instead
 * (same island kind and anchors, or, on a page whose day pages are another's, that page's
 * anchors: docs/spec-decisions.md "Shared day pages"), scrolls to it and moves focus to its
 * heading (a day page with later pages of its own is opened instead).
 */
import { useEffect, useState, type MouseEvent, type ReactNode } from "react";
import { readIslandProps, readSharedProps } from "../../src/isomorphic/island-props.js";
import type { Fields } from "../../src/isomorphic/block-fields.js";
import { formatDay } from "../../src/isomorphic/oslo-date.js";
import type { ProgrammeWindow } from "../../src/model/programme-window.js";
import { DayNav } from "../ui/day-nav.js";

export interface DayPagesOptions {
  /** The island kind whose props the day page carries. */
  kind: string;
  window: ProgrammeWindow;
  anchorPrefix: string;
  /** The items of a day page's island props (its events or showings). */
  itemsOf: (props: Record<string, unknown>) => Fields[] | null;
}

export interface DayPages {
  /** Items loaded from day pages, by day. */
  loaded: Record<string, Fields[]>;
  anchorOf: (date: string) => string;
  /** The chips; `days` are the days the listing has at the live time. */
  nav: (days: string[], today: string) => ReactNode;
  /** A link to the first day after those on the page. */
  more: (days: string[], today: string) => ReactNode;
}

export function useDayPages({ kind, window: own, anchorPrefix, itemsOf }: DayPagesOptions): DayPages {
  const [loaded, setLoaded] = useState<Record<string, Fields[]>>({});
  // Each loaded day page brings its window: a day after the chips adds its chip, and its next day.
  const [known, setKnown] = useState<ProgrammeWindow[]>([]);
  const win = mergeWindows(own, known);
  // The day the visitor last picked: its chip is marked current (null: the page's first day).
  const [picked, setPicked] = useState<string | null>(null);
  const [scrollTo, setScrollTo] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const anchorOf = (date: string) => `${anchorPrefix}-${date}`;
  const unwindowed = win.days.length === 0;
  const onPage = (date: string, days: string[]) =>
    win.shown.includes(date) || date in loaded || (unwindowed && days.includes(date));
  // A day without a day page that the programme page holds on another of its listing pages
  // leads to its section there (src/render/listing-pages.ts); that page is opened, not loaded.
  const hrefOf = (date: string, days: string[]) => {
    if (onPage(date, days)) return `#${anchorOf(date)}`;
    return win.dayPaths[date] ?? `${win.heldOn?.[date] ?? win.base}#${anchorOf(date)}`;
  };
  const pick = (date: string, days: string[], event: MouseEvent<HTMLAnchorElement>) => {
    const path = win.dayPaths[date];
    if (onPage(date, days)) return setPicked(date);
    if (!path) return;
    event.preventDefault();
    // Shared day pages are another page's, where this listing has that page's anchors.
    loadDay(path, kind, win.dayAnchorPrefix ?? anchorPrefix, itemsOf).then(
      ({ items, window: other }) => (
        setLoaded((prev) => ({ ...prev, [date]: items })),
        other && setKnown((prev) => [...prev, other]),
        setPicked(date),
        setScrollTo(date)
      ),
      () => setFailed(path),
    );
  };
  useShowLoadedDay(scrollTo, setScrollTo, anchorOf, failed);
  // A listing the window did not see shows, and offers, every day it has.
  const navOf = (days: string[], today: string) =>
    dayNavOf({
      window: unwindowed ? { ...win, days, shown: days } : win,
      loaded: Object.keys(loaded),
      live: days,
      today,
      picked,
    });
  return {
    loaded,
    anchorOf,
    nav: (days, today) => {
      const nav = navOf(days, today);
      return (
        <DayNav
          days={nav.days}
          hrefOf={(date) => hrefOf(date, days)}
          today={today}
          current={nav.current}
          onPick={(date, event) => pick(date, days, event)}
        />
      );
    },
    more: (days, today) => {
      const next = navOf(days, today).next;
      if (!next) return null;
      return (
        <p className="day-more">
          <a className="button button--ghost" href={hrefOf(next, days)} onClick={(event) => pick(next, days, event)}>
            {`Vis ${formatDay(next, { now: today })}`}
          </a>
        </p>
      );
    },
  };
}

/** The page's window with those of the day pages loaded: their days added, its own day paths kept over theirs. */
function mergeWindows(own: ProgrammeWindow, known: ProgrammeWindow[]): ProgrammeWindow {
  if (known.length === 0) return own;
  return {
    ...own,
    days: [...new Set([own.days, ...known.map((w) => w.days)].flat())].sort(),
    dayPaths: Object.assign({}, ...known.map((w) => w.dayPaths), own.dayPaths),
  };
}

/**
 * A day loaded in place: scrolled to, its heading focused. A day that failed to load: opened
 * as its page, as it would be without JavaScript.
 */
function useShowLoadedDay(
  scrollTo: string | null,
  setScrollTo: (date: string | null) => void,
  anchorOf: (date: string) => string,
  failed: string | null,
): void {
  useEffect(() => {
    if (!scrollTo) return;
    const heading = document.getElementById(`${anchorOf(scrollTo)}-h`);
    heading?.setAttribute("tabindex", "-1");
    // The section, not its heading: its scroll margin keeps the heading clear of the sticky chips.
    document.getElementById(anchorOf(scrollTo))?.scrollIntoView({ block: "start" });
    heading?.focus({ preventScroll: true });
    setScrollTo(null);
  }, [scrollTo]);
  useEffect(() => {
    if (failed) location.assign(failed);
  }, [failed]);
}

export interface DayNavOptions {
  /** The listing's window, with those of the day pages loaded in place. */
  window: ProgrammeWindow;
  /** Days loaded in place from their day pages. */
  loaded: string[];
  /** The days the listing shows a section for at the live time. */
  live: string[];
  /** 'YYYY-MM-DD' at the live time. */
  today: string;
  /** The day the visitor last picked, if any. */
  picked: string | null;
}

export interface DayNavState {
  /** The chips' days: the window's, from today on, those on the page only while they have a section. */
  days: string[];
  /** The chip marked current: the day picked, else the first day on the page. */
  current: string | null;
  /** The first day after those on the page, for the "Vis …" link. */
  next: string | null;
}

/**
 * A windowed listing's chips at the live time (pure, so the server render and every state of
 * the island follow one rule): the same row the page was built with (src/render/programme-window.ts),
 * a day loaded in place leading to its section. A day on the page whose showings have all
 * begun has no section, so no chip.
 */
export function dayNavOf({ window, loaded, live, today, picked }: DayNavOptions): DayNavState {
  const onPage = (date: string) => window.shown.includes(date) || loaded.includes(date);
  const days = window.days.filter((date) => date >= today && (!onPage(date) || live.includes(date)));
  const first = window.shown.find((date) => live.includes(date)) ?? null;
  const current =
    picked !== null && days.includes(picked) ? picked : first !== null && days.includes(first) ? first : null;
  const last = [...window.shown, ...loaded].sort().at(-1) ?? "";
  const later = [...new Set([...days, ...Object.keys(window.dayPaths)])].sort();
  const next = later.find((date) => date > last && date >= today && !onPage(date)) ?? null;
  return { days, current, next };
}

/**
 * What a listing with nothing to show says. A page with two programmes has day pages for the
 * days of either, so a listing can be on a day page without showings that day: it names the
 * day (its chips and "Vis <next day>" lead on), rather than `otherwise` ("… akkurat nå"),
 * which would read as if it had none at all (docs/spec-decisions.md "Programme window").
 */
export function emptyTextOf(window: ProgrammeWindow, year: string, otherwise: string): string {
  const [day, ...more] = window.shown;
  if (day === undefined || more.length > 0 || window.days.includes(day)) return otherwise;
  return `Ingen visninger ${formatDay(day, { withYear: day.slice(0, 4) !== year })}.`;
}

/** A day page's listing: the props of its island of the same kind and anchors. */
async function loadDay(
  path: string,
  kind: string,
  anchorPrefix: string,
  itemsOf: DayPagesOptions["itemsOf"],
): Promise<{ items: Fields[]; window: ProgrammeWindow | null }> {
  const response = await fetch(path, { headers: { accept: "text/html" } });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const doc = new DOMParser().parseFromString(await response.text(), "text/html");
  // A day longer than a listing page (src/render/listing-pages.ts) opens as its page, whose
  // "Neste side" leads on: loaded in place, its later films would have no way in.
  if (doc.querySelector('nav[aria-label="Sider"] a[rel="next"]')) throw new Error(`${path}: more than one page`);
  const shared = readSharedProps(doc);
  for (const marker of doc.querySelectorAll<HTMLElement>(`[data-island="${kind}"]`)) {
    const props = readIslandProps(marker, shared);
    const items = props.anchorPrefix === anchorPrefix ? itemsOf(props) : null;
    if (items) return { items, window: (props.window as ProgrammeWindow | undefined) ?? null };
  }
  throw new Error(`${path}: no ${kind} ${anchorPrefix}`);
}
