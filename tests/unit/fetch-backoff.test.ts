/** Backoff, jitter and Retry-After (docs/data-format.md, "Robustness"). */
import { describe, expect, it } from "vitest";
import { computeBackoff, DEFAULT_RETRY_POLICY, parseRetryAfter } from "../../src/fetch/index.js";

const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1_000 };

describe("computeBackoff", () => {
  it("doubles with every retry, half fixed and half jitter", () => {
    expect([1, 2, 3].map((retry) => computeBackoff(retry, policy, () => 0))).toEqual([50, 100, 200]);
    expect([1, 2, 3].map((retry) => computeBackoff(retry, policy, () => 1))).toEqual([100, 200, 400]);
  });

  it("never exceeds the ceiling", () => {
    expect(computeBackoff(10, policy, () => 1)).toBe(1_000);
    expect(computeBackoff(10, policy, () => 0)).toBe(500);
  });

  it("spreads concurrent retries", () => {
    const delays = new Set(Array.from({ length: 20 }, () => computeBackoff(2, policy)));
    expect(delays.size).toBeGreaterThan(1);
    for (const delay of delays) (expect(delay).toBeGreaterThanOrEqual(100), expect(delay).toBeLessThanOrEqual(200));
  });
});

describe("parseRetryAfter", () => {
  it("reads delay-seconds", () => {
    expect(parseRetryAfter("3")).toBe(3_000);
    expect(parseRetryAfter(" 0 ")).toBe(0);
  });

  it("reads an HTTP date relative to now", () => {
    const now = Date.parse("2026-11-20T08:00:00Z");
    expect(parseRetryAfter("Fri, 20 Nov 2026 08:00:05 GMT", now)).toBe(5_000);
    expect(parseRetryAfter("Fri, 20 Nov 2026 07:00:00 GMT", now)).toBe(0);
  });

  it("ignores what it cannot read", () => {
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter("")).toBeUndefined();
    expect(parseRetryAfter("soon")).toBeUndefined();
  });
});
