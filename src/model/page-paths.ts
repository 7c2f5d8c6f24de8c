/**
 * The paths of the pages a listing adds beside its page (docs/spec-decisions.md "Programme
 * window" and "Bounded listings"): a programme's day pages and a listing's later pages, and
 * its calendar feed ("Calendar"). The routes stage makes these routes and the render stage links
 * them, so the rule lives below both.
 */
import { CALENDAR_FEED_PATH } from "../isomorphic/ics.js";

/** Path segment of the day pages: '/kinoprogram/dag/2026-11-25'. */
export const DAY_SEGMENT = "dag";

/** Path segment of a listing's later pages: '/filmer/side/2'. */
export const PAGE_SEGMENT = "side";

/** Path of a programme's day page. */
export function dayPagePath(base: string, date: string): string {
  return `${base.replace(/\/+$/, "")}/${DAY_SEGMENT}/${date}`;
}

/** Path of a listing's page n (page 1 is the listing itself). */
export function listingPagePath(base: string, page: number): string {
  return page <= 1 ? base : `${base.replace(/\/+$/, "")}/${PAGE_SEGMENT}/${page}`;
}

/** How a programme page's calendar feed's name ends (docs/spec-decisions.md "Calendar"). */
export const CALENDAR_FEED_SUFFIX = "-kalender.ics";

/**
 * Path of the calendar feed of a programme page's listings by day: '/kinoprogram-kalender.ics',
 * a file beside the page's own ('kinoprogram/index.html' or 'kinoprogram.html', whatever the
 * host profile), which the pages' no-cache patterns already cover ('/:page', '/<folder>/…') and
 * which no page path can be (a page path may not end in '.ics', src/emit/site-path.ts). The
 * front page's is the cinema's '/kalender.ics' (src/isomorphic/ics.ts CALENDAR_FEED_PATH).
 */
export function calendarFeedPath(base: string): string {
  const trimmed = base.replace(/\/+$/, "");
  return trimmed === "" ? CALENDAR_FEED_PATH : `${trimmed}${CALENDAR_FEED_SUFFIX}`;
}
