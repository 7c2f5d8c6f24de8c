/**
 * `GET sites/{site}/basic_events` (spec 7.2, used at run time by the programme islands): the
 * showings with what changes between builds, seats and web sale start. The shape is in
 * docs/data-format.md "basic_events". The local server plays the public, credential-less
 * read of the data API (docs/spec-decisions.md "Live programme"): no auth, and CORS for
 * pages served from localhost (the preview server).
 */
import type { IncomingHttpHeaders } from "node:http";

export interface BasicEvent {
  id: string;
  key: string;
  begin: string;
  ticketSaleType: string | null;
  ticketSales: { available: number | null; beginWeb: string | null }[];
}

/** basic_events from the events answer ({ productions, events }); anything else gives []. */
export function basicEventsOf(eventsBody: unknown): BasicEvent[] {
  const events =
    typeof eventsBody === "object" && eventsBody !== null && Array.isArray((eventsBody as { events?: unknown }).events)
      ? ((eventsBody as { events: unknown[] }).events as Record<string, unknown>[])
      : [];
  return events
    .filter((event) => typeof event === "object" && event !== null && typeof event.key === "string")
    .map((event) => ({
      id: String(event.id ?? ""),
      key: event.key as string,
      begin: String(event.begin ?? ""),
      ticketSaleType: typeof event.ticketSaleType === "string" ? event.ticketSaleType : null,
      ticketSales: Array.isArray(event.ticketSales)
        ? (event.ticketSales as Record<string, unknown>[]).map((sale) => ({
            available: typeof sale?.available === "number" ? sale.available : null,
            beginWeb: typeof sale?.beginWeb === "string" ? sale.beginWeb : null,
          }))
        : [],
    }));
}

const LOOPBACK = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;

/** CORS headers for a page on a loopback origin (the preview server on any port); none for others. */
export function corsHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const origin = headers.origin;
  if (typeof origin !== "string" || !LOOPBACK.test(origin)) return { vary: "Origin" };
  return {
    "access-control-allow-origin": origin,
    "access-control-allow-methods": "GET",
    "access-control-allow-headers": "accept",
    vary: "Origin",
  };
}
