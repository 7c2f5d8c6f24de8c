import { itemsOf, textOf } from "../../src/render/block-fields.js";
import { formatDayHeading } from "../../src/render/oslo-date.js";
import { groupByDay, selectShowings } from "../../src/render/showings.js";
import type { BlockProps } from "../context.js";
import { useRender } from "../context.js";
import { BlockSection } from "../ui/block-section.js";
import { availabilityIsland, displayOptionsOf } from "../ui/display-options.js";
import { Heading } from "../ui/heading.js";
import { useShowtimeEnv } from "../ui/showtime-env.js";
import { ShowtimeList } from "../ui/showtime.js";

/**
 * The showings of one production (film and culture pages, spec 2.6), by day. The section is
 * the page's '#tickets' anchor (spec 2.6: '/{movie-slug}/#tickets').
 */
export function TicketListBlock({ data, headingLevel }: BlockProps) {
  const { site, page } = useRender();
  const display = displayOptionsOf(data);
  const env = useShowtimeEnv();
  const showings = selectShowings(itemsOf(data, "tickets"), { nowLocal: site.nowLocal });
  const filmTitle = textOf(data, "productionTitle") || page.title || "";
  const year = site.nowLocal.slice(0, 4);
  return (
    <BlockSection
      id="tickets"
      title={textOf(data, "title") || "Billetter"}
      level={headingLevel}
      className="ticket-list"
      extra={availabilityIsland(display, showings)}
    >
      {showings.length === 0 ? <p className="empty">Ingen visninger er lagt ut ennå. Kom gjerne tilbake senere.</p> : null}
      {groupByDay(showings, (showing) => showing.when.date).map((day) => (
        <div className="ticket-day" key={day.date}>
          <Heading level={headingLevel + 1} className="day-heading">
            {day.items.every((showing) => showing.placeholder) ? "Premiere" : formatDayHeading(day.date, { withYear: day.date.slice(0, 4) !== year })}
          </Heading>
          <ShowtimeList showings={day.items} filmTitle={filmTitle} display={display} env={env} />
        </div>
      ))}
    </BlockSection>
  );
}
