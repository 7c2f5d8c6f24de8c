/** The footer html item's allowlist (src/render/footer-html.ts) and the CSP source checks (src/shared/csp-source.ts). */
import { describe, expect, it } from "vitest";
import { cspOriginOf, cspSourceProblem, isCspOrigin } from "../../src/shared/csp-source.js";
import { footerHtmlWarnings } from "../../src/lint/lint-footer-html.js";
import type { FooterColumn } from "../../src/model/index.js";
import { allowsScript, sanitizeFooterHtml, splitFooterHtml } from "../../src/render/footer-html.js";

const HOSTS = ["https://cdn.linkmarketing.example", "https://*.widgets.example"];

describe("sanitizeFooterHtml", () => {
  it("keeps the partner's third-party script as spec 2.7 needs it", () => {
    const item = '<script async src="https://cdn.linkmarketing.example/deeplink.js" data-partner="solvik"></script>';
    expect(sanitizeFooterHtml(item, HOSTS)).toEqual({ html: item, dropped: [] });
  });

  it("drops inline script, handlers, foreign hosts and dangerous URLs, naming each", () => {
    const result = sanitizeFooterHtml(
      '<p onclick="x()">Hei<script>alert(1)</script></p><script src="http://cdn.linkmarketing.example/a.js"></script><object data="x"></object><a href="data:text/html,x">d</a>',
      HOSTS,
    );
    expect(result.html).toBe("<p>Hei</p><a>d</a>");
    expect(result.dropped).toEqual(
      [
        "<object> element",
        "<script> from http://cdn.linkmarketing.example (not in partner.json contentSecurity.scriptHosts)",
        "href 'data:text/html,x' on <a>",
        "inline <script>",
        "onclick handler on <p>",
      ].sort(),
    );
  });

  it("keeps the widget's mount point: id, class and data-* on elements (spec 2.7)", () => {
    for (const mount of [
      '<div id="dl-banner" data-partner="118"></div>',
      '<div class="lenke-banner" data-site="250"></div>',
    ]) {
      const item = `${mount}<script async src="https://cdn.linkmarketing.example/banner.js"></script>`;
      expect(sanitizeFooterHtml(item, HOSTS)).toEqual({ html: item, dropped: [] });
      expect(splitFooterHtml(sanitizeFooterHtml(item, HOSTS).html).visible).toBe(mount);
    }
  });

  it("drops the data-* names the site's own scripts read, naming each", () => {
    const result = sanitizeFooterHtml(
      '<div data-island="modal" data-island-src="https://cdn.linkmarketing.example/x.js" data-consent-open="" data-site="250">x</div>',
      HOSTS,
    );
    expect(result.html).toBe('<div data-site="250">x</div>');
    expect(result.dropped).toEqual([
      "data-consent-open attribute on <div> (a name the site's own scripts read)",
      "data-island attribute on <div> (a name the site's own scripts read)",
      "data-island-src attribute on <div> (a name the site's own scripts read)",
    ]);
  });

  it("matches script hosts exactly, or by a '*.' wildcard", () => {
    expect(allowsScript("https://a.widgets.example/w.js", HOSTS)).toBe(true);
    expect(allowsScript("https://widgets.example.evil.example/w.js", HOSTS)).toBe(false);
    expect(allowsScript("https://cdn.linkmarketing.example.evil.example/x.js", HOSTS)).toBe(false);
    expect(allowsScript("https://cdn.linkmarketing.example:8443/x.js", HOSTS)).toBe(false);
    expect(allowsScript("//cdn.linkmarketing.example/x.js", HOSTS)).toBe(false);
  });
});

describe("CSP sources", () => {
  it("pass only plain https host sources", () => {
    expect(isCspOrigin("https://img.kinoplattform.example")).toBe(true);
    expect(isCspOrigin("https://*.googletagmanager.com")).toBe(true);
    for (const bad of [
      "https://img.example;sandbox",
      "https://a.example,b",
      "https://a.example 'unsafe-inline'",
      "http://a.example",
      "https://a.example/x",
      "*",
    ])
      expect(isCspOrigin(bad), bad).toBe(false);
  });

  it("take the origin of a content URL only when it is a plain host", () => {
    expect(cspOriginOf("https://bilder.kulturhus.example/a.jpg?w=1")).toBe("https://bilder.kulturhus.example");
    expect(cspOriginOf("https://bilder.example;sandbox/a.jpg")).toBeNull();
    expect(cspOriginOf("https://x.example,script-src/b.jpg")).toBeNull();
    expect(cspOriginOf("javascript:alert(1)")).toBeNull();
  });

  it("explain what is wrong with a configured host", () => {
    expect(cspSourceProblem("https://cdn.example")).toBeNull();
    expect(cspSourceProblem("https://data.example/api/v1/")).toBeNull();
    expect(cspSourceProblem("https://cdn.example; script-src *")).toMatch(/contains ';', ',', a quote or white space/);
    expect(cspSourceProblem("cdn.example")).toMatch(/is not an https host source/);
  });
});

describe("splitFooterHtml: the partner's text shows, third parties wait for consent", () => {
  it("keeps text and own images visible, holds scripts and images from other hosts", () => {
    const item =
      '<p class="merk">Kiosken stenger <strong>30 min</strong> før siste forestilling &amp; på helligdager.</p><div class="lm-widget"></div><img src="https://pixel.example/p.gif" width="1" height="1"><img src="/logo.png" alt="Logo"><script async src="https://cdn.linkmarketing.example/deeplink.js" data-partner="solvik"></script>';
    const { visible, held } = splitFooterHtml(sanitizeFooterHtml(item, HOSTS).html);
    expect(visible).toBe(
      '<p class="merk">Kiosken stenger <strong>30 min</strong> før siste forestilling &amp; på helligdager.</p><div class="lm-widget"></div><img src="/logo.png" alt="Logo" />',
    );
    expect(held).toBe(
      '<img src="https://pixel.example/p.gif" width="1" height="1" /><script async src="https://cdn.linkmarketing.example/deeplink.js" data-partner="solvik"></script>',
    );
  });

  it("an item of only a script shows nothing and holds the script; one of only text holds nothing", () => {
    expect(splitFooterHtml('<script async src="https://cdn.linkmarketing.example/deeplink.js"></script>')).toEqual({
      visible: "",
      held: '<script async src="https://cdn.linkmarketing.example/deeplink.js"></script>',
    });
    expect(splitFooterHtml("<p>Åpent <em>hver dag</em></p>")).toEqual({
      visible: "<p>Åpent <em>hver dag</em></p>",
      held: "",
    });
  });
});

describe("lint of the footer html item's ids", () => {
  const column = (value: string) =>
    [
      { title: "Kontakt", locale: "nb", order: 0, items: [{ type: "html", value, href: "", order: 0 }] },
    ] as unknown as FooterColumn[];

  it("warns when an id is one the page's own markup uses, and keeps it as written", () => {
    const warnings = footerHtmlWarnings(column('<div id="innhold"></div><span id="dag-2026-12-24"></span>'), HOSTS);
    expect(warnings).toEqual([
      {
        field: "theme.footer[0].items[0]",
        text: expect.stringMatching(/uses the id 'innhold', 'dag-2026-12-24', which the page's own markup uses/),
      },
    ]);
    expect(sanitizeFooterHtml('<div id="innhold"></div>', HOSTS).html).toBe('<div id="innhold"></div>');
  });

  it("says nothing about a widget's own id", () => {
    expect(footerHtmlWarnings(column('<div id="dl-banner" data-partner="118"></div>'), HOSTS)).toEqual([]);
  });
});
