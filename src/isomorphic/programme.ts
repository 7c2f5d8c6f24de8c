/**
 * Resolved shapes of the programme block (spec 3.5). These are the values templates receive
 * after binding; the raw data is Production / Event.
 */

/** ticketDisplayMode constants (spec 9). Any other number is a 'few available' threshold. */
export const HIDE_TICKET_DISPLAY_MODE = -2;
export const SHOW_ACTUAL_AVAILABLE_TICKET_DISPLAY_MODE = -1;
export const SHOW_FEW_AVAILABLE_DEFAULT_THRESHOLD = 10;

export interface ProgrammeTicket {
  /** key: 'e-{event id}' for a showing, 'mc-{id}' for a placeholder. */
  id: string;
  /** 'YYYY-MM-DD HH:mm:ss' (Europe/Oslo) or 'YYYY-MM-DD'. */
  date: string;
  location: string | null;
  link: string | null;
  count: number | null;
  ticketSaleType: string | null;
  ticketSaleWebStartDate: string | null;
  highlightHeading: string;
  highlightBody: string;
  adFlags: string[];
  adFlagsView: { flag: string; view: string }[];
}

export interface ProgrammeFeature {
  name: string;
  highlight: boolean;
}

export interface ProgrammeEvent {
  id: string;
  title: string;
  image: string | null;
  description: string | null;
  cast: string | null;
  link: string;
  type: string;
  category: string;
  club: boolean | null;
  begin: string | null;
  features: ProgrammeFeature[];
  tickets: ProgrammeTicket[];
  properties: { property: string; value: unknown }[];
}

export interface ProgrammeFilter {
  type: "date" | "none";
  from: string | null;
  to: string | null;
}

export interface ProgrammeBlock {
  title: string;
  subtitle: string | null;
  filter: ProgrammeFilter;
  bannerId: string | null;
  bannerMobileId: string | null;
  adFlagsFilter: string[];
  ticketDisplayMode: number;
  showTicketCount: boolean;
  events: ProgrammeEvent[];
}

/** The ad slot (spec 3.5 "Ad block"). */
export interface AdBlock {
  id: string;
  mobileId: string;
}
