import { SHOW_ACTUAL_AVAILABLE_TICKET_DISPLAY_MODE } from "../../src/model/programme.js";
import { booleanOf, numberOf, type Fields } from "../../src/render/block-fields.js";
import type { Showing } from "../../src/render/showings.js";
import { islandAttributes } from "./island.js";
import type { DisplayOptions } from "./showtime.js";

/** ticketDisplayMode and showTicketCount of a block, with the schema defaults (spec 9). */
export function displayOptionsOf(data: Fields): DisplayOptions {
  return {
    displayMode: numberOf(data, "ticketDisplayMode") ?? SHOW_ACTUAL_AVAILABLE_TICKET_DISPLAY_MODE,
    showTicketCount: booleanOf(data, "showTicketCount", true),
  };
}

/** The availability island's marker: the display options and the ids of the real showings it updates. */
export function availabilityIsland(display: DisplayOptions, showings: Showing[]): Record<string, string> {
  return islandAttributes("availability", { ...display, tickets: showings.filter((showing) => !showing.placeholder).map((showing) => showing.id) });
}
