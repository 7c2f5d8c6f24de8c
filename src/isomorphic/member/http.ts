/**
 * One member-service request: fetch with a time limit, JSON in and out, and every way it can
 * fail turned into a MemberError (spec 8 stores "the error response"; the client keeps its
 * status, a message and the body it could read). Never throws anything else.
 */
import { readListAnswer } from "./read-list.js";
import type { MemberError } from "./reducers.js";

export const MEMBER_TIMEOUT_MS = 15_000;

export interface MemberRequest {
  method: "GET" | "POST";
  /** JSON body; omitted for no body. */
  json?: unknown;
  headers?: Record<string, string>;
  /** Send cookies (spec 6: movie info, reviews, tickets, watch list, add-to-watch-list). */
  credentials: boolean;
}

export type MemberAnswer = { ok: true; status: number; text: string } | { ok: false; error: MemberError };

export async function sendMemberRequest(url: string, request: MemberRequest): Promise<MemberAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), MEMBER_TIMEOUT_MS);
  try {
    const response = await fetch(url, {
      method: request.method,
      credentials: request.credentials ? "include" : "same-origin",
      headers: { ...(request.json !== undefined ? { "Content-Type": "application/json" } : {}), ...request.headers },
      body: request.json !== undefined ? JSON.stringify(request.json) : undefined,
      signal: controller.signal,
    });
    const text = await response.text();
    if (!response.ok)
      return {
        ok: false,
        error: {
          status: response.status,
          message: messageOf(text) ?? `HTTP ${response.status}`,
          body: parseOrText(text),
        },
      };
    return { ok: true, status: response.status, text };
  } catch (error) {
    const aborted = (error as Error).name === "AbortError";
    return { ok: false, error: { status: 0, message: aborted ? "timeout" : "Failed to fetch" } };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET a list: its first `take` items, read as they arrive (./read-list.ts), so that an answer
 * far longer than asked for is neither downloaded whole nor parsed whole.
 */
export async function requestMemberList(
  url: string,
  take: number,
): Promise<{ ok: true; value: unknown } | { ok: false; error: MemberError }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), MEMBER_TIMEOUT_MS);
  try {
    const response = await fetch(url, { method: "GET", credentials: "include", signal: controller.signal });
    if (!response.ok || !response.body) {
      const text = await response.text();
      return {
        ok: false,
        error: {
          status: response.status,
          message: messageOf(text) ?? `HTTP ${response.status}`,
          body: parseOrText(text),
        },
      };
    }
    const read = await readListAnswer(response.body, take);
    return read.ok
      ? read
      : {
          ok: false,
          error: {
            status: response.status,
            message: read.reason === "malformed" ? "malformed JSON" : "answer too large",
          },
        };
  } catch (error) {
    const aborted = (error as Error).name === "AbortError";
    return { ok: false, error: { status: 0, message: aborted ? "timeout" : "Failed to fetch" } };
  } finally {
    clearTimeout(timer);
  }
}

/** The answer's JSON, or a MemberError when it is not JSON (a malformed answer). */
export function parseAnswer(answer: {
  status: number;
  text: string;
}): { ok: true; value: unknown } | { ok: false; error: MemberError } {
  try {
    return { ok: true, value: answer.text === "" ? null : JSON.parse(answer.text) };
  } catch {
    return { ok: false, error: { status: answer.status, message: "malformed JSON", body: answer.text.slice(0, 200) } };
  }
}

/** GET or POST, then JSON: the common case. */
export async function requestMemberJson(
  url: string,
  request: MemberRequest,
): Promise<{ ok: true; value: unknown } | { ok: false; error: MemberError }> {
  const answer = await sendMemberRequest(url, request);
  return answer.ok ? parseAnswer(answer) : answer;
}

/** A message the service put in its body ({ Message } or { message } or { error }), if any. */
export function messageOf(text: string): string | undefined {
  const value = parseOrText(text);
  if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    for (const key of ["Message", "message", "error", "Error"])
      if (typeof record[key] === "string" && record[key]) return record[key] as string;
  }
  return typeof value === "string" && value.length > 0 && value.length < 200 ? value : undefined;
}

function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
