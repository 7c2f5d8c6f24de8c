import { itemsOf, textOf } from "../../src/isomorphic/block-fields.js";
import type { ProgrammeWindow } from "../../src/model/programme-window.js";
import type { BlockProps } from "../context.js";
import { useRender } from "../context.js";
import { BlockSection } from "../ui/block-section.js";
import { CalendarFeedLink } from "../ui/calendar-feed-link.js";
import { displayOptionsOf } from "../ui/display-options.js";
import { Island } from "../ui/island.js";
import { ListingPagerNav } from "../ui/listing-pager.js";
import { pickFields, SCHEDULE_FIELDS } from "../ui/live-props.js";
import { MarkdownText } from "../ui/rich-text.js";
import { dayAnchorPrefix } from "../ui/day-anchor.js";

/**
 * Showings listed by day, each with its film (series, theme and festival pages, spec 2.5), in
 * its own window of days; the listing is the schedule island (templates/islands/schedule.tsx).
 */
export function ScheduleBlock({ block, data, headingLevel, hero }: BlockProps) {
  const { site } = useRender();
  const window = (data.programmeWindow as ProgrammeWindow | undefined) ?? {
    base: "",
    days: [],
    shown: [],
    dayPaths: {},
  };
  return (
    <BlockSection title={textOf(data, "title")} level={headingLevel} className="schedule">
      <MarkdownText markdown={data.subtitle} />
      <Island
        kind="schedule"
        props={{
          live: site.live,
          display: displayOptionsOf(data),
          showings: itemsOf(data, "events").map((showing) => pickFields(showing, SCHEDULE_FIELDS)),
          window,
          level: headingLevel + 1,
          anchorPrefix: dayAnchorPrefix(block.id),
          hero,
        }}
      />
      <ListingPagerNav data={data} />
      <CalendarFeedLink data={data} />
    </BlockSection>
  );
}
