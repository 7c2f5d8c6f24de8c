import type { MemberEndpointKey } from "../model/partner-schema.js";

/**
 * Switches of the local member service (docs/member.md), per endpoint key of spec 7.1:
 * - 'fail': HTTP 500 with a small JSON error body;
 * - 'slow': answer normally after `delayMs` (default 3000);
 * - 'malformed': HTTP 200 whose body is cut JSON;
 * - 'flood': a list answer repeated to `count` items (default 100,000, ~30 MB of tickets),
 *   whatever `take` asked for: a service that answers too much (docs/member.md).
 */
export type MemberFaultKind = "fail" | "slow" | "malformed" | "flood";
export interface MemberFault {
  kind: MemberFaultKind;
  delayMs?: number;
  /** Items of a 'flood' answer. */
  count?: number;
}
export type MemberFaults = Partial<Record<MemberEndpointKey, MemberFault>>;

export const DEFAULT_SLOW_MS = 3000;
export const DEFAULT_FLOOD_COUNT = 100_000;

/**
 * Parses the CLI form 'key=kind[:n]', e.g. 'tickets=fail', 'reviews=slow:5000' (ms),
 * 'watchlist=malformed', 'tickets=flood:100000' (items).
 */
export function parseMemberFault(text: string, keys: readonly string[]): [MemberEndpointKey, MemberFault] {
  const match = /^([A-Za-z]+)=(fail|slow|malformed|flood)(?::(\d+))?$/.exec(text.trim());
  if (!match)
    throw new Error(`expected endpoint=fail|slow[:ms]|malformed|flood[:items], e.g. tickets=fail; got '${text}'`);
  const [, key, kind, n] = match;
  if (!keys.includes(key)) throw new Error(`unknown member endpoint '${key}'; known: ${keys.join(", ")}`);
  const extra = !n ? {} : kind === "flood" ? { count: Number(n) } : { delayMs: Number(n) };
  return [key as MemberEndpointKey, { kind: kind as MemberFaultKind, ...extra }];
}
