/** Ticket island: one showing with its purchase link, live clock and count (docs/islands.md). */
import type { Fields } from "../../src/isomorphic/block-fields.js";
import { withLiveCount } from "../../src/isomorphic/live-counts.js";
import { formatDayHeading } from "../../src/isomorphic/oslo-date.js";
import { selectShowings } from "../../src/isomorphic/showings.js";
import { ShowtimeList, type DisplayOptions } from "../ui/showtime.js";
import { useLiveCounts, useLiveNow, type TicketLiveOptions } from "./live.js";

export interface TicketIslandProps {
  live: TicketLiveOptions;
  display: DisplayOptions;
  ticket: Fields;
  filmTitle: string;
}

export function TicketIsland({ live, display, ticket, filmTitle }: TicketIslandProps) {
  const nowLocal = useLiveNow(live.clock);
  const counts = useLiveCounts(live.basicEventsUrl);
  const showing = selectShowings([withLiveCount(ticket, counts)], { nowLocal })[0];
  if (!showing) return <p className="empty">Visningen har begynt eller er ikke lagt ut ennå.</p>;
  // The showing's day, on screen: the time alone ('18:00 Sal 1') does not say which day.
  return (
    <>
      {showing.placeholder ? null : (
        <p className="ticket__day">
          {formatDayHeading(showing.when.date, { withYear: showing.when.date.slice(0, 4) !== nowLocal.slice(0, 4) })}
        </p>
      )}
      <ShowtimeList
        showings={[showing]}
        filmTitle={filmTitle}
        display={display}
        env={{ nowLocal, channel: live.channel }}
      />
    </>
  );
}
