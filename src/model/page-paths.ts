/**
 * The paths of the pages a listing adds beside its page (docs/spec-decisions.md "Programme
 * window" and "Bounded listings"): a programme's day pages and a listing's later pages. The
 * routes stage makes these routes and the render stage links them, so the rule lives below both.
 */

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
