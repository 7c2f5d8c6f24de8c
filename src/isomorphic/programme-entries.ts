/**
 * The productions of a programme block (spec 3.5) with the showings to list at a given time.
 * Browser-safe: the server render and the programme island (templates/islands/programme.tsx)
 * apply the same rules, with the build's time and then the live clock.
 */
import { itemsOf, optionalText, stringsOf, textOf, type Fields } from "./block-fields.js";
import { withLiveCount, type LiveCounts } from "./live-counts.js";
import { selectShowings, type Showing } from "./showings.js";

export interface ProgrammeEntry {
  event: Fields;
  showings: Showing[];
}

export function programmeFilterOf(data: Fields): Fields {
  return typeof data.filter === "object" && data.filter !== null ? (data.filter as Fields) : {};
}

/** filter.type 'date' (default) lists the programme by day; 'none' (/kommende) lists films. */
export function isByDate(data: Fields): boolean {
  return (textOf(programmeFilterOf(data), "type") || "date") !== "none";
}

/**
 * Productions with the showings to list (bind has applied the programme rules already; they
 * are applied again so nothing that has started is listed whatever the input and the clock).
 * By date: an upcoming film whose only ticket is its placeholder is listed under its premiere
 * date (docs/rendering.md, Programmes and showings); productions left with nothing are dropped. Films ('none'): every
 * production stays, with its placeholder.
 */
export function programmeEntries(data: Fields, nowLocal: string, counts: LiveCounts | null = null): ProgrammeEntry[] {
  const filter = programmeFilterOf(data);
  const byDate = isByDate(data);
  const adFlags = stringsOf(data, "adFlagsFilter");
  return itemsOf(data, "events")
    .map((event) => {
      const tickets = itemsOf(event, "tickets").map((ticket) => withLiveCount(ticket, counts));
      const showings = selectShowings(tickets, {
        nowLocal,
        adFlags,
        from: optionalText(filter, "from"),
        to: optionalText(filter, "to"),
      });
      const real = showings.filter((showing) => !showing.placeholder);
      // A premiere (date only) is gone once its day is over.
      const premieres = showings.filter((showing) => showing.placeholder && showing.when.date >= nowLocal.slice(0, 10));
      return { event, showings: !byDate ? showings : real.length > 0 ? real : premieres };
    })
    .filter((entry) => !byDate || entry.showings.length > 0);
}
