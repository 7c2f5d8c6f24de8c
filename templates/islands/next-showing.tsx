/**
 * "Neste visning" island (the events block, /filmer, spec 2.3): a film's next showing,
 * 'Neste visning: I dag kl. 18:30', following the live clock (docs/islands.md): a showing
 * that has started gives way to the next one, 'I dag' moves at Oslo midnight. One small island
 * per tile, so the grid itself stays server HTML.
 */
import { formatDay, formatShortDay } from "../../src/isomorphic/oslo-date.js";
import { selectShowings } from "../../src/isomorphic/showings.js";
import type { LiveClock } from "../../src/isomorphic/time/live-clock.js";
import { useLiveNow } from "./live.js";

export interface NextShowingProps {
  clock: LiveClock;
  /** The film's next showings, Oslo 'YYYY-MM-DD HH:mm'; a date alone is its premiere. */
  times: string[];
}

export function NextShowing({ clock, times }: NextShowingProps) {
  const nowLocal = useLiveNow(clock);
  const next = selectShowings(
    times.map((date) => ({ id: date.length > 10 ? "e" : "mc-", date })),
    { nowLocal },
  ).find((showing) => !showing.placeholder || showing.when.date >= nowLocal.slice(0, 10));
  if (!next) return null;
  return (
    <p className="film-tile__next">
      {next.placeholder || next.when.time === null
        ? `Premiere ${formatDay(next.when.date, { withYear: next.when.date.slice(0, 4) !== nowLocal.slice(0, 4) })}`
        : `Neste visning: ${formatShortDay(next.when.date, nowLocal.slice(0, 10))} kl. ${next.when.time}`}
    </p>
  );
}
