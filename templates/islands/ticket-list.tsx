/**
 * Ticket-list island (film and culture pages, spec 2.6): one production's showings by day,
 * with the live clock and counts (docs/islands.md). A production has few showings: all of
 * them are on the page.
 */
import type { Fields } from "../../src/isomorphic/block-fields.js";
import { withLiveCount } from "../../src/isomorphic/live-counts.js";
import { formatDayHeading } from "../../src/isomorphic/oslo-date.js";
import { groupByDay, selectShowings } from "../../src/isomorphic/showings.js";
import { CalendarButton, useHydrated, type CalendarContext } from "../ui/calendar-button.js";
import { Heading } from "../ui/heading.js";
import { expandTickets, type PurchaseLinkPattern, type TicketRow } from "../ui/live-props.js";
import { ShowtimeList, type DisplayOptions } from "../ui/showtime.js";
import { useLiveCounts, useLiveNow, type TicketLiveOptions } from "./live.js";

/** Ids of the page's one ticket list (the '#tickets' section): 'bt', 'bd0', 'bd0v0' (b for billett). */
const LABEL_IDS = { title: "bt", day: "bd" };

export interface TicketListIslandProps {
  live: TicketLiveOptions;
  display: DisplayOptions;
  /** Compacted (templates/ui/live-props.ts): as tickets, or as rows when each fits one. */
  tickets?: Fields[];
  rows?: TicketRow[];
  /** With rows: the ad flags all the showings have. */
  adFlags?: unknown[];
  purchaseLink?: PurchaseLinkPattern;
  filmTitle: string;
  /** The film's length in minutes, when the page knows it: the calendar event's end. */
  duration?: number;
  level: number;
}

export function TicketListIsland({
  live,
  display,
  tickets,
  rows,
  adFlags,
  purchaseLink,
  filmTitle,
  duration,
  level,
}: TicketListIslandProps) {
  const nowLocal = useLiveNow(live.clock);
  const hydrated = useHydrated();
  const calendar: CalendarContext = {
    filmTitle,
    durationMinutes: duration ?? null,
    stamp: live.clock.referenceIso,
    channel: live.channel,
  };
  const counts = useLiveCounts(live.basicEventsUrl);
  const env = { nowLocal, channel: live.channel };
  const showings = selectShowings(
    expandTickets({ tickets, rows, adFlags, purchaseLink }).map((ticket) => withLiveCount(ticket, counts)),
    { nowLocal },
  ).filter((showing) => !showing.placeholder || showing.when.date >= nowLocal.slice(0, 10));
  const year = nowLocal.slice(0, 4);
  return (
    <>
      {/* Named by reference in every purchase link (ShowtimeLabels); hidden, yet read as part of their names. */}
      {showings.length > 0 ? (
        <span hidden id={LABEL_IDS.title}>
          {`Kjøp billett til ${filmTitle},`}
        </span>
      ) : null}
      {showings.length === 0 ? (
        <p className="empty">Ingen visninger er lagt ut ennå. Kom gjerne tilbake senere.</p>
      ) : null}
      {groupByDay(showings, (showing) => showing.when.date).map((day, index) => (
        // No classes on the day and its heading: site.css styles them as the island's children
        // (`.ticket-list [data-island] > div`), 40 bytes less a day (docs/performance.md).
        <div key={day.date}>
          <Heading level={level} id={`${LABEL_IDS.day}${index}`}>
            {day.items.every((showing) => showing.placeholder)
              ? "Premiere"
              : formatDayHeading(day.date, { withYear: day.date.slice(0, 4) !== year })}
          </Heading>
          <ShowtimeList
            showings={day.items}
            filmTitle={filmTitle}
            display={display}
            env={env}
            labels={{ title: LABEL_IDS.title, day: `${LABEL_IDS.day}${index}` }}
            // "Legg i kalender" once hydrated: made in the browser from the row, no server byte
            // per showing (docs/spec-decisions.md, "Calendar").
            addon={(showing) =>
              hydrated && !showing.placeholder && showing.when.time !== null ? (
                <CalendarButton showing={showing} context={calendar} />
              ) : null
            }
          />
        </div>
      ))}
    </>
  );
}
