/**
 * Wall-clock date arithmetic for Europe/Oslo local strings. Dates are handled as calendar
 * days in UTC maths, so the machine's time zone never leaks into the snapshot.
 */
import { toOsloLocal } from "../../src/isomorphic/time/oslo.js";

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Weekday of a calendar date, 0 = Sunday. */
export function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function localDateTime(date: string, hour: number, minute: number): string {
  return `${date} ${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00`;
}

/** The Oslo calendar date of an ISO instant. */
export function osloDate(iso: string): string {
  return toOsloLocal(iso).slice(0, 10);
}

/** Epoch milliseconds of a calendar date at noon UTC (article timestamps). */
export function epochMs(date: string): number {
  return Date.parse(`${date}T12:00:00Z`);
}
