/**
 * The programme block (spec 3.5) shared by program and culture-program: title, subtitle and
 * banner on the server, the listing in the programme island (templates/islands/programme.tsx).
 * filter.type 'date' lists its own window of days with chips to its days; 'none' lists
 * the films, each with its showings grouped by day, or its premiere (/kommende).
 */
import type { ResolvedBlock } from "../../src/model/index.js";
import { itemsOf, optionalText, textOf, type Fields } from "../../src/isomorphic/block-fields.js";
import { isByDate, programmeFilterOf } from "../../src/isomorphic/programme-entries.js";
import type { ProgrammeWindow } from "../../src/model/programme-window.js";
import { useRender } from "../context.js";
import type { ProgrammeIslandProps } from "../islands/programme.js";
import { AdSlot } from "./ad-slot.js";
import { BlockSection } from "./block-section.js";
import { CalendarFeedLink } from "./calendar-feed-link.js";
import { displayOptionsOf } from "./display-options.js";
import { Island } from "./island.js";
import { ListingPagerNav } from "./listing-pager.js";
import { compactEventFields, compactTicketLists, EVENT_FIELDS, pickFields, programmeTickets } from "./live-props.js";
import { MarkdownText } from "./rich-text.js";
import { dayAnchorPrefix } from "./day-anchor.js";

export function ProgrammeView({
  block,
  data,
  headingLevel,
  hero,
}: {
  block: ResolvedBlock;
  data: Fields;
  headingLevel: number;
  hero: boolean;
}) {
  const { site } = useRender();
  const byDate = isByDate(data);
  const bannerId = optionalText(data, "bannerId");
  const events = itemsOf(data, "events");
  // Compacted like a film page's tickets (live-props.ts): one purchase-link pattern for the
  // listing, and each film's showings as rows where they fit one.
  const tickets = compactTicketLists(
    events.map((event) => itemsOf(event, "tickets")),
    site.partner.partner,
    site.nowLocal,
  );
  const props: ProgrammeIslandProps = {
    live: site.live,
    display: displayOptionsOf(data),
    data: {
      filter: pickFields(programmeFilterOf(data), ["type", "from", "to"]),
      adFlagsFilter: data.adFlagsFilter ?? [],
      events: events.map((event, index) => ({
        ...compactEventFields(pickFields(event, byDate ? EVENT_FIELDS : [...EVENT_FIELDS, "description"])),
        ...programmeTickets(tickets.lists[index], tickets.purchaseLink),
      })),
    },
    ...(tickets.purchaseLink ? { purchaseLink: tickets.purchaseLink } : {}),
    window: byDate ? (data.programmeWindow as ProgrammeWindow | undefined) : undefined,
    level: headingLevel + 1,
    anchorPrefix: dayAnchorPrefix(block.id),
    hero,
    listName: textOf(data, "title") || "Program",
  };
  // A day programme without a window (a block the window did not see) shows every day it has.
  if (byDate && !props.window) props.window = { base: "", days: [], shown: [], dayPaths: {} };
  return (
    <BlockSection
      title={textOf(data, "title")}
      level={headingLevel}
      className={byDate ? "programme" : "programme programme--films"}
    >
      <MarkdownText markdown={data.subtitle} />
      {bannerId ? <AdSlot id={bannerId} mobileId={optionalText(data, "bannerMobileId") ?? bannerId} /> : null}
      <Island kind="programme" props={props} />
      <ListingPagerNav data={data} />
      {/* The page's feed of coming showings, or the cinema's (docs/spec-decisions.md, "Calendar"). */}
      <CalendarFeedLink data={data} />
    </BlockSection>
  );
}
