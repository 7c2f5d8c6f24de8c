/**
 * What the dev session remembers of each programme page's shared resolution between rebuilds
 * (src/render/programme-window.ts: the page and its day pages window one resolution): its
 * day pages, all its days, its listing's key (src/render/shared-day-pages.ts), and a hash of
 * everything but the showings of its day programmes.
 * A day page whose page kept both, and whose own day saw no changed showing, is unchanged
 * (route-check.ts).
 */
import { createHash } from "node:crypto";
import type { ResolvedPage } from "../model/index.js";
import { dayPagesOf, isDayProgramme, listingDaysOf, programmeDaysOf } from "../render/programme-window.js";
import { sharedListingOf } from "../render/shared-day-pages.js";
import type { SharedListing } from "../routes/index.js";

export interface ProgrammeMemory {
  /** The day pages expandRoutes makes for the page. */
  dayPages: string[];
  /** Every day of the page's programmes, and each listing's (its day chips come from them), as JSON. */
  days: string;
  /** Its listing by day, which pages of the same listing share the day pages of. */
  listing: SharedListing | null;
  /** Hash of the resolution without the showings of its day programmes. */
  rest: string;
  /** Pages of the listings of the page and of its day pages, by route path, filled as expandRoutes asks. */
  listingPages: Record<string, number>;
}

export function rememberProgramme(shared: ResolvedPage): ProgrammeMemory {
  const all = programmeDaysOf(shared);
  const blocks = shared.blocks.map((block) =>
    isDayProgramme(block) ? { ...block, data: block.data.map((data) => ({ ...data, events: null })) } : block,
  );
  return {
    dayPages: dayPagesOf(all),
    days: JSON.stringify([all, listingDaysOf(shared)]),
    listing: sharedListingOf(shared),
    rest: createHash("sha1")
      .update(JSON.stringify({ ...shared, blocks }))
      .digest("base64"),
    listingPages: {},
  };
}

/** Both memories of a page say the same about everything but its showings. */
export function sameProgramme(before: ProgrammeMemory | undefined, after: ProgrammeMemory | undefined): boolean {
  return before !== undefined && after !== undefined && before.rest === after.rest && before.days === after.days;
}
