/**
 * The member islands' pieces as a visitor reads them (docs/member.md, "What a real member service sends"):
 * a ticket with only a QRUrl shows that image, posters name their film when missing or
 * failed, the clock time and the rating count never break inside, and the avatar initial
 * comes from the name as shown (text, never HTML).
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TicketCard, ticketCode } from "../../templates/islands/member/ticket-card.js";
import { MemberPoster } from "../../templates/islands/member/member-poster.js";
import { initialOf } from "../../templates/islands/reviews.js";
import { toMemberTicket } from "../../src/isomorphic/member-fields.js";

const QR_URL = "https://plakater178.kinoplattform.example/qr/TKT-1.png";
const ticket = (fields: Record<string, unknown>) =>
  toMemberTicket({ MovieTitle: "Dune", StartTime: "2026-11-28T18:30:00", ...fields });

describe("ticket code (spec 3.1)", () => {
  it("draws QRCode when there is one, else shows the QRUrl image", () => {
    expect(ticketCode(ticket({ QRCode: "TKT-1", QRUrl: QR_URL }))).toEqual({ kind: "text", value: "TKT-1" });
    expect(ticketCode(ticket({ QRCode: null, QRUrl: QR_URL }))).toEqual({ kind: "image", url: QR_URL });
    expect(ticketCode(ticket({ QRCode: null, QRUrl: null }))).toBeNull();
  });

  it("takes only an http(s) or data: image as the QRUrl", () => {
    expect(ticketCode(ticket({ QRUrl: "javascript:alert(1)" }))).toBeNull();
    expect(ticketCode(ticket({ QRUrl: "data:image/png;base64,AAAA" }))).toEqual({
      kind: "image",
      url: "data:image/png;base64,AAAA",
    });
  });

  it("renders the QRUrl image on the card and in the full-screen view", () => {
    const html = renderToStaticMarkup(<TicketCard ticket={ticket({ QRUrl: QR_URL })} filmPath={null} level={3} />);
    expect(html.match(/<img class="qr-code qr-code--image" src="https:\/\/plakater178[^"]*"/g)).toHaveLength(2);
    expect(html).toContain('alt="QR-kode for billetten til Dune"');
    expect(html).toContain("Vis QR-kode i fullskjerm");
  });

  it("keeps 'kl. 18:30' together", () => {
    const html = renderToStaticMarkup(<TicketCard ticket={ticket({ QRCode: "T" })} filmPath={null} level={3} />);
    expect(html).toContain(
      '<time dateTime="2026-11-28T18:30">lørdag 28. november <span class="member-time__clock">kl. 18:30</span></time>',
    );
  });
});

describe("member posters", () => {
  it("names the film in the box when the service sends no poster", () => {
    expect(
      renderToStaticMarkup(
        <MemberPoster src={null} title="Dune <2>" className="watch-list__poster" width={120} height={181} />,
      ),
    ).toBe('<span class="watch-list__poster watch-list__poster--none" aria-hidden="true">Dune &lt;2&gt;</span>');
  });

  it("gives a poster the film's title to draw when it fails (client/image-fallback.ts)", () => {
    expect(
      renderToStaticMarkup(
        <MemberPoster
          src="https://x.example/p.jpg"
          title="Dune"
          className="ticket-card__poster"
          width={90}
          height={136}
        />,
      ),
    ).toContain('data-fallback="Dune"');
  });
});

describe("review avatar initial", () => {
  it("is the first character of the name as shown, not the first letter inside markup", () => {
    expect(initialOf("<b>Per</b>")).toBe("<");
    expect(initialOf("ingrid")).toBe("I");
    expect(initialOf("😀 Sara")).toBe("😀");
  });
});
