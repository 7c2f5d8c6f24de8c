import { request, type Dispatcher } from "undici";
import { BuildError } from "../errors/index.js";
import { debugFor } from "../log/index.js";
import { computeBackoff, isRetryableStatus, parseRetryAfter, sleep, type RetryPolicy } from "./backoff.js";
import { describeEndpoint } from "./endpoints.js";

const debug = debugFor("fetch");

export interface HttpRequest {
  method: "GET" | "POST";
  url: URL;
  headers?: Record<string, string>;
  body?: string;
}

export interface HttpResponse {
  status: number;
  /** The body's bytes: decoded by answerText (src/fetch/answer-text.ts), which knows the endpoint. */
  body: Uint8Array;
  contentType: string | undefined;
  /** Attempts it took (1 = no retry). */
  attempts: number;
}

export interface SendContext {
  dispatcher: Dispatcher;
  policy: RetryPolicy;
  partner: number;
  /** Called before each retry, for the progress line. */
  onRetry?: () => void;
}

/**
 * Sends one request, retrying network errors, timeouts, 429 (after Retry-After when given)
 * and 5xx within the policy's bounds. Returns the last answer, whatever its status, so the
 * caller decides about 401s and other 4xx; throws only when no answer came at all.
 */
export async function sendWithRetries(req: HttpRequest, context: SendContext): Promise<HttpResponse> {
  const { policy } = context;
  const endpoint = describeEndpoint(req.method, req.url);
  for (let attempt = 1; ; attempt++) {
    let waitMs: number;
    try {
      const response = await sendOnce(req, context);
      if (!isRetryableStatus(response.status) || attempt > policy.retries) return { ...response, attempts: attempt };
      const retryAfter = response.status === 429 ? parseRetryAfter(response.retryAfter) : undefined;
      waitMs =
        retryAfter !== undefined ? Math.min(retryAfter, policy.maxRetryAfterMs) : computeBackoff(attempt, policy);
      debug("%s answered %d; retry %d in %dms", endpoint, response.status, attempt, Math.round(waitMs));
    } catch (error) {
      const reason = describeNetworkError(error, policy.timeoutMs);
      if (attempt > policy.retries) {
        throw new BuildError(
          `request failed: ${reason}${attempt > 1 ? ` (${attempt} attempts)` : ""}`,
          { partner: context.partner, endpoint },
          {
            code: "E_FETCH",
            hint: "check the network and the API base URL (--api-url)",
          },
        );
      }
      waitMs = computeBackoff(attempt, policy);
      debug("%s failed (%s); retry %d in %dms", endpoint, reason, attempt, Math.round(waitMs));
    }
    context.onRetry?.();
    await sleep(waitMs);
  }
}

async function sendOnce(
  req: HttpRequest,
  context: SendContext,
): Promise<{ status: number; body: Uint8Array; contentType: string | undefined; retryAfter?: string | string[] }> {
  const response = await request(req.url, {
    method: req.method,
    headers: req.headers,
    body: req.body,
    dispatcher: context.dispatcher,
    // One deadline for headers and body: a server that trickles bytes is as stuck as a silent one.
    signal: AbortSignal.timeout(context.policy.timeoutMs),
  });
  // Bytes, not text(): undici's text() decodes as UTF-8 whatever the charset, and silently.
  const body = new Uint8Array(await response.body.arrayBuffer());
  const type = response.headers["content-type"];
  return {
    status: response.statusCode,
    body,
    contentType: Array.isArray(type) ? type[0] : type,
    retryAfter: response.headers["retry-after"],
  };
}

/** A short reason without the request's headers (which may hold credentials). */
function describeNetworkError(error: unknown, timeoutMs: number): string {
  const err = error as { name?: string; code?: string; message?: string; cause?: { code?: string } };
  if (err?.name === "TimeoutError" || err?.name === "AbortError") return `no answer within ${timeoutMs} ms (timeout)`;
  const code = err?.code ?? err?.cause?.code;
  return code ? `network error ${code}` : `network error: ${err?.message ?? String(error)}`;
}

/** 'HTTP 503 Service Unavailable' */
export function describeStatus(status: number): string {
  return `HTTP ${status}${STATUS_TEXT[status] ? ` ${STATUS_TEXT[status]}` : ""}`;
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  408: "Request Timeout",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};
