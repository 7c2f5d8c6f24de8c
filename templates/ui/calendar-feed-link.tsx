/**
 * "Abonner på kalender" under a listing (docs/spec-decisions.md, "Calendar"): a listing by day
 * links its programme page's feed ('<page>-kalender.ics', or the page's whose listing it shares:
 * the entry's `calendarFeed`, src/render/programme-window.ts), any other the cinema's
 * '/kalender.ics'. A path, not a URL, so previews work.
 */
import { CALENDAR_FEED_PATH } from "../../src/isomorphic/ics.js";
import { optionalText, type Fields } from "../../src/isomorphic/block-fields.js";

export function CalendarFeedLink({ data }: { data: Fields }) {
  return (
    <p className="programme__feed">
      <a href={optionalText(data, "calendarFeed") ?? CALENDAR_FEED_PATH} type="text/calendar">
        Abonner på kalender
      </a>
    </p>
  );
}
