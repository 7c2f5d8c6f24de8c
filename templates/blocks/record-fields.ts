/**
 * The record fields each listing block's template reads (docs/performance.md: a film edit re-renders only
 * the pages that show what changed). Bind keeps only these fields of a listing's items
 * (src/bind/project-records.ts), so a route's resolved data, and with it its cache key,
 * changes only when something the page shows changes: a film's synopsis no longer re-renders
 * every day page its showings are listed on. A card list keeps only the cards it shows (its
 * limit, src/render/listing-pages.ts listedItems), so a film past the limit of a list does not
 * re-render the list's page either.
 *
 * The lists are the ones the templates pick for their islands' props (templates/ui/live-props.ts),
 * so there is one list per listing, read by both. A kind or list not named here keeps every
 * field. tests/integration/record-fields.test.ts renders every route of several partners with
 * and without the projection and requires the same bytes, and checks that a sentinel in every
 * unread field changes nothing.
 */
import { isByDate } from "../../src/isomorphic/programme-entries.js";
import type { Fields } from "../../src/isomorphic/block-fields.js";
import { listedItems } from "../../src/render/listing-pages.js";
import { EVENT_FIELDS, SCHEDULE_FIELDS, TICKET_FIELDS } from "../ui/live-props.js";

/** The fields an item of a list keeps; its own lists (a production's tickets) projected the same way. */
export interface ItemFields {
  fields: readonly string[];
  lists?: Readonly<Record<string, ItemFields>>;
  /** The items the template shows, in its order, when it shows fewer than it is given (a card list's limit). */
  shown?: (items: Fields[], data: Fields) => Fields[];
}

/** A block's listing fields (by field name) and what their items keep, given the block's data. */
export type BlockRecordFields = (data: Fields) => Readonly<Record<string, ItemFields>>;

const TICKETS: ItemFields = { fields: TICKET_FIELDS };
/** A programme by date shows each film's row; a film list ('none', /kommende) its description too (templates/ui/programme.tsx). */
const PROGRAMME: BlockRecordFields = (data) => ({
  events: { fields: isByDate(data) ? EVENT_FIELDS : [...EVENT_FIELDS, "description"], lists: { tickets: TICKETS } },
});

/** A film tile of the events block (templates/blocks/events.tsx): poster, linked title, features, next showings. */
const FILM_TILE: ItemFields = { fields: ["id", "title", "link", "image", "features"], lists: { tickets: TICKETS } };

/** What a card shows (templates/ui/card.tsx). */
const CARD_FIELDS = ["title", "text", "image", "link", "linkText", "label", "date"];
/** templates/blocks/card-list.tsx: at most `limit` cards, in date order when every card has a date (no clock involved). */
const CARD_LIST: ItemFields = {
  fields: CARD_FIELDS,
  shown: (_cards, data) => listedItems({ component: "card-list" }, data, ""),
};

export const BLOCK_RECORD_FIELDS: Readonly<Record<string, BlockRecordFields>> = {
  program: PROGRAMME,
  "culture-program": PROGRAMME,
  /** templates/blocks/schedule.tsx: one showing per item, with its film. */
  schedule: () => ({ events: { fields: SCHEDULE_FIELDS } }),
  events: () => ({ events: FILM_TILE }),
  "card-list": () => ({ cards: CARD_LIST }),
};
