/** How hard a request is tried before the fetch gives up (docs/data-format.md, "Robustness"). */
export interface RetryPolicy {
  /** Retries after the first attempt (network errors, timeouts, 429, 5xx). */
  retries: number;
  /** First backoff delay; doubled on every further retry, with jitter. */
  baseDelayMs: number;
  /** Ceiling of one backoff delay. */
  maxDelayMs: number;
  /** Ceiling of a server's Retry-After, so a hostile answer cannot stall the build for hours. */
  maxRetryAfterMs: number;
  /** Per-attempt timeout, headers and body included. */
  timeoutMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  retries: 3,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
  timeoutMs: 30_000,
};

/**
 * Exponential backoff with "equal jitter": half the delay is fixed, half random, so retries of
 * concurrent requests spread out instead of hitting a recovering server together.
 */
export function computeBackoff(retry: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return ceiling / 2 + random() * (ceiling / 2);
}

/** Retry-After in milliseconds (delay-seconds or an HTTP date), or undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text.trim() === "") return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** 429 and 5xx may succeed later; any other status will not. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
