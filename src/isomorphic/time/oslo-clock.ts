import { toOsloLocal } from "./oslo.js";

/**
 * The reference time as Europe/Oslo wall-clock text, so it compares directly with the data's
 * 'YYYY-MM-DD HH:mm:ss' local times. Computed with Intl for Europe/Oslo, never from the
 * machine's time zone (a build on a UTC server and one in New York agree).
 */
export interface OsloClock {
  /** 'YYYY-MM-DD HH:mm:ss' in Europe/Oslo. */
  now: string;
  /** 'YYYY-MM-DD' in Europe/Oslo. */
  today: string;
}

export function createOsloClock(iso: string): OsloClock {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`reference time '${iso}' is not an ISO 8601 time`);
  const now = toOsloLocal(ms);
  return { now, today: now.slice(0, 10) };
}

/**
 * True when a showing has begun before the reference time. A date-only value (a placeholder's
 * premiere) is past once that day is over.
 */
export function isPast(begin: unknown, clock: OsloClock): boolean {
  if (typeof begin !== "string" || begin === "") return false;
  return begin.length <= 10 ? begin < clock.today : begin < clock.now;
}
