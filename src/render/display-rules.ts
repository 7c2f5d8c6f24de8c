/**
 * How much of a bound list one page shows (docs/spec-decisions.md, Bounded listings: no page's HTML or data grows
 * with the number of films beyond its window). Shared by the server (src/render/listing-pages.ts)
 * and the browser bundles: both must agree on what a page holds. Browser-safe (no Node modules).
 */

/**
 * Slides a carousel (slideshow, cover flow) carries: more than a visitor swipes through, few
 * enough that the front page stays small whatever the CMS binds to it.
 */
export const CAROUSEL_MAX_SLIDES = 24;

/**
 * Films (or cards, or showings) a listing shows per page; the rest are on '<page>/side/<n>'
 * (docs/spec-decisions.md "Bounded listings"). A phone's first screen shows 3-5.
 */
export const LISTING_PAGE_SIZE = 60;
