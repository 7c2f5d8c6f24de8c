/**
 * What a showing says about seats left (spec 9 ticketDisplayMode): -2 hides availability,
 * -1 shows the actual count, any other number N is a threshold below which only
 * 'Få billetter' is shown. 'Utsolgt' at 0 whatever the mode except hidden.
 */
import { HIDE_TICKET_DISPLAY_MODE, SHOW_ACTUAL_AVAILABLE_TICKET_DISPLAY_MODE } from "./programme.js";

export type AvailabilityState = "hidden" | "available" | "few" | "sold-out";

export interface Availability {
  state: AvailabilityState;
  /** Visible text, or null when nothing is shown. */
  label: string | null;
}

const HIDDEN: Availability = { state: "hidden", label: null };

export function describeAvailability(
  count: number | null,
  displayMode: number,
  showTicketCount: boolean,
): Availability {
  if (displayMode === HIDE_TICKET_DISPLAY_MODE || count === null || !Number.isFinite(count)) return HIDDEN;
  if (count <= 0) return { state: "sold-out", label: "Utsolgt" };
  // Negative values other than -2 have no meaning as a threshold: show the count as for -1.
  if (displayMode === SHOW_ACTUAL_AVAILABLE_TICKET_DISPLAY_MODE || displayMode < 0) {
    return { state: "available", label: showTicketCount ? `${count} ${count === 1 ? "ledig" : "ledige"}` : null };
  }
  if (count < displayMode) return { state: "few", label: "Få billetter" };
  return { state: "available", label: null };
}
