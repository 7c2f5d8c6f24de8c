/**
 * One of "Mine billetter" (spec 3.1 member ticket): film, poster, start time in Oslo time,
 * hall, seats grouped by row, notes, expiry, and the QR code the door scans (or the QRUrl
 * image when the service sends no QRCode, spec 3.1), with a button
 * that shows it full screen (a modal <dialog>: Escape and the close button end it, focus
 * returns to the button).
 */
import { useRef } from "react";
import { dateTimeAttribute, formatMemberTime, memberTimeParts } from "../../../src/isomorphic/member/member-time.js";
import type { MemberTicket } from "../../../src/isomorphic/member-fields.js";
import { MemberPoster } from "./member-poster.js";
import { QrCode } from "./qr-code.js";

export function TicketCard({
  ticket,
  filmPath,
  level,
}: {
  ticket: MemberTicket;
  filmPath: string | null;
  level: 3 | 4;
}) {
  const H = `h${level}` as "h3" | "h4";
  const dialog = useRef<HTMLDialogElement>(null);
  const title = ticket.movieTitle ?? "Billett";
  const start = formatMemberTime(ticket.startTime);
  const expires = formatMemberTime(ticket.expirationDate);
  const code = ticketCode(ticket);
  return (
    <li className="ticket-card">
      <div className="ticket-card__film">
        <MemberPoster className="ticket-card__poster" src={ticket.image} title={title} width={90} height={136} />
        <div>
          <H className="ticket-card__title">{filmPath ? <a href={filmPath}>{title}</a> : title}</H>
          <TicketFacts ticket={ticket} start={start} expires={expires} />
          {ticket.notes ? <p className="ticket-card__notes">{ticket.notes}</p> : null}
        </div>
      </div>
      {code ? (
        <div className="ticket-card__qr">
          <TicketCode code={code} size={176} label={`QR-kode for billetten til ${title}`} />
          <button type="button" className="button button--ghost" onClick={() => dialog.current?.showModal()}>
            Vis QR-kode i fullskjerm
          </button>
          <dialog ref={dialog} className="qr-dialog" aria-label={`QR-kode for ${title}`}>
            <p className="qr-dialog__title">
              {title}
              {start ? `, ${start}` : ""}
            </p>
            <TicketCode code={code} size={320} label={`QR-kode for billetten til ${title}, stor`} />
            <p className="qr-dialog__hint">Skru opp lysstyrken og hold skjermen mot skanneren.</p>
            <form method="dialog">
              <button type="submit" className="button">
                Lukk
              </button>
            </form>
          </dialog>
        </div>
      ) : null}
    </li>
  );
}

/** Time, hall, seats, info and validity, each where the ticket has it. */
function TicketFacts({
  ticket,
  start,
  expires,
}: {
  ticket: MemberTicket;
  start: string | null;
  expires: string | null;
}) {
  const rows = ticket.seatsInfo.seats;
  return (
    <dl className="ticket-card__facts">
      {start ? (
        <div>
          <dt>Tid</dt>
          <dd>
            <MemberTime value={ticket.startTime} />
          </dd>
        </div>
      ) : null}
      {ticket.sal ? (
        <div>
          <dt>Sal</dt>
          <dd>{ticket.sal}</dd>
        </div>
      ) : null}
      {rows.length > 0 ? (
        <div>
          <dt>Seter</dt>
          <dd>
            <ul className="ticket-card__rows">
              {rows.map((row) => (
                <li key={String(row.row)}>
                  Rad {row.row}: {seatText(row.seats)}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      ) : null}
      {ticket.seatsInfo.info ? (
        <div>
          <dt>Info</dt>
          <dd>{ticket.seatsInfo.info}</dd>
        </div>
      ) : null}
      {expires ? (
        <div>
          <dt>Gyldig til</dt>
          <dd>
            <MemberTime value={ticket.expirationDate} />
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

type Code = { kind: "text"; value: string } | { kind: "image"; url: string };

/**
 * What the door scans (spec 3.1): the QRCode text drawn here, else the service's QRUrl image
 * (http(s) or a data: image; the CSP's img-src names the service's image hosts).
 */
export function ticketCode(ticket: MemberTicket): Code | null {
  if (ticket.qrCode) return { kind: "text", value: ticket.qrCode };
  if (ticket.qrUrl && /^(https?:\/\/|data:image\/)/i.test(ticket.qrUrl.trim()))
    return { kind: "image", url: ticket.qrUrl.trim() };
  return null;
}

function TicketCode({ code, size, label }: { code: Code; size: number; label: string }) {
  if (code.kind === "text") return <QrCode value={code.value} size={size} label={label} />;
  return (
    <img
      className="qr-code qr-code--image"
      src={code.url}
      alt={label}
      width={size}
      height={size}
      data-fallback="QR-koden kan ikke vises"
    />
  );
}

/** A time whose 'kl. 18:30' never breaks across lines (a 375 px card broke it as 'kl. / 18:30'). */
function MemberTime({ value }: { value: string | null }) {
  const parts = memberTimeParts(value);
  if (!parts) return null;
  return (
    <time dateTime={dateTimeAttribute(value)}>
      {parts.day}
      {parts.clock ? (
        <>
          {" "}
          <span className="member-time__clock">kl. {parts.clock}</span>
        </>
      ) : null}
    </time>
  );
}

/** 'sete 11 og 12', 'sete 9', 'seter 1, 2 og 3'. */
export function seatText(seats: string | (string | number)[]): string {
  const list = (Array.isArray(seats) ? seats : String(seats).split(/[,\s]+/)).map(String).filter(Boolean);
  if (list.length === 0) return "";
  if (list.length === 1) return `sete ${list[0]}`;
  return `seter ${list.slice(0, -1).join(", ")} og ${list[list.length - 1]}`;
}
