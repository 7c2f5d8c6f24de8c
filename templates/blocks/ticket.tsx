import { textOf } from "../../src/isomorphic/block-fields.js";
import { toShowing } from "../../src/isomorphic/showings.js";
import type { BlockProps } from "../context.js";
import { useRender } from "../context.js";
import { BlockSection } from "../ui/block-section.js";
import { displayOptionsOf } from "../ui/display-options.js";
import { Island } from "../ui/island.js";
import { pickFields, TICKET_FIELDS } from "../ui/live-props.js";
import { ticketLiveOptions } from "../islands/live.js";

/** One showing with its purchase link: the ticket island. */
export function TicketBlock({ data, headingLevel }: BlockProps) {
  const { site, page } = useRender();
  const title = textOf(data, "title");
  return (
    <BlockSection title={title} level={headingLevel} className="ticket">
      {toShowing(data) ? (
        <Island
          kind="ticket"
          props={{
            live: ticketLiveOptions(site.live),
            display: displayOptionsOf(data),
            ticket: pickFields(data, TICKET_FIELDS),
            filmTitle: title || page.title || "",
          }}
        />
      ) : (
        <p className="empty">Visningen er ikke lagt ut ennå.</p>
      )}
    </BlockSection>
  );
}
