/**
 * "Legg i kalender" on a showing (docs/spec-decisions.md, "Calendar"): the event is made in the
 * browser from the showing the island already holds (src/isomorphic/ics.ts) and saved through a
 * Blob and <a download>, so the server writes no file and no byte per showing. Rendered only
 * after hydration (useHydrated): the server HTML has no button that could do nothing without
 * JavaScript. The writer is imported on the click, a chunk of its own: the film page's script
 * does not grow by it (docs/performance.md).
 */
import { useEffect, useState, type ReactNode } from "react";
import { formatDay } from "../../src/isomorphic/oslo-date.js";
import { purchaseUrlOf } from "../../src/isomorphic/purchase-url.js";
import { osloPlusMinutes } from "../../src/isomorphic/time/oslo-span.js";
import type { Showing } from "../../src/isomorphic/showings.js";

/** What every button of a list shares: read once per page, never per showing. */
export interface CalendarContext {
  filmTitle: string;
  /** The film's length in minutes, when known (DTEND). */
  durationMinutes: number | null;
  /** The build's reference time (ISO 8601): every event's DTSTAMP, so a download is the same bytes. */
  stamp: string;
  channel: string;
}

/** False on the server and in the first render in the browser, true once hydrated. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

type IcsModule = typeof import("../../src/isomorphic/ics.js");

/** The .ics text of one showing; the cinema's name and the host are the page's (og:site_name, location). */
export function showingIcs(
  { showingEvent, writeIcs }: IcsModule,
  showing: Showing,
  context: CalendarContext,
  page: { cinema: string; host: string },
): string {
  const start = `${showing.when.date} ${showing.when.time ?? "00:00"}`;
  const event = showingEvent({
    id: showing.id,
    start,
    hall: showing.hall,
    purchaseUrl: purchaseUrlOf(showing.link, context.channel),
    title: context.filmTitle,
    end: osloPlusMinutes(start, context.durationMinutes),
    cinema: page.cinema,
    host: page.host,
  });
  return writeIcs({ stamp: context.stamp, events: [event] });
}

async function download(showing: Showing, context: CalendarContext): Promise<void> {
  const ics = await import("../../src/isomorphic/ics.js");
  const cinema = document.querySelector<HTMLMetaElement>('meta[property="og:site_name"]')?.content ?? "";
  const text = showingIcs(ics, showing, context, { cinema, host: location.hostname });
  const url = URL.createObjectURL(new Blob([text], { type: "text/calendar;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = ics.icsFileName(context.filmTitle, `${showing.when.date} ${showing.when.time ?? ""}`);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A native button (keyboard operable); its name says which showing, the words seen first (WCAG 2.5.3). */
export function CalendarButton({ showing, context }: { showing: Showing; context: CalendarContext }) {
  return (
    <button type="button" className="showtime__calendar" onClick={() => void download(showing, context)}>
      Legg i kalender
      <span className="visually-hidden">{`: ${context.filmTitle}, ${formatDay(showing.when.date)} kl. ${showing.when.time}`}</span>
    </button>
  );
}

/**
 * Each showing's button in a listing of several films (the programme's rows, a schedule's), as
 * the ticket list has it: the row's film, the build's reference time as DTSTAMP and the kanal.
 * No end: a film's length is not among a listing row's fields (the feeds have it).
 */
export function calendarAddon(live: { clock: { referenceIso: string }; channel: string }) {
  return (showing: Showing, filmTitle: string): ReactNode =>
    showing.placeholder || showing.when.time === null ? null : (
      <CalendarButton
        showing={showing}
        context={{ filmTitle, durationMinutes: null, stamp: live.clock.referenceIso, channel: live.channel }}
      />
    );
}
