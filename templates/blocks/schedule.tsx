import { itemsOf, optionalText, textOf } from "../../src/render/block-fields.js";
import { formatDayHeading } from "../../src/render/oslo-date.js";
import { groupByDay, selectShowings } from "../../src/render/showings.js";
import type { BlockProps } from "../context.js";
import { useRender } from "../context.js";
import { BlockSection } from "../ui/block-section.js";
import { CdnImage, POSTER } from "../ui/cdn-image.js";
import { availabilityIsland, displayOptionsOf } from "../ui/display-options.js";
import { FeatureList } from "../ui/features.js";
import { Heading } from "../ui/heading.js";
import { MarkdownText } from "../ui/rich-text.js";
import { useShowtimeEnv } from "../ui/showtime-env.js";
import { ShowtimeList } from "../ui/showtime.js";
import { MaybeLink } from "../ui/smart-link.js";

/** Showings listed by day, each with its film (series, theme and festival pages, spec 2.5). */
export function ScheduleBlock({ data, headingLevel, hero }: BlockProps) {
  const { site } = useRender();
  const display = displayOptionsOf(data);
  const env = useShowtimeEnv();
  const showings = selectShowings(itemsOf(data, "events"), { nowLocal: site.nowLocal });
  const year = site.nowLocal.slice(0, 4);
  return (
    <BlockSection
      title={textOf(data, "title")}
      level={headingLevel}
      className="schedule"
      extra={availabilityIsland(display, showings)}
    >
      <MarkdownText markdown={data.subtitle} />
      {showings.length === 0 ? <p className="empty">Ingen kommende visninger akkurat nå.</p> : null}
      {groupByDay(showings, (showing) => showing.when.date).map((day, dayIndex) => (
        <div className="schedule-day" key={day.date}>
          <Heading level={headingLevel + 1} className="day-heading">
            {formatDayHeading(day.date, { withYear: day.date.slice(0, 4) !== year })}
          </Heading>
          <ul className="schedule-list">
            {day.items.map((showing, index) => {
              const title = textOf(showing.fields, "title");
              const link = optionalText(showing.fields, "productionLink");
              const image = optionalText(showing.fields, "image");
              return (
                <li key={showing.id || index} className="schedule-row">
                  {image ? <CdnImage className="schedule-row__poster" url={image} alt="" slot={POSTER} sizes="64px" scales={[1]} eager={hero && dayIndex === 0 && index === 0} /> : null}
                  <div className="schedule-row__film">
                    <Heading level={headingLevel + 2} className="schedule-row__title">
                      <MaybeLink href={link}>{title}</MaybeLink>
                    </Heading>
                    <FeatureList fields={showing.fields} />
                  </div>
                  <ShowtimeList showings={[showing]} filmTitle={title} display={display} env={env} />
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </BlockSection>
  );
}
