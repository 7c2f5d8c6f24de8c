/** Pure helpers of the renderer: purchase URLs, CDN image sizes, nb dates, the menu tree. */
import { describe, expect, it } from "vitest";
import { describeAvailability } from "../../src/isomorphic/availability.js";
import { responsiveImage, withSize } from "../../src/isomorphic/image-url.js";
import { renderMarkdown } from "../../src/render/markdown.js";
import { buildMenuTree } from "../../src/render/menu-tree.js";
import { formatDay, formatDuration, formatShortDay, parseLocalDateTime } from "../../src/isomorphic/oslo-date.js";
import { purchaseUrlOf } from "../../src/isomorphic/purchase-url.js";
import { findHtmlLosses, sanitizeCmsHtml } from "../../src/render/sanitize.js";
import { toOsloLocal } from "../../src/isomorphic/time/oslo.js";

describe("purchaseUrlOf (spec 7.5)", () => {
  it("adds kanal when absent, keeps an existing one, keeps the fragment", () => {
    expect(purchaseUrlOf("https://b.example/solvik/events/1/purchase/setup", "dxf")).toBe(
      "https://b.example/solvik/events/1/purchase/setup?kanal=dxf",
    );
    expect(purchaseUrlOf("https://b.example/e/1/purchase?lang=nb", "dxf")).toBe(
      "https://b.example/e/1/purchase?lang=nb&kanal=dxf",
    );
    expect(purchaseUrlOf("https://b.example/e/1/purchase?kanal=dxf", "dxf")).toBe(
      "https://b.example/e/1/purchase?kanal=dxf",
    );
    expect(purchaseUrlOf("https://b.example/e/1?x=1#seats", "dxf")).toBe("https://b.example/e/1?x=1&kanal=dxf#seats");
  });
  it("refuses anything that is not an http(s) URL", () => {
    expect(purchaseUrlOf("javascript:alert(1)", "dxf")).toBeNull();
    expect(purchaseUrlOf(null, "dxf")).toBeNull();
  });
});

describe("markdown subtitles (spec 3.5)", () => {
  it("turns the small subset into sanitised HTML and escapes the rest as text", () => {
    expect(renderMarkdown('**Fet** og *kursiv* med [lenke](/kinoprogram)\nlinje 2\n\nBarn & <3 "voksne"')).toBe(
      '<p><strong>Fet</strong> og <em>kursiv</em> med <a href="/kinoprogram">lenke</a><br />linje 2</p><p>Barn &amp; &lt;3 "voksne"</p>',
    );
  });
  it("passes HTML through the sanitiser and drops unsafe links", () => {
    expect(renderMarkdown('<p onclick="x()">Hei</p>')).toBe("<p>Hei</p>");
    expect(renderMarkdown("[klikk](javascript:alert(1))")).not.toContain("javascript:");
    expect(renderMarkdown("   ")).toBe("");
  });
});

describe("availability", () => {
  it("treats an unknown count as nothing to show", () =>
    expect(describeAvailability(null, -1, true).state).toBe("hidden"));
});

describe("responsive images (spec 7.6)", () => {
  const cdn = "https://img.kinoplattform.example";
  it("varies w and h and keeps the other parameters as written", () => {
    expect(withSize("https://img.kinoplattform.example/a.jpg?w=225&h=340&crop=faces,top", 450, 680)).toBe(
      "https://img.kinoplattform.example/a.jpg?w=450&h=680&crop=faces,top",
    );
  });
  it("asks the CDN for the slot size when the URL has none", () => {
    const image = responsiveImage(`${cdn}/178/cover.jpg`, { width: 1920, height: 1080 }, cdn, [0.5, 1]);
    expect(image.src).toBe(`${cdn}/178/cover.jpg?w=1920&h=1080&fit=crop&auto=compress`);
    expect(image.srcSet).toBe(
      `${cdn}/178/cover.jpg?w=960&h=540&fit=crop&auto=compress 960w, ${cdn}/178/cover.jpg?w=1920&h=1080&fit=crop&auto=compress 1920w`,
    );
  });
  it("varies only w when the URL names a width without a height, and derives the height from the slot's ratio", () => {
    const image = responsiveImage(`${cdn}/a.jpg?w=800&auto=compress`, { width: 1920, height: 1080 }, cdn, [0.5, 1]);
    expect(image).toEqual({
      src: `${cdn}/a.jpg?w=800&auto=compress`,
      width: 800,
      height: 450,
      srcSet: `${cdn}/a.jpg?w=400&auto=compress 400w, ${cdn}/a.jpg?w=800&auto=compress 800w`,
    });
  });
  it("writes no srcset when its only candidate would be the src itself", () => {
    const image = responsiveImage(
      `${cdn}/p.jpg?w=225&h=340&crop=faces,top`,
      { width: 225, height: 340 },
      cdn,
      [0.5, 1],
    );
    expect(image).toEqual({ src: `${cdn}/p.jpg?w=225&h=340&crop=faces,top`, srcSet: "", width: 225, height: 340 });
    expect(responsiveImage(`${cdn}/p.jpg?w=225&h=340`, { width: 225, height: 340 }, cdn).srcSet).toContain(" 450w");
  });
  it("leaves images of other hosts alone but still sizes them", () => {
    expect(responsiveImage("https://other.example/a.jpg", { width: 225, height: 340 }, cdn)).toEqual({
      src: "https://other.example/a.jpg",
      srcSet: "",
      width: 225,
      height: 340,
    });
  });
});

describe("nb dates from Oslo wall-clock values", () => {
  it("formats days, times and durations", () => {
    expect(parseLocalDateTime("2026-12-04 18:30:00")).toEqual({ date: "2026-12-04", time: "18:30" });
    expect(parseLocalDateTime("2027-01-15")).toEqual({ date: "2027-01-15", time: null });
    expect(formatDay("2026-12-04")).toBe("fredag 4. desember");
    expect(formatDay("2027-01-15", { withYear: true })).toBe("fredag 15. januar 2027");
    expect(formatShortDay("2026-12-06", "2026-12-04")).toBe("søn 6.12.");
    expect(formatShortDay("2026-12-04", "2026-12-04")).toBe("I dag");
    expect(formatDuration(166)).toBe("2 t 46 min");
  });
  it("converts instants to Oslo time across the DST change", () => {
    expect(toOsloLocal("2026-03-29T00:30:00Z")).toBe("2026-03-29 01:30:00");
    expect(toOsloLocal("2026-03-29T01:30:00Z")).toBe("2026-03-29 03:30:00");
  });
});

describe("menu tree (spec 2.7)", () => {
  const item = (id: string, parent: string, order: number, locale = "nb") => ({
    id,
    path: `/${id}`,
    parent,
    label: id,
    place: "header" as const,
    locale,
    order,
    openInNewWindow: false,
  });
  it("orders by `order`, nests by parent, keeps orphans at the top level and skips other locales", () => {
    const tree = buildMenuTree(
      [
        item("b", "", 1),
        item("a", "", 0),
        item("a2", "a", 1),
        item("a1", "a", 0),
        item("orphan", "missing", 5),
        item("en", "", 0, "en"),
      ],
      "header",
      "nb",
    );
    expect(tree.map((node) => [node.id, node.children.map((child) => child.id)])).toEqual([
      ["a", ["a1", "a2"]],
      ["b", []],
      ["orphan", []],
    ]);
  });
});

describe("the sanitiser keeps the editor's text (docs/rendering.md, Sanitiser allowlist)", () => {
  it("an unclosed <style> loses its tag and code, not the text after it", () => {
    expect(sanitizeCmsHtml("<p>Før<style>p { color: red }</p><p>Etter</p>")).toBe("<p>Før</p><p>Etter</p>");
    expect(sanitizeCmsHtml("<p>a<textarea>b</p><p>c</p>")).toBe("<p>ab</p><p>c</p>");
    expect(sanitizeCmsHtml("<p>a<style>x{}</style>b</p>")).toBe("<p>ab</p>");
  });
  it("a paragraph keeps its writing direction and language; other values of dir go", () => {
    expect(sanitizeCmsHtml('<p dir="rtl" lang="ar">وجدة</p><p lang="se">Buorre beaivi</p>')).toBe(
      '<p dir="rtl" lang="ar">وجدة</p><p lang="se">Buorre beaivi</p>',
    );
    expect(sanitizeCmsHtml('<p dir="javascript:x" onclick="y">Tekst</p>')).toBe("<p>Tekst</p>");
    expect(sanitizeCmsHtml('<span lang="en">film</span>')).toBe('<span lang="en">film</span>');
    expect(sanitizeCmsHtml('<a dir="rtl" href="/om">Om</a><a dir="x" href="/om">Om</a>')).toBe(
      '<a dir="rtl" href="/om">Om</a><a href="/om">Om</a>',
    );
  });
  it("an image that cannot load becomes its alt text, or nothing", () => {
    expect(sanitizeCmsHtml("<img src=x onerror=alert(1)>Tekst")).toBe("Tekst");
    expect(sanitizeCmsHtml('<img src="x" alt="Plakat">')).toBe("<span>Plakat</span>");
    expect(sanitizeCmsHtml('<img src="//evil.example/a.png" alt="">')).toBe("");
    expect(sanitizeCmsHtml('<img src="https://img.example/a.jpg" alt="P">')).toBe(
      '<img src="https://img.example/a.jpg" alt="P" loading="lazy" decoding="async" />',
    );
    expect(sanitizeCmsHtml('<img src="/media/a.jpg">')).toContain('src="/media/a.jpg"');
  });
  it("a link without a usable href becomes plain text", () => {
    expect(
      sanitizeCmsHtml('<p><a>død</a> <a href="javascript:x">js</a> <a href="/x">ok</a> <a href="#billetter">f</a></p>'),
    ).toBe('<p><span>død</span> <span>js</span> <a href="/x">ok</a> <a href="#billetter">f</a></p>');
  });
  it("findHtmlLosses names each case and nothing in clean HTML", () => {
    expect(findHtmlLosses('<p><strong>Hei</strong> <a href="https://x.example">x</a></p>')).toEqual([]);
    expect(findHtmlLosses("<p>a<script>x</p><img src=y alt=z><a href=''>t</a>")).toHaveLength(3);
  });
});

describe("ad flags on a showing", () => {
  it("are named by the label table or the data's view; a bare code nobody named is left out", async () => {
    const { toShowing } = await import("../../src/isomorphic/showings.js");
    const showing = toShowing({
      id: "e-1",
      date: "2026-12-04 18:30:00",
      adFlags: ["baby_cinema", "subtitled_hoh", "dementia"],
      adFlagsView: [{ flag: "dementia", view: "Demensvennlig visning" }],
    });
    expect(showing?.flags).toEqual(["Babykino", "Demensvennlig visning"]);
  });
});

describe("the seat count's word", () => {
  it("is 'ledig' for one seat and 'ledige' for more", async () => {
    const { describeAvailability } = await import("../../src/isomorphic/availability.js");
    expect([1, 2, 42].map((count) => describeAvailability(count, -1, true).label)).toEqual([
      "1 ledig",
      "2 ledige",
      "42 ledige",
    ]);
  });
});
