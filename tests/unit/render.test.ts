/**
 * The document shell, header, footer and grid of the renderer (src/render, templates/),
 * asserted on parsed HTML.
 */
import { parse, type HTMLElement } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { BuildError } from "../../src/errors/index.js";
import { planStylesheet } from "../../src/render/index.js";
import { DETAIL_ROW, block, page, partner, renderer, route, site } from "../fixtures/render/fixture.js";

function render(...args: Parameters<ReturnType<typeof renderer>["render"]>): HTMLElement {
  return parse(renderer().render(...args));
}

const META = (doc: HTMLElement, key: string) =>
  doc.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute("content");

describe("document shell", () => {
  const jsonLd = [{ "@context": "https://schema.org", "@type": "Movie", name: "</script><script>alert(1)</script>" }];
  const html = renderer().render(
    page([block("title", { title: "Kløver" })], {
      path: "/filmer/kløver",
      meta: {
        locale: "nb",
        title: "Kløver",
        description: "Om kløver",
        keywords: "2D, 12",
        image: "https://img.kinoplattform.example/178/k.jpg?w=1920&h=1080&auto=compress",
        facebookVerificationCode: "fbcode",
      },
    }),
    route("/filmer/kløver", "film", jsonLd),
  );
  const doc = parse(html);

  it("is a complete nb document with title, description, keywords and an encoded canonical URL", () => {
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(doc.querySelector("html")?.getAttribute("lang")).toBe("nb");
    // <title> is the film's meta title exactly, no ' | <city>' appended (spec 2.6).
    expect(doc.querySelector("title")?.text).toBe("Kløver");
    expect(META(doc, "description")).toBe("Om kløver");
    expect(META(doc, "keywords")).toBe("2D, 12");
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
      `${partner.siteUrl}/filmer/kl%C3%B8ver`,
    );
  });

  it("gives a local file's og:image without the bindings' CDN parameters, its size still from them (docs/performance.md)", () => {
    const local = parse(
      renderer().render(
        page([block("title", { title: "Kløver" })], {
          path: "/kl",
          meta: {
            locale: "nb",
            title: "Kløver",
            description: "",
            keywords: "",
            image: `${partner.siteUrl}/assets/media/k-1280.ab12cd34.webp?w=1920&h=1080&auto=compress&fp-x=0.5`,
            facebookVerificationCode: null,
          },
        }),
        route("/kl", "film", []),
      ),
    );
    expect(META(local, "og:image")).toBe(`${partner.siteUrl}/assets/media/k-1280.ab12cd34.webp`);
    expect([META(local, "og:image:width"), META(local, "og:image:height")]).toEqual(["1920", "1080"]);
  });

  it("has OpenGraph and Twitter cards, favicon, manifest, theme colour and the hashed assets", () => {
    expect(META(doc, "og:title")).toBe("Kløver");
    expect(META(doc, "og:type")).toBe("video.movie");
    expect(META(doc, "og:url")).toBe(`${partner.siteUrl}/filmer/kl%C3%B8ver`);
    expect(META(doc, "og:image")).toContain("w=1920&h=1080");
    expect(META(doc, "og:image:width")).toBe("1920");
    expect(META(doc, "twitter:card")).toBe("summary_large_image");
    expect(META(doc, "facebook-domain-verification")).toBe("fbcode");
    expect(META(doc, "theme-color")).toBe("#101418");
    expect(doc.querySelector('link[rel="icon"]')?.getAttribute("href")).toBe(
      "https://img.kinoplattform.example/178/favicon.png",
    );
    expect(doc.querySelector('link[rel="manifest"]')?.getAttribute("href")).toBe("/manifest.webmanifest");
    expect(doc.querySelector('link[rel="stylesheet"]')?.getAttribute("href")).toBe("/assets/site.12345678.css");
    const module = doc.querySelector('script[type="module"]');
    expect(module?.getAttribute("src")).toBe("/assets/boot.87654321.js");
    expect(
      doc.querySelectorAll("link[rel=stylesheet]").every((link) => link.getAttribute("href")!.startsWith("/")),
    ).toBe(true);
  });

  it("writes JSON-LD that cannot close its script element, and tells the client its page data", () => {
    const blocks = doc.querySelectorAll('script[type="application/ld+json"]');
    expect(blocks).toHaveLength(1);
    expect(JSON.parse(blocks[0].text)).toEqual(jsonLd[0]);
    expect(
      doc
        .querySelectorAll("script")
        .filter((script) => script.text.includes("alert(1)") && script.getAttribute("type") !== "application/ld+json"),
    ).toHaveLength(0);
    const body = doc.querySelector("body")!;
    expect(body.getAttribute("data-json-name")).toBe("filmer/kløver");
    expect(body.getAttribute("data-page-data")).toBe("/page-data/filmer/kløver.json");
  });

  it("marks every page noindex on a site that is unpublished or not on the 'production' stage (spec 3.2, 4.3)", () => {
    const plain = () =>
      [page([block("title", { title: "Kløver" })], { path: "/kinoprogram" }), route("/kinoprogram", "static")] as const;
    expect(META(render(...plain()), "robots")).toBeUndefined();
    for (const hidden of [
      { ...site, published: false },
      { ...site, stage: "staging" },
    ]) {
      const doc = parse(renderer({ site: hidden }).render(...plain()));
      expect(META(doc, "robots")).toBe("noindex");
      expect(doc.querySelector('link[rel="canonical"]')).toBeTruthy();
    }
  });

  it("marks the not-found page noindex without a canonical URL", () => {
    const notFound = render(page([], { path: "/404.html" }), route("/404.html", "not-found"));
    expect(notFound.querySelector('link[rel="canonical"]')).toBeNull();
    expect(META(notFound, "robots")).toBe("noindex");
  });

  it("is deterministic", () => {
    const fixed = page([
      block("content", { title: "A", body: "<p>b</p>" }),
      block("ticket-list", { title: "Billetter", tickets: [] }),
    ]);
    const make = () => renderer().render(fixed, route("/test"));
    expect(make()).toBe(make());
  });
});

describe("header", () => {
  const doc = render(page([]), route("/kinoprogram"));
  const nav = doc.querySelector("nav.main-nav")!;

  it("shows the menu tree as ordered groups with their links", () => {
    const groups = nav.querySelectorAll(".menu details");
    expect(groups.map((group) => group.querySelector("summary")!.text.trim())).toEqual(["Filmoversikt", "Kultur"]);
    expect(groups[0].querySelectorAll("a").map((a) => [a.text, a.getAttribute("href")])).toEqual([
      ["Kinoprogram", "/kinoprogram"],
      ["Kommende filmer", "/kommende"],
    ]);
    expect(nav.querySelector('a[aria-current="page"]')?.getAttribute("href")).toBe("/kinoprogram");
  });

  it("marks each page's own menu link current, though one renderer renders the header once per menu state", () => {
    const shared = renderer();
    const current = (path: string, trailing = "") =>
      parse(shared.render(page([], { path }), route(path + trailing)))
        .querySelector('nav.main-nav a[aria-current="page"]')
        ?.getAttribute("href") ?? null;
    expect(current("/kinoprogram")).toBe("/kinoprogram");
    expect(current("/ikke-i-menyen")).toBeNull();
    expect(current("/kommende")).toBe("/kommende");
    expect(current("/kinoprogram", "/")).toBe("/kinoprogram");
    expect(current("/ikke-i-menyen/dag")).toBeNull();
  });

  it("writes the menu and the search form once; the mobile switch opens that same menu", () => {
    expect(doc.querySelectorAll(`nav[aria-label="Hovedmeny"]`)).toHaveLength(1);
    expect(doc.querySelectorAll(".menu a")).toHaveLength(nav.querySelectorAll("a").length);
    expect(doc.querySelectorAll("form.header-search")).toHaveLength(1);
    const toggle = doc.querySelector("input.menu-switch")!;
    expect(toggle.getAttribute("type")).toBe("checkbox");
    expect(doc.querySelector(`label[for="${toggle.getAttribute("id")}"]`)?.text).toContain("Meny");
    const panel = doc.querySelector(`#${toggle.getAttribute("aria-controls")}`)!;
    expect(panel.querySelector("nav.main-nav")).not.toBeNull();
  });

  it("marks external links noopener and new-window items for screen readers", () => {
    const external = nav.querySelector('a[href="https://kulturhus.example"]')!;
    expect(external.getAttribute("rel")).toBe("noopener");
    expect(external.getAttribute("target")).toBe("_blank");
    expect(external.querySelector(".visually-hidden")?.text.trim()).toBe("(åpnes i nytt vindu)");
    expect(nav.querySelector('a[href="/kinoprogram"]')?.getAttribute("target")).toBeUndefined();
  });

  it("has a labelled search field submitting q to /search, logo, club logo and app badges", () => {
    const form = doc.querySelector("form.header-search")!;
    expect(form.getAttribute("action")).toBe("/search");
    expect(form.getAttribute("method")).toBe("get");
    const input = form.querySelector('input[name="q"]')!;
    expect(form.querySelector(`label[for="${input.getAttribute("id")}"]`)?.text).toContain("Søk");
    expect(doc.querySelector("a.brand img")?.getAttribute("alt")).toBe("Solvik kino");
    expect(doc.querySelector(".club-logo img")?.getAttribute("alt")).toBe("Kinoklubben");
    expect(doc.querySelector(".app-badges a")?.getAttribute("href")).toBe("https://apps.apple.com/no/app/x/id1");
  });

  it("links to /min-side only when the partner has the member service", () => {
    // "Min side / Logg inn" leads to the login on /min-side; a plain link, no island.
    expect(doc.querySelector('.member-menu a[href="/min-side#logg-inn"]')?.text).toBe("Min side / Logg inn");
    const without = parse(renderer({ memberService: null }).render(page([]), route("/")));
    expect(without.querySelector('a[href^="/min-side"]')).toBeNull();
    expect(without.querySelector(".member-menu")).toBeNull();
  });
});

describe("footer", () => {
  const footer = render(page([]), route("/")).querySelector("footer.site-footer")!;

  it("orders columns and items and shows the opening hours", () => {
    expect(footer.querySelectorAll(".footer-column:not(.footer-apps) h2").map((h) => h.text)).toEqual([
      "Om kinoen",
      "Åpningstider",
    ]);
    const hours = footer.querySelector("ul.opening-hours")!;
    expect(hours.querySelectorAll("li:not([class])").map((li) => li.text)).toEqual([
      "Mandag–torsdag 11:00–21:00",
      "Fredag 11:00–22:30",
    ]);
    expect(footer.querySelector(".footer-item--title h3")?.text).toBe("Kinoen");
  });

  it("prints a column heading once when its first title item repeats it (docs/rendering.md)", () => {
    const columns = [
      {
        title: "Kontakt",
        locale: "nb",
        order: 0,
        items: [
          { type: "title" as const, value: "kontakt ", order: 0 },
          { type: "text" as const, value: "Storgata 1", order: 1 },
        ],
      },
    ];
    const doc = parse(
      renderer({ site: { ...site, theme: { ...site.theme, footer: columns } } }).render(page([]), route("/")),
    );
    expect(doc.querySelectorAll("footer h2, footer h3").map((h) => h.text)).toEqual(["Kontakt", "Last ned appen"]);
    expect(doc.querySelectorAll("footer .footer-column:not(.footer-apps) li").map((li) => li.text)).toEqual([
      "Storgata 1",
    ]);
  });

  it("keeps the app-store badges, with their labels, in a footer column for phones", () => {
    const apps = footer.querySelector(".footer-apps")!;
    expect(apps.querySelector("a.app-badge--app-store")?.text).toBe("Last ned i App Store");
    expect(apps.querySelector("a.app-badge--app-store")?.getAttribute("href")).toBe(
      "https://apps.apple.com/no/app/x/id1",
    );
  });

  it("injects the html item as it is: its script survives", () => {
    const script = footer.querySelector(".footer-item--html script")!;
    expect(script.getAttribute("src")).toBe("https://cdn.linkmarketing.example/deeplink.js");
    expect(script.getAttribute("data-partner")).toBe("solvik");
  });

  it("has the footer menu with the accessibility statement in a new window", () => {
    const links = footer.querySelectorAll("nav.footer-menu a");
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "/article/personvernerklaering",
      "/article/info-om-cookies",
      "https://uustatus.example/solvik",
    ]);
    expect(links[2].getAttribute("target")).toBe("_blank");
    expect(links[2].text).toContain("(åpnes i nytt vindu)");
  });
});

describe("grid", () => {
  const blocks = [
    block("movie-cover", { title: "Dune" }, { column: 0, order: 0 }),
    block("adnuntius", { id: "side-d", mobileId: "side-m" }, { column: 1, order: 0 }),
    block("content", { title: "Om", body: "<p>x</p>" }, { column: 0, order: 1 }),
  ];
  const doc = render(page(blocks, { template: { rows: [DETAIL_ROW] }, path: "/dune" }), route("/dune", "film"));

  it("writes 9/3 on large, 6/6 on medium and stacked columns on small screens", () => {
    const columns = doc.querySelectorAll("main .row > .col");
    expect(columns.map((column) => column.classList.value.filter((c) => c.startsWith("col-")).sort())).toEqual([
      ["col-lg-9", "col-md-6", "col-xs-12"],
      ["col-lg-3", "col-md-6", "col-xs-12"],
    ]);
    expect(doc.querySelector("main .grid-row--container > .container > .row")).not.toBeNull();
  });

  it("places blocks by column and order; the lead block carries the h1", () => {
    const [main, side] = doc.querySelectorAll("main .row > .col");
    expect(
      main.querySelectorAll(":scope > .block").map((b) => b.classList.value.find((c) => c.startsWith("block--"))),
    ).toEqual(["block--movie-cover", "block--content"]);
    expect(side.querySelector(".ad-slot")?.getAttribute("data-ad-id")).toBe("side-d");
    expect(doc.querySelectorAll("h1").map((h) => h.text)).toEqual(["Dune"]);
  });

  it("marks a column of ad slots alone, which site.css collapses while no ad shows (no empty side column)", () => {
    expect(doc.querySelectorAll("main .row > .col").map((column) => column.classList.contains("ads-only"))).toEqual([
      false,
      true,
    ]);
  });

  it("writes a hidden h1 when no block can carry it", () => {
    const front = render(
      page([block("quick-links", { title: "", links: [{ label: "A", link: "/a" }] })], { path: "/" }),
      route("/"),
    );
    expect(front.querySelectorAll("h1").map((h) => [h.text, h.classList.contains("visually-hidden")])).toEqual([
      ["Solvik kino", true],
    ]);
  });

  it("refuses a block placed outside the template", () => {
    const lost = block("content", { title: "x" }, { row: 3 });
    expect(() => renderer().render(page([lost]), route("/test"))).toThrow(/row 3, column 0/);
  });
});

describe("unknown component kind", () => {
  it("fails with partner, page, block and a did-you-mean", () => {
    const bad = block("tickt-list", {});
    let error: unknown;
    try {
      renderer().render(page([bad], { path: "/kinoprogram" }), route("/kinoprogram"));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(BuildError);
    const buildError = error as BuildError;
    expect(buildError.location).toMatchObject({
      partner: 178,
      pagePath: "/kinoprogram",
      blockId: bad.id,
      component: "tickt-list",
    });
    expect(buildError.format()).toContain("did you mean 'ticket-list'?");
  });
});

describe("stylesheet", () => {
  it("is one content-hashed file with the grid utilities and focus/reduced-motion rules", () => {
    const { file, url } = planStylesheet();
    expect(file.path).toMatch(/^assets\/site\.[0-9a-f]{8}\.css$/);
    expect(url).toBe(`/${file.path}`);
    const css = String(file.contents);
    expect(css).toContain(".col-lg-9{grid-column:span 9}");
    expect(css).toContain("prefers-reduced-motion");
    expect(css).toContain(":focus-visible");
    expect(css).not.toMatch(/@import|url\(["']?https?:/);
  });

  it("is minified: no comments, no indentation", () => {
    const css = String(planStylesheet().file.contents);
    expect(css).not.toContain("/*");
    expect(css).not.toMatch(/\n\s+\S/);
  });
});
