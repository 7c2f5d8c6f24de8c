/**
 * What the live islands carry in their props (docs/islands.md: props hold everything the
 * component renders, and nothing more: the page's weight is its HTML plus its props).
 */
import type { Fields } from "../../src/render/block-fields.js";

/** Programme ticket fields a showtime shows (spec 3.5). */
export const TICKET_FIELDS = ["id", "date", "location", "link", "count", "ticketSaleWebStartDate", "highlightHeading", "highlightBody", "adFlags", "adFlagsView"];
/** A schedule's showing also names its film. */
export const SCHEDULE_FIELDS = [...TICKET_FIELDS, "title", "productionLink", "image", "features"];
/** Production fields a programme row shows. */
export const EVENT_FIELDS = ["id", "title", "image", "link", "category", "club", "features"];

/** The named fields that have a value (null and absent read the same in block-fields.ts). */
export function pickFields(fields: Fields, names: string[]): Fields {
  const out: Fields = {};
  for (const name of names) if (fields[name] !== undefined && fields[name] !== null) out[name] = fields[name];
  return out;
}
