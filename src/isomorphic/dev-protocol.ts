/**
 * What the dev server and its browser client (client/dev/dev-client.ts) agree on: the URLs
 * under /__dev/ and the server-sent events. Imported by both sides; no Node modules.
 */
export const DEV_CLIENT_URL = "/__dev/client.js";
export const DEV_EVENTS_URL = "/__dev/events";

/** One server-sent event: what the open pages should do after a rebuild. */
export type DevEvent =
  /**
   * Pages or bundles changed: reload (the browser keeps the scroll position); with `pages`,
   * only the pages at those paths reload (the search index written after a rebuild).
   */
  | { type: "reload"; changed: string[]; pages?: string[] }
  /** Only the stylesheet changed: swap it without a navigation. */
  | { type: "css"; href: string }
  /** The last rebuild failed: show the overlay; the last good site is still served. */
  | { type: "error"; message: string }
  /** A rebuild succeeded after an error: hide the overlay. */
  | { type: "ok" };
