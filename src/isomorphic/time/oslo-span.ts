/**
 * A span of Oslo wall-clock time: a calendar event's end (src/isomorphic/ics.ts). A module of its
 * own, not oslo.ts, so the islands that share oslo.ts do not carry it (docs/performance.md).
 */
import { osloIso, toOsloLocal } from "./oslo.js";

/**
 * Oslo wall clock ('YYYY-MM-DD HH:mm[:ss]') plus minutes, added to the instant so a span across
 * a DST change ends right ('2026-03-28 20:00' + 7 h = '2026-03-29 04:00:00'); null without a
 * positive length (a calendar event's end, src/isomorphic/ics.ts).
 */
export function osloPlusMinutes(local: string, minutes: number | null | undefined): string | null {
  if (typeof minutes !== "number" || !(minutes > 0)) return null;
  const [date, time = "00:00"] = local.trim().split(/[ T]/);
  return toOsloLocal(Date.parse(osloIso(`${date} ${time.slice(0, 5)}:00`)) + Math.round(minutes) * 60_000);
}
