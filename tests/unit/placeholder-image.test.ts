/** The placeholder a failed image shows (docs/rendering.md, Images): its box, its title, its escaping. */
import { describe, expect, it } from "vitest";
import { placeholderSvg, placeholderUrl, wrapLabel } from "../../client/placeholder-image.js";

const COLORS = { background: "rgb(60, 20, 30)", text: "rgb(244, 244, 244)", accent: "#c8102e" };

describe("placeholder of a failed image", () => {
  it("has the image's own width and height, so nothing on the page moves", () => {
    const svg = placeholderSvg({ width: 225, height: 340, label: "Månens løfte", colors: COLORS });
    expect(svg).toMatch(/^<svg [^>]*width="225" height="340" viewBox="0 0 225 340">/);
    expect(svg).toContain('<rect width="225" height="340" fill="rgb(60, 20, 30)"/>');
    expect(svg).toContain('fill="rgb(244, 244, 244)"');
    expect(svg).toContain(">Månens løfte</tspan>");
  });

  it("wraps a long title into lines that fit and cuts after four lines", () => {
    expect(wrapLabel("Trollet fra den store festen", 12)).toEqual(["Trollet fra", "den store", "festen"]);
    expect(wrapLabel("a b c d e f g h i j", 3)).toEqual(["a b", "c d", "e f", "g …"]);
    expect(wrapLabel("Supercalifragilistic", 8)).toEqual(["Superca…"]);
  });

  it("escapes the title: editor text never becomes markup", () => {
    const svg = placeholderSvg({ width: 640, height: 360, label: `<b>"x"</b>&co`, colors: COLORS });
    expect(svg).not.toContain("<b>");
    expect(svg).toContain("&#60;b&#62;&#34;x&#34;&#60;/b&#62;&#38;co");
    expect(svg).toContain("&#38;");
  });

  it("draws a logo's name as type on a transparent ground", () => {
    const svg = placeholderSvg({ width: 160, height: 48, label: "Solvik kino", colors: COLORS, variant: "text" });
    expect(svg).not.toContain("<rect");
    expect(svg).toContain('text-anchor="start"');
    expect(svg).toContain(">Solvik kino</tspan>");
  });

  it("is a data URL, which needs no request and passes the CSP's img-src data:", () => {
    const url = placeholderUrl({ width: 10, height: 10, label: "", colors: COLORS });
    expect(url.startsWith("data:image/svg+xml;charset=utf-8,%3Csvg")).toBe(true);
    expect(decodeURIComponent(url.slice(url.indexOf(",") + 1))).toBe(
      placeholderSvg({ width: 10, height: 10, label: "", colors: COLORS }),
    );
  });
});
