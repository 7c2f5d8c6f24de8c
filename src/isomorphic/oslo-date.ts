/**
 * Norwegian (nb) date and time texts for the platform's Oslo-local datetimes
 * ('YYYY-MM-DD HH:mm:ss' or 'YYYY-MM-DD', no offset). They are formatted from their own
 * components, never through a Date in the machine's time zone, so a build on a UTC server
 * and one in New York write the same 'fredag 4. desember' and '18:30'. Instants (epoch ms,
 * ISO with offset) are first converted to Oslo wall-clock time by src/isomorphic/time/oslo.ts.
 */
import { osloIso } from "./time/oslo.js";

const WEEKDAYS = ["søndag", "mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag"];
const MONTHS = [
  "januar",
  "februar",
  "mars",
  "april",
  "mai",
  "juni",
  "juli",
  "august",
  "september",
  "oktober",
  "november",
  "desember",
];

export interface LocalDateTime {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:mm', or null for a date-only value. */
  time: string | null;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::\d{2})?)?/;

/** Splits a platform datetime; null for anything that is not one. */
export function parseLocalDateTime(value: unknown): LocalDateTime | null {
  if (typeof value !== "string") return null;
  const match = LOCAL.exec(value.trim());
  if (!match) return null;
  const [, y, m, d, hh, mm] = match;
  return { date: `${y}-${m}-${d}`, time: hh === undefined ? null : `${hh}:${mm}` };
}

export interface DayTextOptions {
  /** Always name the year. */
  withYear?: boolean;
  /**
   * The reference time's Oslo date or wall-clock time ('YYYY-MM-DD…'): the year is named when
   * the date's is not this one's, so a programme over New Year says 'fredag 1. januar 2027'
   * (docs/spec-decisions.md "Dates of next year").
   */
  now?: string;
}

/** 'fredag 4. desember' (with the year when `withYear`, or when it is not `now`'s year). */
export function formatDay(date: string, options: DayTextOptions = {}): string {
  const withYear = options.withYear || (options.now !== undefined && !sameYear(date, options.now));
  const key = withYear ? `${date}+y` : date;
  let text = dayTexts.get(key);
  if (text === undefined) {
    const [y, m, d] = date.split("-").map(Number);
    const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
    text = `${weekday} ${d}. ${MONTHS[m - 1]}${withYear ? ` ${y}` : ""}`;
    dayTexts.set(key, text);
  }
  return text;
}
/** Memo: a build formats the same few hundred dates on thousands of pages. */
const dayTexts = new Map<string, string>();

/** '4. desember 2026' */
export function formatLongDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return `${d}. ${MONTHS[m - 1]} ${y}`;
}

/** Whether two Oslo dates or wall-clock times ('YYYY-MM-DD…') fall in one year. */
export function sameYear(date: string, other: string): boolean {
  return date.slice(0, 4) === other.slice(0, 4);
}

/** 'Fredag 4. desember' for headings. */
export function formatDayHeading(date: string, options: DayTextOptions = {}): string {
  const text = formatDay(date, options);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** '2 t 46 min' from minutes. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes % 60);
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} t` : `${hours} t ${rest} min`;
}

const SHORT_WEEKDAYS = ["søn", "man", "tir", "ons", "tor", "fre", "lør"];

/**
 * 'I dag', 'I morgen' or 'fre 4.12.' relative to the build date `today` ('YYYY-MM-DD'); a day
 * of another year is 'fre 1.1.2027' (the usual Norwegian d.m.yyyy).
 */
export function formatShortDay(date: string, today: string): string {
  const key = `${date}|${today}`;
  let text = shortDayTexts.get(key);
  if (text === undefined) {
    text = shortDayText(date, today);
    shortDayTexts.set(key, text);
  }
  return text;
}
/** Memo: every day page's chips name the same few weeks of days. */
const shortDayTexts = new Map<string, string>();

function shortDayText(date: string, today: string): string {
  const [y, m, d] = date.split("-").map(Number);
  const [ty, tm, td] = today.split("-").map(Number);
  const days = Math.round((Date.UTC(y, m - 1, d) - Date.UTC(ty, tm - 1, td)) / 86_400_000);
  if (days === 0) return "I dag";
  if (days === 1) return "I morgen";
  return `${SHORT_WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]} ${d}.${m}.${sameYear(date, today) ? "" : y}`;
}
