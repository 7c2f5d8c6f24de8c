import {
  HIDE_TICKET_DISPLAY_MODE,
  SHOW_ACTUAL_AVAILABLE_TICKET_DISPLAY_MODE,
  SHOW_FEW_AVAILABLE_DEFAULT_THRESHOLD,
} from "../model/index.js";

/** The choice names of spec 9, for editors who pick the mode by name. */
const NAMED_MODES: Record<string, number> = {
  hideticketdisplaymode: HIDE_TICKET_DISPLAY_MODE,
  hide: HIDE_TICKET_DISPLAY_MODE,
  showactualavailableticketdisplaymode: SHOW_ACTUAL_AVAILABLE_TICKET_DISPLAY_MODE,
  actual: SHOW_ACTUAL_AVAILABLE_TICKET_DISPLAY_MODE,
  showfewavailabledisplaymode: SHOW_FEW_AVAILABLE_DEFAULT_THRESHOLD,
  few: SHOW_FEW_AVAILABLE_DEFAULT_THRESHOLD,
};

export interface TicketDisplayMode {
  /** -2 hide, -1 actual count, N > 0 'few available' below N; null: take the schema default. */
  mode: number | null;
  /** Set when the value was not understood (lint reports it; the build uses the default threshold). */
  problem?: string;
}

/**
 * ticketDisplayMode (spec 9): -2 hides availability, -1 shows the actual count (the schema
 * default, also for an empty value), a positive number is the 'few available' threshold. A
 * choice name is accepted too. Anything else falls back to the default threshold, 10.
 */
export function parseTicketDisplayMode(value: unknown): TicketDisplayMode {
  if (value === null || value === undefined) return { mode: null };
  const text = String(value).trim();
  if (text === "") return { mode: null };
  const named = NAMED_MODES[text.toLowerCase()];
  if (named !== undefined) return { mode: named };
  const number = Number(text);
  if (
    Number.isInteger(number) &&
    (number > 0 || number === HIDE_TICKET_DISPLAY_MODE || number === SHOW_ACTUAL_AVAILABLE_TICKET_DISPLAY_MODE)
  ) {
    return { mode: number };
  }
  return {
    mode: SHOW_FEW_AVAILABLE_DEFAULT_THRESHOLD,
    problem: `ticketDisplayMode '${text}' is not -2 (hide), -1 (actual count) or a positive threshold; using ${SHOW_FEW_AVAILABLE_DEFAULT_THRESHOLD}`,
  };
}
