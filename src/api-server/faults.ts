import type { EndpointKey } from "../fetch/snapshot-files.js";

/** Endpoints of the local API server, as fault rules name them. */
export type ServedEndpoint = EndpointKey | "token" | "basicEvents";

/**
 * One injected fault (docs/data-format.md, Live APIs). A rule applies to the requests of `endpoint` ('*': any data
 * endpoint, not the token endpoint) until it has fired `times` times (default: always).
 */
export type FaultRule = { endpoint: ServedEndpoint | "*"; times?: number } &
  /** Answer with this status (500, 503, 404 …) and a small JSON error body. */
  (
    | { kind: "status"; status: number }
    /** 429 with a Retry-After header (seconds, or an HTTP date). */
    | { kind: "rate-limit"; retryAfter: number | string }
    /** Answer normally, but only after `delayMs` (beyond the client's timeout). */
    | { kind: "slow"; delayMs: number }
    /** A 200 whose body is cut in the middle: not JSON. */
    | { kind: "malformed-json" }
    /** A 200 whose value at `path` is replaced by `value` (a field of the wrong type). */
    | { kind: "wrong-type"; path: (string | number)[]; value: unknown }
    /** 401 whatever the credentials. */
    | { kind: "unauthorized" }
    /**
     * 401 for every request carrying one of the first `tokens` tokens the server issues, as if
     * they were revoked or expired early: the client must refresh its token and retry.
     */
    | { kind: "reject-token"; tokens: number }
  );

export type FaultPlan = FaultRule[];

/** A fault plan with its counters. */
export class FaultInjector {
  readonly #rules: { rule: FaultRule; left: number }[];

  constructor(plan: FaultPlan = []) {
    this.#rules = plan.map((rule) => ({ rule, left: rule.times ?? Infinity }));
  }

  /** The first rule for `endpoint` with firings left (counted as fired), if any. */
  take(endpoint: ServedEndpoint, accepts: (rule: FaultRule) => boolean = () => true): FaultRule | undefined {
    for (const entry of this.#rules) {
      const matches = entry.rule.endpoint === endpoint || (entry.rule.endpoint === "*" && endpoint !== "token");
      if (!matches || entry.left <= 0 || !accepts(entry.rule)) continue;
      entry.left--;
      return entry.rule;
    }
    return undefined;
  }

  /** Tokens rejected by 'reject-token' rules (the first N issued). */
  rejectedTokenCount(endpoint: ServedEndpoint): number {
    return Math.max(
      0,
      ...this.#rules
        .filter(({ rule }) => rule.kind === "reject-token" && (rule.endpoint === endpoint || rule.endpoint === "*"))
        .map(({ rule }) => (rule as { tokens: number }).tokens),
    );
  }
}

/** A copy of `body` with the value at `path` replaced. */
export function replaceAtPath(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]] = value;
  return copy;
}
