/**
 * The calendar feeds (docs/spec-decisions.md, "Calendar"): the cinema's, `/kalender.ics`, with
 * every coming showing, and one per programme page, `<page>-kalender.ics`, with the coming
 * showings its listings by day show. Written by the same writer as the ticket list's and the
 * programme's "Legg i kalender" (src/isomorphic/ics.ts), so an event has the same UID in all of
 * them. Ordered by start and id, DTSTAMP the build's reference time: the same data gives the
 * same bytes.
 */
import { CALENDAR_FEED_PATH, calendarText, icsEventText, icsStamp, showingEvent } from "../isomorphic/ics.js";
import { purchaseUrlOf } from "../isomorphic/purchase-url.js";
import { osloPlusMinutes } from "../isomorphic/time/oslo-span.js";
import { toOsloLocal } from "../isomorphic/time/oslo.js";
import type { Dataset, LinkedEvent } from "../model/index.js";
import type { OutputFile } from "../model/output-file.js";
import { calendarFeedPath } from "../model/page-paths.js";
import type { ListingFeed, Route } from "../routes/index.js";

type FeedData = Pick<Dataset, "partner" | "events" | "now">;

/**
 * Every feed of the build: the cinema's, then the programme pages' (planProgrammeFeeds). They
 * hold the same showings several times over (at 2,000 films three of them hold every coming
 * showing), so one writer makes each showing's text once and sorts the coming showings once.
 */
export function planCalendarFeeds(
  dataset: FeedData,
  routes: readonly Route[],
  feedOf: (route: Route) => ListingFeed,
): OutputFile[] {
  const writer = feedWriter(dataset);
  return [writer.feed(CALENDAR_FEED_PATH, dataset.partner.name, () => true), ...programmeFeeds(writer, routes, feedOf)];
}

/** The feed of the dataset's showings that start at or after its reference time. */
export function planCalendarFeed(dataset: FeedData): OutputFile {
  return feedWriter(dataset).feed(CALENDAR_FEED_PATH, dataset.partner.name, () => true);
}

/**
 * One feed per programme page that owns its listings by day (Route.calendarFeed is its own:
 * pages with the same listing share the first one's, src/routes/expand-routes.ts), of the coming
 * showings those listings hold (`feedOf`: the routes stage read them from the page's
 * resolution, src/render/shared-day-pages.ts listingFeedOf), named by the cinema and the page's
 * title; in the routes' order (by path).
 */
export function planProgrammeFeeds(
  dataset: FeedData,
  routes: readonly Route[],
  feedOf: (route: Route) => ListingFeed,
): OutputFile[] {
  return programmeFeeds(feedWriter(dataset), routes, feedOf);
}

function programmeFeeds(
  writer: FeedWriter,
  routes: readonly Route[],
  feedOf: (route: Route) => ListingFeed,
): OutputFile[] {
  return routes.filter(ownsCalendarFeed).map((route) => {
    const { title, showings } = feedOf(route);
    const keys = new Set(showings);
    const name = title ? `${writer.cinema}: ${title}` : writer.cinema;
    return writer.feed(route.calendarFeed!, name, (event) => keys.has(event.key));
  });
}

/** Whether the route writes a calendar feed: a programme page's own route (not a day or later page) whose feed is its own. */
export function ownsCalendarFeed(route: Route): boolean {
  return (
    route.calendarFeed !== undefined &&
    route.programmeDay === undefined &&
    route.listingPage === undefined &&
    route.calendarFeed === calendarFeedPath(route.path)
  );
}

interface FeedWriter {
  /** The cinema's name: the cinema's feed's name, and the start of each programme feed's. */
  cinema: string;
  /** The feed at `sitePath` of the coming showings `keep` accepts. */
  feed(sitePath: string, name: string, keep: (event: LinkedEvent) => boolean): OutputFile;
}

function feedWriter({ partner, events, now }: FeedData): FeedWriter {
  const host = new URL(partner.siteUrl).hostname;
  const stamp = icsStamp(now);
  const coming = comingShowings(events, now);
  const texts = new Map<LinkedEvent, string>();
  const textOf = (event: LinkedEvent): string => {
    let text = texts.get(event);
    if (text === undefined) {
      text = icsEventText(
        showingEvent({
          id: event.key,
          start: event.begin,
          hall: event.location?.name ?? null,
          purchaseUrl: purchaseUrlOf(event.purchaseUrl, partner.ticketing.channel),
          title: event.production.parentTitle || event.production.title,
          end: osloPlusMinutes(event.begin, lengthOf(event)),
          cinema: partner.name,
          host,
        }),
        stamp,
      );
      texts.set(event, text);
    }
    return text;
  };
  return {
    cinema: partner.name,
    feed: (sitePath, name, keep) => ({
      path: sitePath.slice(1),
      contents: calendarText(name, coming.filter(keep).map(textOf)),
    }),
  };
}

/** The showings (not placeholders) that start at or after the reference time, by start then id. */
function comingShowings(events: readonly LinkedEvent[], now: string): LinkedEvent[] {
  const nowLocal = toOsloLocal(now);
  return events
    .filter((event) => event.key.startsWith("e-") && event.begin.length > 10 && event.begin >= nowLocal)
    .sort((a, b) => (a.begin === b.begin ? compare(a.key, b.key) : compare(a.begin, b.begin)));
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The production's length in minutes (its 'length' property, as the Movie's duration reads it). */
function lengthOf(event: LinkedEvent): number | null {
  const value = Number(event.production.properties.find((entry) => entry.property === "length")?.value);
  return Number.isFinite(value) && value > 0 ? value : null;
}
