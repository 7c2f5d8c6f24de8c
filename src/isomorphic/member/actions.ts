/**
 * The member data flows of spec 7.1, each one call plus the spec 4.1 transitions it causes
 * (dispatched to the page's one store) and the error handling of spec 8: reviews, tickets,
 * watch list and the user keep their errors; movie info and add-to-watch-list only log them;
 * member events log 'Failed to fetch'.
 */
import {
  REVIEWS_PAGE,
  TICKETS_PAGE,
  WATCHLIST_PAGE,
  memberEventsSite,
  toMemberTicket,
  toMovieInfo,
  toReview,
  type MovieInfo,
  type ServerMemberTicket,
  type ServerMovieInfo,
  type ServerReview,
  type StoredProfile,
} from "../member-fields.js";
import { parseAnswer, requestMemberJson, requestMemberList, sendMemberRequest } from "./http.js";
import { showMemberName } from "./header-name.js";
import { clearStoredProfile, readLegacyToken, readStoredProfile, writeStoredProfile } from "./profile-storage.js";
import { isForgotPasswordSuccess, isLoginSuccess, isSignupSuccess, type MemberError } from "./reducers.js";
import { memberEndpointUrl, type MemberServiceProps } from "./service.js";
import { dispatch, getMemberState } from "./store.js";

let restored = false;
let tokensSwitched: Promise<void> | null = null;

/** Once per document: the profile stored by an earlier login becomes the user's profile. */
export function restoreMemberProfile(): void {
  if (restored) return;
  restored = true;
  const stored = readStoredProfile();
  // Only the copy survives a reload; it stands in for the server's answer (docs/member.md).
  if (stored) dispatch({ slice: "user", action: { type: "receiveProfile", userProfile: { ...stored } } });
}

/** The logged-in member's name, email and token, from the server's answer or the stored copy. */
export function profileOf(userProfile: Record<string, unknown>): StoredProfile | null {
  const token = str(userProfile.marsToken) ?? str(userProfile.Token) ?? str(userProfile.token);
  if (!token) return null;
  return {
    userName: str(userProfile.UserName) ?? str(userProfile.userName) ?? "",
    email: str(userProfile.UserInfo) ?? str(userProfile.ContactEmail) ?? str(userProfile.email) ?? "",
    token,
  };
}

export async function logIn(service: MemberServiceProps, email: string, password: string): Promise<boolean> {
  dispatch({ slice: "user", action: { type: "requestProfile" } });
  const answer = await requestMemberJson(memberEndpointUrl(service, "login"), {
    method: "POST",
    json: { Email: email, Password: password },
    credentials: true,
  });
  // Spec 4.1: success only with marsToken; the service says "wrong password" with a 200.
  if (!answer.ok || !isLoginSuccess(answer.value)) {
    dispatch({
      slice: "user",
      action: { type: "loginFailure", error: answer.ok ? refusal(answer.value) : answer.error },
    });
    return false;
  }
  return receive(answer.value as Record<string, unknown>);
}

export async function signUp(
  service: MemberServiceProps,
  email: string,
  userName: string,
  password: string,
): Promise<boolean> {
  dispatch({ slice: "user", action: { type: "requestProfile" } });
  const answer = await requestMemberJson(memberEndpointUrl(service, "createUser"), {
    method: "POST",
    json: { Email: email, Password: password, UserName: userName },
    credentials: true,
  });
  if (!answer.ok || !isSignupSuccess(answer.value)) {
    dispatch({
      slice: "user",
      action: { type: "signupFailure", error: answer.ok ? refusal(answer.value) : answer.error },
    });
    return false;
  }
  return receive(answer.value as Record<string, unknown>);
}

export async function requestNewPassword(service: MemberServiceProps, email: string): Promise<boolean> {
  const answer = await sendMemberRequest(memberEndpointUrl(service, "forgotPassword"), {
    method: "POST",
    json: { Email: email },
    credentials: false,
  });
  // Spec 4.1: only an empty body is success; a refusal is a 200 with a body.
  if (answer.ok && isForgotPasswordSuccess(answer.text)) {
    dispatch({ slice: "user", action: { type: "forgotPasswordSuccess" } });
    return true;
  }
  const parsed = answer.ok ? parseAnswer(answer) : null;
  const error = !answer.ok ? answer.error : refusal(parsed?.ok ? parsed.value : answer.text);
  dispatch({ slice: "user", action: { type: "forgotPasswordFailure", error } });
  return false;
}

export function clearLoginError(): void {
  dispatch({ slice: "user", action: { type: "clearLoginError" } });
}

/** Forgets the member in this browser (spec 7.1 names no logout call; docs/member.md). */
export function logOut(): void {
  clearStoredProfile();
  tokensSwitched = null;
  dispatch({ slice: "reset" });
  showMemberName(null);
}

export async function loadMovieInfo(service: MemberServiceProps, edi: string): Promise<void> {
  const current = getMemberState().movieInfo[edi];
  if (current && (current.loading || current.movieInfo)) return;
  dispatch({ slice: "movieInfo", edi, action: { type: "request" } });
  const answer = await requestMemberJson(memberEndpointUrl(service, "movieInfo", { edi }), {
    method: "GET",
    credentials: true,
  });
  const movie = answer.ok && isRecord(answer.value) ? toMovieInfo(answer.value as ServerMovieInfo) : null;
  // Spec 8: movie-info failures go to the console only; the result (none) still ends loading.
  if (!answer.ok) console.error("member service: movie info failed", answer.error.message);
  dispatch({ slice: "movieInfo", edi, action: { type: "result", movieInfo: movie } });
}

export async function loadReviews(service: MemberServiceProps, edi: string): Promise<void> {
  const current = getMemberState().reviews[edi];
  if (current?.loading) return;
  dispatch({ slice: "reviews", edi, action: { type: "request" } });
  const list = await requestList(memberEndpointUrl(service, "reviews", { edi, ...REVIEWS_PAGE }), REVIEWS_PAGE.take);
  dispatch({
    slice: "reviews",
    edi,
    action: list.ok
      ? { type: "success", items: list.items.map((item) => toReview(item as ServerReview)) }
      : { type: "failure", error: list.error },
  });
}

export async function loadTickets(service: MemberServiceProps): Promise<void> {
  if (getMemberState().tickets.loading) return;
  dispatch({ slice: "tickets", action: { type: "request" } });
  const list = await requestList(memberEndpointUrl(service, "tickets", { ...TICKETS_PAGE }), TICKETS_PAGE.take);
  dispatch({
    slice: "tickets",
    action: list.ok
      ? { type: "success", items: list.items.map((item) => toMemberTicket(item as ServerMemberTicket)) }
      : { type: "failure", error: list.error },
  });
}

export async function loadWatchList(service: MemberServiceProps): Promise<void> {
  if (getMemberState().watchList.loading) return;
  dispatch({ slice: "watchList", action: { type: "request" } });
  await switchTokens(service);
  const list = await requestList(memberEndpointUrl(service, "watchlist", { ...WATCHLIST_PAGE }), WATCHLIST_PAGE.take);
  dispatch({
    slice: "watchList",
    action: list.ok
      ? { type: "loaded", items: list.items.map((item) => toMovieInfo(item as ServerMovieInfo)) }
      : { type: "failure", error: list.error },
  });
}

/**
 * Spec 7.1: POST { id: movieId }; a truthy answer appends the movie. Spec 8: a failure is
 * logged to the console only, so it leaves the watch list's state as it was (a stored
 * watch-list error included): no request or loaded transition. The button's own note tells
 * the member (templates/islands/movie-info.tsx).
 */
export async function addToWatchList(service: MemberServiceProps, movie: MovieInfo): Promise<boolean> {
  if (movie.movieId === null) return false;
  await switchTokens(service);
  const answer = await requestMemberJson(memberEndpointUrl(service, "addMovieToWatchList"), {
    method: "POST",
    json: { id: movie.movieId },
    credentials: true,
  });
  if (answer.ok && answer.value) {
    dispatch({ slice: "watchList", action: { type: "added", item: movie } });
    return true;
  }
  console.error("member service: add to watch list failed", answer.ok ? "falsy answer" : answer.error.message);
  return false;
}

/**
 * Spec 6, 7.1: the legacy token of 'cw-profile' is exchanged for a session (POST, no body,
 * header X-Token) before the watch-list calls, once per document, and only if one is stored.
 */
export function switchTokens(service: MemberServiceProps): Promise<void> {
  const token = readLegacyToken();
  if (!token) return Promise.resolve();
  tokensSwitched ??= sendMemberRequest(memberEndpointUrl(service, "switchTokensDx"), {
    method: "POST",
    headers: { "X-Token": token },
    credentials: true,
  }).then((answer) => {
    if (!answer.ok) console.error("member service: token exchange failed", answer.error.message);
  });
  return tokensSwitched;
}

/**
 * Spec 5, 7.1: member events for the ids not requested before, only in a browser, nothing
 * sent when no id is new. site = 'site' + first partner id + 'a'; keys = the ids, comma-joined.
 */
export async function trackMemberEvents(service: MemberServiceProps, ids: readonly string[]): Promise<void> {
  if (typeof window === "undefined") return;
  const requested = new Set(getMemberState().events.requested);
  const fresh = [...new Set(ids)].filter((id) => !requested.has(id));
  if (fresh.length === 0) return;
  dispatch({ slice: "events", action: { type: "track", ids: fresh } });
  const url = new URL(memberEndpointUrl(service, "events", { site: memberEventsSite(service.partners) }));
  url.searchParams.set("keys", fresh.join(","));
  const answer = await requestMemberJson(url.toString(), { method: "GET", credentials: false });
  const data = answer.ok && isRecord(answer.value) ? (answer.value as { data?: unknown }).data : undefined;
  if (!Array.isArray(data)) {
    console.error("Failed to fetch");
    return;
  }
  dispatch({ slice: "events", action: { type: "loaded", events: data } });
}

/** Tests only: forget the once-per-document steps. */
export function resetMemberActions(): void {
  restored = false;
  tokensSwitched = null;
}

function receive(answer: Record<string, unknown>): boolean {
  dispatch({ slice: "user", action: { type: "receiveProfile", userProfile: answer } });
  const profile = profileOf(answer);
  if (profile) writeStoredProfile(profile);
  if (profile) showMemberName(profile.userName || profile.email);
  return true;
}

/**
 * A list call's items: at most `take`, the number asked for (spec 9). A service that answers
 * more (100,000 tickets, 30 MB) must not have them all read, parsed, stored and rendered: the
 * tab would block for many seconds (./read-list.ts reads only the first `take`).
 */
async function requestList(
  url: string,
  take: number,
): Promise<{ ok: true; items: unknown[] } | { ok: false; error: MemberError }> {
  const answer = await requestMemberList(url, take);
  if (!answer.ok) return answer;
  const value = answer.value;
  const items = Array.isArray(value)
    ? value
    : isRecord(value) && Array.isArray((value as { data?: unknown }).data)
      ? (value as { data: unknown[] }).data
      : null;
  if (!items) return { ok: false, error: { status: 200, message: "unexpected answer", body: value } };
  return { ok: true, items: firstRecords(items, take) };
}

function firstRecords(items: unknown[], take: number): Record<string, unknown>[] {
  const records: Record<string, unknown>[] = [];
  for (const item of items) {
    if (records.length === take) break;
    if (isRecord(item)) records.push(item);
  }
  return records;
}

/** A 200 that is not a success (spec 4.1): the answer itself is the stored error. */
function refusal(value: unknown): MemberError {
  const message = isRecord(value)
    ? (str((value as Record<string, unknown>).Message) ?? str((value as Record<string, unknown>).message))
    : typeof value === "string" && value
      ? value.slice(0, 200)
      : undefined;
  return { status: 200, message: message ?? "refused", body: value };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}
