/**
 * The day chips of a windowed listing (programme, schedule; src/render/programme-window.ts),
 * shared by their islands: a chip leads to the day's section when it is on the page, else to
 * its day page; in the browser a click loads that day page's listing into this one instead
 * (same island kind and anchors), scrolls to it and moves focus to its heading (a day page
 * with later pages of its own is opened instead).
 */
import { useEffect, useState, type MouseEvent, type ReactNode } from "react";
import { readIslandProps, readSharedProps } from "../../client/island-props.js";
import type { Fields } from "../../src/render/block-fields.js";
import { formatDayHeading } from "../../src/render/oslo-date.js";
import type { ProgrammeWindow } from "../../src/render/programme-window.js";
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
  // Each loaded day page brings its own chips: the listing can go on day by day.
  const [known, setKnown] = useState<ProgrammeWindow[]>([]);
  const win: ProgrammeWindow = known.length === 0 ? own : { ...own, days: [...new Set([own.days, ...known.map((w) => w.days)].flat())].sort(), dayPaths: Object.assign({}, ...known.map((w) => w.dayPaths), own.dayPaths) };
  const [scrollTo, setScrollTo] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const anchorOf = (date: string) => `${anchorPrefix}-${date}`;
  const unwindowed = win.days.length === 0;
  const onPage = (date: string, days: string[]) => win.shown.includes(date) || date in loaded || (unwindowed && days.includes(date));
  const hrefOf = (date: string, days: string[]) => (onPage(date, days) ? `#${anchorOf(date)}` : win.dayPaths[date] ?? `${win.base}#${anchorOf(date)}`);
  const pick = (date: string, days: string[], event: MouseEvent<HTMLAnchorElement>) => {
    const path = win.dayPaths[date];
    if (onPage(date, days) || !path) return;
    event.preventDefault();
    loadDay(path, kind, anchorPrefix, itemsOf).then(
      ({ items, window: other }) => (setLoaded((prev) => ({ ...prev, [date]: items })), other && setKnown((prev) => [...prev, other]), setScrollTo(date)),
      () => setFailed(path),
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
  // A day that fails to load opens as its page, as it would without JavaScript.
  useEffect(() => {
    if (failed) location.assign(failed);
  }, [failed]);
  const chipsOf = (days: string[], today: string) => (unwindowed ? days : win.days).filter((date) => date >= today);
  return {
    loaded,
    anchorOf,
    nav: (days, today) => (
      <DayNav days={chipsOf(days, today)} hrefOf={(date) => hrefOf(date, days)} today={today} current={(unwindowed ? days : win.shown)[0] ?? null} onPick={(date, event) => pick(date, days, event)} />
    ),
    more: (days, today) => {
      const last = [...win.shown, ...Object.keys(loaded)].sort().at(-1) ?? "";
      const next = chipsOf(days, today).find((date) => date > last && !onPage(date, days));
      if (!next) return null;
      return (
        <p className="day-more">
          <a className="button button--ghost" href={hrefOf(next, days)} onClick={(event) => pick(next, days, event)}>
            {`Vis ${formatDayHeading(next).replace(/^./, (c) => c.toLowerCase())}`}
          </a>
        </p>
      );
    },
  };
}

/** A day page's listing: the props of its island of the same kind and anchors. */
async function loadDay(path: string, kind: string, anchorPrefix: string, itemsOf: DayPagesOptions["itemsOf"]): Promise<{ items: Fields[]; window: ProgrammeWindow | null }> {
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
