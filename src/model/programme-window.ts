/** The window of days a listing by day shows (src/render/programme-window.ts), as its block and island carry it. */

/** What a windowed programme block carries for the day chips and the island. */
export interface ProgrammeWindow {
  /** Path of the programme page itself ('/kinoprogram'). */
  base: string;
  /**
   * The days this listing's chips offer, sorted: its own first DAY_CHIPS days with showings
   * (on the front page, which has no day pages: its days on the page), and on a day page after
   * those, that day.
   */
  days: string[];
  /** The days rendered on this page (the listing's window, or a day page's day). */
  shown: string[];
  /** Day → path of its day page, for the chip days after the window and the listing's next day after this page's. */
  dayPaths: Record<string, string>;
  /**
   * Day → path of the programme page's listing page that holds its section, for a day of the
   * programme page's window that is not on its first page ('/kinoprogram/side/2'), or, on a
   * later listing page, not on this one. Its chip leads there (src/render/listing-pages.ts).
   */
  heldOn?: Record<string, string>;
  /**
   * Where `dayPaths` are another page's (docs/spec-decisions.md "Shared day pages"): this
   * listing's anchor prefix on them, by which the island finds its listing there.
   */
  dayAnchorPrefix?: string;
}
