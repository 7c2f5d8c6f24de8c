/**
 * Live seat counts from the public data API's `sites/{site}/basic_events` (spec 7.2, used at
 * run time; the answer's shape is in docs/data-format.md "basic_events"). Browser-safe.
 * Anything that is not a list of events with a key is ignored: the islands then keep the
 * build-time counts (docs/islands.md: on failure, silently).
 */
export interface LiveCount {
  /** Available seats of the first ticketSales entry, or null when the answer has none. */
  count: number | null;
  /** Web sale start of the first ticketSales entry ('YYYY-MM-DD HH:mm:ss'), or null. */
  saleStart: string | null;
}

/** Programme ticket id (spec 3.5: the event's key, 'e-…') → its live count. */
export type LiveCounts = Map<string, LiveCount>;

export function parseBasicEvents(body: unknown): LiveCounts | null {
  const list = Array.isArray(body) ? body : isObject(body) && Array.isArray(body.data) ? body.data : null;
  if (!list) return null;
  const counts: LiveCounts = new Map();
  for (const event of list) {
    if (!isObject(event) || typeof event.key !== "string" || event.key === "") continue;
    const sale = Array.isArray(event.ticketSales) && isObject(event.ticketSales[0]) ? event.ticketSales[0] : null;
    const available =
      sale && typeof sale.available === "number" && Number.isFinite(sale.available) ? sale.available : null;
    const beginWeb = sale && typeof sale.beginWeb === "string" ? sale.beginWeb : null;
    counts.set(event.key, { count: available, saleStart: beginWeb });
  }
  return counts;
}

/** The ticket with its live count and sale start, when the answer has it. */
export function withLiveCount<T extends Record<string, unknown>>(ticket: T, counts: LiveCounts | null): T {
  const live = counts && typeof ticket.id === "string" ? counts.get(ticket.id) : undefined;
  if (!live) return ticket;
  return {
    ...ticket,
    count: live.count,
    ticketSaleWebStartDate: live.saleStart ?? ticket.ticketSaleWebStartDate ?? null,
  };
}

/** URL of basic_events under a public API base URL ('https://…/api/v1/' or without the slash). */
export function basicEventsUrl(baseUrl: string, siteId: number): string {
  return `${baseUrl.replace(/\/+$/, "")}/sites/${siteId}/basic_events`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
