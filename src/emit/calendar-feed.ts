/**
 * The cinema's calendar feed, `/kalender.ics` (docs/spec-decisions.md, "Calendar"): every coming
 * showing as an event that a calendar app subscribes to, written by the same writer as the ticket
 * list's "Legg i kalender" (src/isomorphic/ics.ts), so an event has the same UID in both. Ordered
 * by start and id, DTSTAMP the build's reference time: the same data gives the same bytes.
 */
import { CALENDAR_FEED_PATH, showingEvent, writeIcs } from "../isomorphic/ics.js";
import { purchaseUrlOf } from "../isomorphic/purchase-url.js";
import { osloPlusMinutes } from "../isomorphic/time/oslo-span.js";
import { toOsloLocal } from "../isomorphic/time/oslo.js";
import type { Dataset, LinkedEvent } from "../model/index.js";
import type { OutputFile } from "../model/output-file.js";

/** The feed of the dataset's showings that start at or after its reference time. */
export function planCalendarFeed({ partner, events, now }: Pick<Dataset, "partner" | "events" | "now">): OutputFile {
  const nowLocal = toOsloLocal(now);
  const host = new URL(partner.siteUrl).hostname;
  const coming = events
    .filter((event) => event.key.startsWith("e-") && event.begin.length > 10 && event.begin >= nowLocal)
    .sort((a, b) => (a.begin === b.begin ? compare(a.key, b.key) : compare(a.begin, b.begin)));
  const contents = writeIcs({
    name: partner.name,
    stamp: now,
    events: coming.map((event) =>
      showingEvent({
        id: event.key,
        start: event.begin,
        hall: event.location?.name ?? null,
        purchaseUrl: purchaseUrlOf(event.purchaseUrl, partner.ticketing.channel),
        title: event.production.parentTitle || event.production.title,
        end: osloPlusMinutes(event.begin, lengthOf(event)),
        cinema: partner.name,
        host,
      }),
    ),
  });
  return { path: CALENDAR_FEED_PATH.slice(1), contents };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The production's length in minutes (its 'length' property, as the Movie's duration reads it). */
function lengthOf(event: LinkedEvent): number | null {
  const value = Number(event.production.properties.find((entry) => entry.property === "length")?.value);
  return Number.isFinite(value) && value > 0 ? value : null;
}
