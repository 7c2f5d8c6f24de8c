import type { MemberEndpointKey } from "../config/partner-schema.js";

/**
 * Switches of the local member service (issue 12), per endpoint key of spec 7.1:
 * - 'fail': HTTP 500 with a small JSON error body;
 * - 'slow': answer normally after `delayMs` (default 3000);
 * - 'malformed': HTTP 200 whose body is cut JSON.
 */
export type MemberFaultKind = "fail" | "slow" | "malformed";
export interface MemberFault {
  kind: MemberFaultKind;
  delayMs?: number;
}
export type MemberFaults = Partial<Record<MemberEndpointKey, MemberFault>>;

export const DEFAULT_SLOW_MS = 3000;

/**
 * Parses the CLI form 'key=kind[:ms]', e.g. 'tickets=fail', 'reviews=slow:5000',
 * 'watchlist=malformed'.
 */
export function parseMemberFault(text: string, keys: readonly string[]): [MemberEndpointKey, MemberFault] {
  const match = /^([A-Za-z]+)=(fail|slow|malformed)(?::(\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`expected endpoint=fail|slow[:ms]|malformed, e.g. tickets=fail; got '${text}'`);
  const [, key, kind, ms] = match;
  if (!keys.includes(key)) throw new Error(`unknown member endpoint '${key}'; known: ${keys.join(", ")}`);
  return [key as MemberEndpointKey, { kind: kind as MemberFaultKind, ...(ms ? { delayMs: Number(ms) } : {}) }];
}
