import { SHOW_ACTUAL_AVAILABLE_TICKET_DISPLAY_MODE } from "../../src/isomorphic/programme.js";
import { booleanOf, numberOf, type Fields } from "../../src/isomorphic/block-fields.js";
import type { DisplayOptions } from "./showtime.js";

/** ticketDisplayMode and showTicketCount of a block, with the schema defaults (spec 9). */
export function displayOptionsOf(data: Fields): DisplayOptions {
  return {
    displayMode: numberOf(data, "ticketDisplayMode") ?? SHOW_ACTUAL_AVAILABLE_TICKET_DISPLAY_MODE,
    showTicketCount: booleanOf(data, "showTicketCount", true),
  };
}
