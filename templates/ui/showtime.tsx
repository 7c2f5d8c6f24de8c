/**
 * One showing as a purchase link (spec 3.5, 7.5): the ticketing provider's URL with kanal,
 * an accessible name with film, day, time and hall, availability by ticketDisplayMode, ad
 * flags. A placeholder shows 'Premiere <date>'; a showing that cannot be bought online
 * (sold out, sale not started, no link) is text, never a link or button to nowhere.
 */
import { describeAvailability } from "../../src/render/availability.js";
import { formatDay, osloIsoCached } from "../../src/render/oslo-date.js";
import { purchaseUrlOf } from "../../src/render/purchase-url.js";
import { saleNotStarted, type Showing } from "../../src/render/showings.js";
import { useRender } from "../context.js";

export interface DisplayOptions {
  displayMode: number;
  showTicketCount: boolean;
}

function premiereText(date: string, nowLocal: string): string {
  return `Premiere ${formatDay(date, { withYear: date.slice(0, 4) !== nowLocal.slice(0, 4) })}`;
}

export function Showtime({ showing, filmTitle, display }: { showing: Showing; filmTitle: string; display: DisplayOptions }) {
  const { site } = useRender();
  if (showing.placeholder || showing.when.time === null) {
    return (
      <li className="showtime showtime--premiere" data-ticket-id={showing.id || undefined}>
        <time className="showtime__premiere" dateTime={showing.when.date}>
          {premiereText(showing.when.date, site.nowLocal)}
        </time>
      </li>
    );
  }
  const availability = describeAvailability(showing.count, display.displayMode, display.showTicketCount);
  const notYet = saleNotStarted(showing, site.nowLocal);
  const url = availability.state === "sold-out" || notYet ? null : purchaseUrlOf(showing.link, site.partner.ticketing.channel);
  const day = formatDay(showing.when.date);
  const status = notYet && showing.saleStart ? `Salg fra ${formatDay(showing.saleStart.date)}` : availability.label;
  const parts = [
    <time key="t" className="showtime__time" dateTime={osloIsoCached(showing.when.date, showing.when.time)}>
      {showing.when.time}
    </time>,
    showing.hall || status ? (
      <span key="m" className="showtime__meta">
        {showing.hall ? <span className="showtime__hall">{showing.hall}</span> : null}
        {status ? <span className="showtime__status">{status}</span> : null}
      </span>
    ) : null,
    showing.flags.length > 0 ? (
      <span key="f" className="showtime__flags">
        {showing.flags.map((flag) => (
          <span key={flag} className="showtime__flag">
            {flag}
          </span>
        ))}
      </span>
    ) : null,
  ];
  const description = [day, `kl. ${showing.when.time}`, showing.hall, status, ...showing.flags].filter(Boolean).join(", ");
  return (
    <li className={`showtime showtime--${notYet ? "not-on-sale" : availability.state}`} data-ticket-id={showing.id || undefined}>
      {url ? (
        <a className="showtime__link" href={url} rel="noopener" aria-label={`Kjøp billett til ${filmTitle}, ${description}`}>
          {parts}
        </a>
      ) : (
        <span className="showtime__box" aria-label={`${filmTitle}, ${description}`} role="group">
          {parts}
        </span>
      )}
      {showing.highlightHeading || showing.highlightBody ? (
        <span className="showtime__highlight">
          {showing.highlightHeading ? <strong>{showing.highlightHeading}</strong> : null} {showing.highlightBody}
        </span>
      ) : null}
    </li>
  );
}

/** A list of showings of one film (one day, or all of them). */
export function ShowtimeList({ showings, filmTitle, display }: { showings: Showing[]; filmTitle: string; display: DisplayOptions }) {
  return (
    <ul className="showtimes">
      {showings.map((showing, index) => (
        <Showtime key={showing.id || `${showing.sortKey}-${index}`} showing={showing} filmTitle={filmTitle} display={display} />
      ))}
    </ul>
  );
}
