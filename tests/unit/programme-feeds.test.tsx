/**
 * One calendar feed per programme page (docs/spec-decisions.md, "Calendar";
 * src/emit/calendar-feed.ts planProgrammeFeeds): '<page>-kalender.ics' with the coming showings
 * its listings by day hold, read back by ical.js (tests/helpers/ical.ts) with their Oslo start;
 * pages whose listing is the same share the first one's feed, as they share its day pages; the
 * programme block links the page's feed, and no page may take a feed's name.
 */
import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import {
  ownsCalendarFeed,
  planCalendarFeed,
  planCalendarFeeds,
  planProgrammeFeeds,
} from "../../src/emit/calendar-feed.js";
import { checkSitePath, unwritableRoutes } from "../../src/emit/site-path.js";
import type { LinkedEvent, ResolvedBlock, ResolvedPage } from "../../src/model/index.js";
import { windowProgrammePage } from "../../src/render/programme-window.js";
import { listingFeedOf, showingIdsOf } from "../../src/render/shared-day-pages.js";
import { expandRoutes, type Route } from "../../src/routes/index.js";
import { block, NOW, page, partner, renderer, route as renderRoute, ticket } from "../fixtures/render/fixture.js";
import { cmsPage } from "../helpers/cms-page.js";
import { parseCalendar } from "../helpers/ical.js";
import { FEED_PRODUCTION, linkedShowing } from "../helpers/linked-showing.js";

// The fixture's reference time: 2026-12-04 12:00 Oslo. Summer time begins 2027-03-28.
const events = [
  linkedShowing("00001", "2026-12-04 11:00:00"), // started before the reference time: left out
  linkedShowing("00002", "2026-12-05 18:30:00"),
  linkedShowing("00003", "2027-03-28 18:30:00"),
  linkedShowing("00004", "2026-12-06 20:00:00"),
  linkedShowing("00005", "2026-12-07 17:00:00"),
  linkedShowing("00006", "2026-12-08 17:00:00"),
];

const programme = (ids: string[], filter = "date") =>
  block("program", {
    title: "Program",
    subtitle: null,
    filter: { type: filter, from: null, to: null },
    bannerId: null,
    bannerMobileId: null,
    adFlagsFilter: [],
    ticketDisplayMode: -1,
    showTicketCount: true,
    events: [
      {
        id: FEED_PRODUCTION.id,
        title: "Dune",
        image: null,
        link: "/dune",
        category: "Film",
        club: null,
        features: [],
        tickets: ids.map((id) => ticket(`17800000${id}`, events[Number(id) - 1].begin)),
      },
    ],
  });
const schedule = (ids: string[]) =>
  // A partner may bind a showing's id as its event id, without 'e-'.
  block("schedule", {
    title: "Serie",
    events: ids.map((id) => ({ id: `17800000${id}`, date: "2026-12-07 17:00:00" })),
  });

const resolved: Record<string, ResolvedPage> = {
  "/kinoprogram": page([programme(["00001", "00002", "00003", "00004"]), programme(["00006"], "none")], {
    path: "/kinoprogram",
    title: "Kinoprogram",
    meta: { ...page([]).meta, title: "Kinoprogram" },
  }),
  "/kampanje": page([programme(["00001", "00002", "00003", "00004"])], { path: "/kampanje" }),
  "/serie": page([schedule(["00005"])], { path: "/serie", title: "Serie", meta: { ...page([]).meta, title: "" } }),
  "/om": page([block("text", { text: "Om kinoen" })], { path: "/om" }),
};

/** The routes of the four pages: /kinoprogram and /kampanje show the same listing, /kinoprogram first in the menu. */
function routesOf(): Route[] {
  const keys: Record<string, string> = { "/kinoprogram": "k", "/kampanje": "k", "/serie": "s" };
  return expandRoutes({
    partner: partner.partner,
    pages: Object.keys(resolved).map((path) => cmsPage(path)),
    selectRecords: () => [],
    programmeDays: (route) => (keys[route.path] ? ["2026-12-20"] : []),
    listingOf: (route) =>
      keys[route.path]
        ? { key: keys[route.path], blocks: [`b${route.path}`], feed: listingFeedOf(resolved[route.path]) }
        : null,
    pageRank: (path) => ["/kinoprogram", "/kampanje", "/serie"].indexOf(path) >>> 0,
  });
}

describe("the programme pages' calendar feeds", () => {
  const routes = routesOf();
  const feedOf = (path: string) => routes.find((route) => route.path === path)?.calendarFeed;

  it("are the owner's of a listing, linked from the pages that share it and from its day pages", () => {
    expect(feedOf("/kinoprogram")).toBe("/kinoprogram-kalender.ics");
    expect(feedOf("/kinoprogram/dag/2026-12-20")).toBe("/kinoprogram-kalender.ics");
    expect(feedOf("/kampanje")).toBe("/kinoprogram-kalender.ics");
    expect(feedOf("/serie")).toBe("/serie-kalender.ics");
    expect(feedOf("/om")).toBeUndefined();
    expect(routes.filter(ownsCalendarFeed).map((route) => route.path)).toEqual(["/kinoprogram", "/serie"]);
  });

  it("hold the coming showings of the page's listings by day, by start, with Oslo times across DST", () => {
    const files = planProgrammeFeeds({ partner, events, now: NOW }, routes, (route) =>
      listingFeedOf(resolved[route.page.path]),
    );
    expect(files.map((file) => file.path)).toEqual(["kinoprogram-kalender.ics", "serie-kalender.ics"]);
    const host = new URL(partner.siteUrl).hostname;
    const programmeFeed = parseCalendar(String(files[0].contents));
    expect(programmeFeed.calendar.getFirstPropertyValue("x-wr-calname")).toBe(`${partner.name}: Kinoprogram`);
    // 00001 has started, 00006 is only in the film list ('none'), 00005 only on /serie.
    expect(programmeFeed.events.map((event) => [event.uid, event.startUtc, event.endUtc])).toEqual([
      [`e-1780000000002@${host}`, "2026-12-05T17:30:00.000Z", "2026-12-05T20:16:00.000Z"],
      [`e-1780000000004@${host}`, "2026-12-06T19:00:00.000Z", "2026-12-06T21:46:00.000Z"],
      [`e-1780000000003@${host}`, "2027-03-28T16:30:00.000Z", "2027-03-28T19:16:00.000Z"],
    ]);
    expect(programmeFeed.events[0]).toMatchObject({ summary: "Dune: Part Two", location: `Sal 1, ${partner.name}` });
    const scheduleFeed = parseCalendar(String(files[1].contents));
    expect(scheduleFeed.calendar.getFirstPropertyValue("x-wr-calname")).toBe(`${partner.name}: Serie`);
    expect(scheduleFeed.events.map((event) => event.uid)).toEqual([`e-1780000000005@${host}`]);
  });

  it("are the same bytes for the same data, whatever order the showings came in", () => {
    const plan = (list: LinkedEvent[]) =>
      planProgrammeFeeds({ partner, events: list, now: NOW }, routes, (route) =>
        listingFeedOf(resolved[route.page.path]),
      ).map((file) => file.contents);
    expect(plan([...events].reverse())).toEqual(plan(events));
  });

  it("are what each feed is alone when the build writes them all together (one writer shares each showing's text)", () => {
    const data = { partner, events, now: NOW };
    const resolve = (route: (typeof routes)[number]) => listingFeedOf(resolved[route.page.path]);
    expect(planCalendarFeeds(data, routes, resolve)).toEqual([
      planCalendarFeed(data),
      ...planProgrammeFeeds(data, routes, resolve),
    ]);
  });

  it("read the showings of listings by day only", () => {
    expect(showingIdsOf(resolved["/om"])).toEqual([]);
    expect(showingIdsOf(resolved["/serie"])).toEqual(["1780000000005"]);
  });

  it("are read with the listing, as showing keys, named by the page's meta title or else its title", () => {
    expect(listingFeedOf(resolved["/serie"])).toEqual({ title: "Serie", showings: ["e-1780000000005"] });
    expect(listingFeedOf(resolved["/kinoprogram"])).toEqual({
      title: "Kinoprogram",
      showings: ["e-1780000000001", "e-1780000000002", "e-1780000000003", "e-1780000000004"],
    });
  });
});

describe("the programme block's feed link", () => {
  const programmeBlock = (): ResolvedBlock => programme(["00002"]);
  const linkOf = (windowed: ResolvedPage, path: string) =>
    parse(renderer().render(windowed, renderRoute(path)))
      .querySelectorAll('a[type="text/calendar"]')
      .map((a) => a.getAttribute("href"));

  it("names the page's feed (or the one it shares), on the page and its day pages", () => {
    const shared = page([programmeBlock()], { path: "/kampanje" });
    expect(
      linkOf(
        windowProgrammePage(shared, null, "/kampanje", undefined, undefined, "/kinoprogram-kalender.ics"),
        "/kampanje",
      ),
    ).toEqual(["/kinoprogram-kalender.ics"]);
    const day = "/kampanje/dag/2026-12-05";
    expect(
      linkOf(windowProgrammePage(shared, "2026-12-05", day, undefined, undefined, "/kampanje-kalender.ics"), day),
    ).toEqual(["/kampanje-kalender.ics"]);
  });

  it("names the cinema's feed where the page has none (the front page, a film list)", () => {
    expect(linkOf(windowProgrammePage(page([programmeBlock()], { path: "/" }), null, "/"), "/")).toEqual([
      "/kalender.ics",
    ]);
    expect(linkOf(page([programme(["00002"], "none")], { path: "/kommende" }), "/kommende")).toEqual(["/kalender.ics"]);
  });
});

describe("a feed's name", () => {
  it("is no page's or redirect's, and no page's path ends in '.ics'", () => {
    expect(checkSitePath("/kinoprogram-kalender.ics")).toMatch(/calendar feed/);
    expect(checkSitePath("/a/Kampanje-Kalender.ICS")).toMatch(/calendar feed/);
    expect(checkSitePath("/kalender.ics")).toMatch(/a file the build writes/);
    expect(checkSitePath("/kinoprogram/kalender")).toBeNull();
    // A redirect from an old feed's address is fine; a page there would be served as a calendar.
    expect(checkSitePath("/program.ics")).toBeNull();
    const unwritable = (path: string) => unwritableRoutes([{ path, kind: "static", origin: "page", params: {} }], 1);
    expect(unwritable("/program.ics").map((error) => error.message)).toEqual([
      "a page's path may not end in '.ics': the host serves such paths as calendar feeds (page)",
    ]);
    expect(unwritable("/program")).toEqual([]);
  });
});
