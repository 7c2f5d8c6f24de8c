import { itemsOf, textOf } from "../../src/isomorphic/block-fields.js";
import type { BlockProps } from "../context.js";
import { useRender } from "../context.js";
import { BlockSection } from "../ui/block-section.js";
import { displayOptionsOf } from "../ui/display-options.js";
import { Island } from "../ui/island.js";
import { compactTickets } from "../ui/live-props.js";
import { ticketLiveOptions } from "../islands/live.js";

/**
 * The showings of one production (film and culture pages, spec 2.6), by day: the ticket-list
 * island. The section is the page's '#tickets' anchor (spec 2.6: '/{movie-slug}/#tickets').
 */
export function TicketListBlock({ data, headingLevel }: BlockProps) {
  const { site, page } = useRender();
  const filmTitle = textOf(data, "productionTitle") || page.title || "";
  return (
    <BlockSection
      id="tickets"
      title={textOf(data, "title") || "Billetter"}
      level={headingLevel}
      className="ticket-list"
    >
      <Island
        kind="ticket-list"
        props={{
          live: ticketLiveOptions(site.live),
          display: displayOptionsOf(data),
          ...compactTickets(itemsOf(data, "tickets"), site.partner.partner, site.nowLocal),
          filmTitle,
          ...(page.durationMinutes ? { duration: page.durationMinutes } : {}),
          level: headingLevel + 1,
        }}
      />
    </BlockSection>
  );
}
