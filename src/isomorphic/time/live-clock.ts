/**
 * The clock of the live programme islands (docs/islands.md). Browser-safe: Intl only, no Node.
 *
 * - 'visitor': the visitor's own clock (API builds: the site shows today's programme).
 * - 'reference': the build's reference time plus the time since the page loaded (snapshot
 *   builds: the embedded demo stays as full as when it was captured, yet showings still pass
 *   and midnight still comes while the page is open).
 *
 * The first render (server and hydration) always uses the build's reference time; islands
 * switch to the live clock in useEffect, so hydration never mismatches.
 */
import { toOsloLocal } from "./oslo.js";

export type LiveClockMode = "visitor" | "reference";

export interface LiveClock {
  mode: LiveClockMode;
  /** The build's reference time (ISO 8601 with offset). */
  referenceIso: string;
}

/** Epoch ms the islands treat as now: `wallMs` is Date.now(), `loadedAtMs` when the page loaded. */
export function liveNowMs(clock: LiveClock, wallMs: number, loadedAtMs: number): number {
  if (clock.mode === "visitor") return wallMs;
  return Date.parse(clock.referenceIso) + Math.max(0, wallMs - loadedAtMs);
}

/** The live now as Oslo wall clock 'YYYY-MM-DD HH:mm:ss', comparable with the data's local times. */
export function liveNowLocal(clock: LiveClock, wallMs: number, loadedAtMs: number): string {
  return toOsloLocal(liveNowMs(clock, wallMs, loadedAtMs));
}

/** Milliseconds until the next whole minute of `ms` (showings start on minutes; refresh then). */
export function msToNextMinute(ms: number): number {
  return 60_000 - (((ms % 60_000) + 60_000) % 60_000) || 60_000;
}
