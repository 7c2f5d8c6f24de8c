/**
 * One showing as a purchase link (spec 3.5, 7.5): the ticketing provider's URL with kanal,
 * an accessible name with film, day, time and hall, availability by ticketDisplayMode, ad
 * flags. A placeholder shows 'Premiere <date>'; a showing that cannot be bought online
 * (sold out, sale not started, no link) is text, never a link or button to nowhere.
 */
import { Fragment } from "react";
import { describeAvailability } from "../../src/render/availability.js";
import { formatDay } from "../../src/render/oslo-date.js";
import { osloIso } from "../../src/time/oslo.js";
import { purchaseUrlOf } from "../../src/render/purchase-url.js";
import { saleNotStarted, type Showing } from "../../src/render/showings.js";

export interface DisplayOptions {
  displayMode: number;
  showTicketCount: boolean;
}

/**
 * What a showtime needs beyond its data, passed in rather than read from the render context
 * so the same component renders inside islands (docs/islands.md): the time that decides what
 * is on sale (the build's, then the live clock) and the purchase links' kanal.
 */
export interface ShowtimeEnv {
  /** Oslo wall clock 'YYYY-MM-DD HH:mm:ss'. */
  nowLocal: string;
  channel: string;
}

function premiereText(date: string, nowLocal: string): string {
  return `Premiere ${formatDay(date, { withYear: date.slice(0, 4) !== nowLocal.slice(0, 4) })}`;
}

export function Showtime({ showing, filmTitle, display, env }: { showing: Showing; filmTitle: string; display: DisplayOptions; env: ShowtimeEnv }) {
  if (showing.placeholder || showing.when.time === null) {
    return (
      <li className="showtime showtime--premiere" data-ticket-id={showing.id || undefined}>
        <time className="showtime__premiere" dateTime={showing.when.date}>
          {premiereText(showing.when.date, env.nowLocal)}
        </time>
      </li>
    );
  }
  const availability = describeAvailability(showing.count, display.displayMode, display.showTicketCount);
  const notYet = saleNotStarted(showing, env.nowLocal);
  const url = availability.state === "sold-out" || notYet ? null : purchaseUrlOf(showing.link, env.channel);
  const day = formatDay(showing.when.date);
  const status = notYet && showing.saleStart ? `Salg fra ${formatDay(showing.saleStart.date)}` : availability.label;
  // The accessible name is read from the content, never an aria-label: visually hidden text
  // adds the film, the day and commas around the visible parts, so a screen reader says
  // 'Kjøp billett til Dune, fredag 4. desember, kl. 18:30, Sal 3, 42 ledige' while speech
  // input users can say what they see (WCAG 2.5.3, label in name).
  const parts = [
    <span key="p" className="visually-hidden">
      {`${url ? "Kjøp billett til " : ""}${filmTitle}, ${day}, kl. `}
    </span>,
    <time key="t" className="showtime__time" dateTime={osloIso(`${showing.when.date} ${showing.when.time}`)}>
      {showing.when.time}
    </time>,
    showing.hall || status ? (
      <span key="m" className="showtime__meta">
        {showing.hall ? <><Comma /><span className="showtime__hall">{showing.hall}</span></> : null}
        {status ? <><Comma /><span className="showtime__status">{status}</span></> : null}
      </span>
    ) : null,
    showing.flags.length > 0 ? (
      <span key="f" className="showtime__flags">
        {showing.flags.map((flag) => (
          <Fragment key={flag}>
            <Comma />
            <span className="showtime__flag">{flag}</span>
          </Fragment>
        ))}
      </span>
    ) : null,
  ];
  return (
    <li className={`showtime showtime--${notYet ? "not-on-sale" : availability.state}`} data-ticket-id={showing.id || undefined}>
      {url ? (
        <a className="showtime__link" href={url}>
          {parts}
        </a>
      ) : (
        <span className="showtime__box">{parts}</span>
      )}
      {showing.highlightHeading || showing.highlightBody ? (
        <span className="showtime__highlight">
          {showing.highlightHeading ? <strong>{showing.highlightHeading}</strong> : null} {showing.highlightBody}
        </span>
      ) : null}
    </li>
  );
}

/** A separator only screen readers hear. */
function Comma() {
  return <span className="visually-hidden">, </span>;
}

/** A list of showings of one film (one day, or all of them). */
export function ShowtimeList({ showings, filmTitle, display, env }: { showings: Showing[]; filmTitle: string; display: DisplayOptions; env: ShowtimeEnv }) {
  return (
    <ul className="showtimes">
      {showings.map((showing, index) => (
        <Showtime key={showing.id || `${showing.sortKey}-${index}`} showing={showing} filmTitle={filmTitle} display={display} env={env} />
      ))}
    </ul>
  );
}
