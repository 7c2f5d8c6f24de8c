import { TICKETS_PAGE, WATCHLIST_PAGE } from "../../src/model/member.js";
import { SHOW_ACTUAL_AVAILABLE_TICKET_DISPLAY_MODE } from "../../src/model/programme.js";
import { itemsOf, optionalText, textOf } from "../../src/render/block-fields.js";
import { selectShowings } from "../../src/render/showings.js";
import type { BlockProps } from "../context.js";
import { useRender } from "../context.js";
import { BlockSection } from "../ui/block-section.js";
import { Heading } from "../ui/heading.js";
import { islandAttributes } from "../ui/island.js";
import { useShowtimeEnv } from "../ui/showtime-env.js";
import { ShowtimeList } from "../ui/showtime.js";
import { MaybeLink } from "../ui/smart-link.js";

const DISPLAY = { displayMode: SHOW_ACTUAL_AVAILABLE_TICKET_DISPLAY_MODE, showTicketCount: false };

/**
 * The member page (/min-side, spec 1, 2.8): profile, tickets with QR codes and the watch
 * list are the my-page island's work in the browser; the server writes the frame, what the
 * page is for, and the block's events. Without the member service (spec 6) no member UI.
 */
export function MyPageBlock({ data, headingLevel }: BlockProps) {
  const { site } = useRender();
  const events = selectShowings(itemsOf(data, "events"), { nowLocal: site.nowLocal }).slice(0, 12);
  const island = site.memberService ? islandAttributes("my-page", { ticketsTake: TICKETS_PAGE.take, watchlistTake: WATCHLIST_PAGE.take }) : undefined;
  return (
    <BlockSection title={textOf(data, "title") || "Min side"} level={headingLevel} className="my-page" extra={island}>
      {optionalText(data, "text") ? <p>{textOf(data, "text")}</p> : null}
      {site.memberService ? (
        <div className="island-status" role="status">
          <p>Logg inn for å se billettene dine med QR-kode, ønskelisten din og anmeldelser.</p>
        </div>
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
                  </div>
                  <ShowtimeList showings={[showing]} filmTitle={title} display={DISPLAY} env={{ nowLocal: site.nowLocal, channel: site.partner.ticketing.channel }} />
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </BlockSection>
  );
}
