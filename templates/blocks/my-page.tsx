import { SHOW_ACTUAL_AVAILABLE_TICKET_DISPLAY_MODE } from "../../src/isomorphic/programme.js";
import { itemsOf, optionalText, textOf } from "../../src/isomorphic/block-fields.js";
import { formatDayHeading } from "../../src/isomorphic/oslo-date.js";
import { selectShowings } from "../../src/isomorphic/showings.js";
import type { BlockProps } from "../context.js";
import { useRender } from "../context.js";
import { BlockSection } from "../ui/block-section.js";
import { Heading } from "../ui/heading.js";
import { Island } from "../ui/island.js";
import { memberServiceProps } from "../ui/member-service.js";
import { ShowtimeList } from "../ui/showtime.js";
import { MaybeLink } from "../ui/smart-link.js";

const DISPLAY = { displayMode: SHOW_ACTUAL_AVAILABLE_TICKET_DISPLAY_MODE, showTicketCount: false };
/** Showings the block lists below the member area. */
const EVENTS_SHOWN = 12;

/**
 * The member page (/min-side, spec 1, 2.8): login, signup and password reset, or the
 * member's profile, tickets with QR codes and watch list, are the my-page island's work in
 * the browser; the server writes the frame and the block's events, each with its day (a
 * showtime alone said '18:30' with no date; docs/rendering.md). Without the member service
 * (spec 6) no member UI and no member JS.
 */
export function MyPageBlock({ data, headingLevel }: BlockProps) {
  const { site } = useRender();
  const events = selectShowings(itemsOf(data, "events"), { nowLocal: site.nowLocal }).slice(0, EVENTS_SHOWN);
  const service = memberServiceProps(site);
  // Member events are keyed by the showings' event ids ('e-<id>'); placeholders have none.
  const eventIds = events
    .filter((showing) => !showing.placeholder && showing.id.startsWith("e-"))
    .map((showing) => showing.id.slice(2));
  return (
    <BlockSection title={textOf(data, "title") || "Min side"} level={headingLevel} className="my-page">
      {optionalText(data, "text") ? <p>{textOf(data, "text")}</p> : null}
      {service ? (
        <Island
          kind="my-page"
          props={{
            service,
            filmPathsUrl: site.filmPathsUrl,
            eventIds,
            programmePath: "/kinoprogram",
            level: headingLevel === 1 ? 2 : 3,
          }}
        />
      ) : (
        <p>Medlemstjenester er ikke tilgjengelige for {site.partner.name}.</p>
      )}
      {events.length > 0 ? (
        <div className="my-page__events">
          <Heading level={headingLevel + 1}>Aktuelle arrangementer</Heading>
          <ul className="schedule-list">
            {events.map((showing, index) => {
              const title = textOf(showing.fields, "title");
              const link = optionalText(showing.fields, "productionLink");
              return (
                <li key={showing.id || index} className="schedule-row">
                  <div className="schedule-row__film">
                    <Heading level={headingLevel + 2} className="schedule-row__title">
                      <MaybeLink href={link}>{title}</MaybeLink>
                    </Heading>
                    {showing.placeholder ? null : (
                      <time className="schedule-row__day" dateTime={showing.when.date}>
                        {formatDayHeading(showing.when.date, {
                          withYear: showing.when.date.slice(0, 4) !== site.nowLocal.slice(0, 4),
                        })}
                      </time>
                    )}
                  </div>
                  <ShowtimeList
                    showings={[showing]}
                    filmTitle={title}
                    display={DISPLAY}
                    env={{ nowLocal: site.nowLocal, channel: site.partner.ticketing.channel }}
                  />
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </BlockSection>
  );
}
