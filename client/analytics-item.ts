/**
 * The analytics item of spec 3.6 and 7.6: sent with 'select_content' (a purchase link
 * clicked) and 'view_item' (a film or culture page seen), one item, list position fixed at 1
 * (spec 9). Field names as the spec lists them (docs/spec-decisions.md, client).
 */
export const ANALYTICS_LIST_POSITION = 1;

export interface AnalyticsItem {
  /** The production's id. */
  id: string;
  /** The production's title as the page shows it. */
  name: string;
  /** The cinema (partner name). */
  brand: string;
  /** Where the item was listed: 'Film' or 'Kultur' on detail pages. */
  listName: string;
  /** classTitle of the production ('Kommende filmer', …), else 'Film' or 'Kultur'. */
  category: string;
}
