/**
 * A showing of one film as the calendar feeds read it (src/emit/calendar-feed.ts): the dataset's
 * LinkedEvent with only the fields a feed uses filled in. Shared by the feed tests.
 */
import type { LinkedEvent } from "../../src/model/index.js";

/** The film every showing here is of: 166 minutes long, so an event has its DTEND. */
export const FEED_PRODUCTION = {
  id: "1_movie_movie",
  title: "Dune",
  parentTitle: "Dune: Part Two",
  properties: [{ property: "length", value: 166 }],
};

/** Showing number `number` (its id `17800000<number>`) at `begin` (Oslo wall-clock time) in `hall` (null: none). */
export const linkedShowing = (number: string, begin: string, hall: string | null = "Sal 1"): LinkedEvent =>
  ({
    id: `17800000${number}`,
    key: `e-17800000${number}`,
    object: "event",
    objectClass: "movie",
    production: FEED_PRODUCTION,
    begin,
    location: hall === null ? null : { name: hall },
    purchaseUrl: `https://billett.example.no/kjop/${number}`,
    ticketSaleType: null,
    ticketSales: [],
    advertisementFlags: [],
    advertisementFlagsView: [],
  }) as unknown as LinkedEvent;
