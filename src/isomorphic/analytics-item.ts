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

/**
 * The item of a film row in a listing: the row's data-analytics-item names the film (id,
 * name, its category when it has one), the list around it (data-analytics-list) the brand
 * and list name, written once per list instead of once per row (docs/performance.md). The category
 * defaults to the list's name, as it did when every row carried the whole item. Anything
 * unreadable gives no item: analytics never breaks a purchase link.
 */
export function listingItemOf(row: string | null | undefined, list: string | null | undefined): AnalyticsItem | null {
  const film = parseObject(row);
  if (!film || typeof film.id !== "string" || typeof film.name !== "string") return null;
  const around = parseObject(list) ?? {};
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const listName = text(film.listName) ?? text(around.listName);
  const brand = text(film.brand) ?? text(around.brand);
  if (listName === undefined || brand === undefined) return null;
  return { id: film.id, name: film.name, brand, listName, category: text(film.category) ?? listName };
}

function parseObject(json: string | null | undefined): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
