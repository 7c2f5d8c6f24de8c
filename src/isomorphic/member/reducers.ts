/**
 * The member state of spec 4.1, as pure reducers: one per slice, one case per transition,
 * in the spec's words and order, so a test can read like the spec. No I/O here: the calls
 * live in ./actions.ts, which dispatches these transitions.
 */
import type { MemberTicket, MovieInfo, Review, WatchListItem } from "../member-fields.js";

/** The error a section keeps (spec 8: the error response, as the client could read it). */
export interface MemberError {
  /** HTTP status, or 0 when the request never got an answer (network, CORS, malformed JSON). */
  status: number;
  message: string;
  /** The answer's body, when there was one. */
  body?: unknown;
}

export interface MovieInfoState {
  movieInfo: MovieInfo | null;
  loading: boolean;
}
export type MovieInfoAction = { type: "request" } | { type: "result"; movieInfo: MovieInfo | null };
export const initialMovieInfo: MovieInfoState = { movieInfo: null, loading: false };
export function reduceMovieInfo(state: MovieInfoState, action: MovieInfoAction): MovieInfoState {
  switch (action.type) {
    case "request": // A request sets loading to true.
      return { ...state, loading: true };
    case "result": // A result sets movieInfo and sets loading to false.
      return { movieInfo: action.movieInfo, loading: false };
  }
}

/** Reviews and tickets: { items, loading, error }. */
export interface ListState<T> {
  items: T[];
  loading: boolean;
  error: MemberError | null;
}
export type ListAction<T> =
  { type: "request" } | { type: "success"; items: T[] } | { type: "failure"; error: MemberError };
export function initialList<T>(): ListState<T> {
  return { items: [], loading: false, error: null };
}
export function reduceList<T>(state: ListState<T>, action: ListAction<T>): ListState<T> {
  switch (action.type) {
    case "request": // A request sets loading to true.
      // And forgets the last failure: spec 4.1 names no transition that clears a section's
      // error, so a retried section would show its old error forever (docs/spec-decisions.md).
      return { ...state, loading: true, error: null };
    case "success": // Success sets items and sets loading to false.
      return { ...state, items: action.items, loading: false };
    case "failure": // Failure sets error and sets loading to false.
      return { ...state, error: action.error, loading: false };
  }
}
export type ReviewsState = ListState<Review>;
export type TicketsState = ListState<MemberTicket>;

export interface WatchListState {
  requested: (string | number)[];
  items: WatchListItem[];
  loading: boolean;
  error: MemberError | null;
}
export type WatchListAction =
  | { type: "request" }
  | { type: "loaded"; items: WatchListItem[] }
  | { type: "added"; item: WatchListItem }
  | { type: "failure"; error: MemberError };
export const initialWatchList: WatchListState = { requested: [], items: [], loading: false, error: null };
export function reduceWatchList(state: WatchListState, action: WatchListAction): WatchListState {
  switch (action.type) {
    case "request": // A request sets loading to true (and forgets the last failure, as above).
      return { ...state, loading: true, error: null };
    case "loaded": // A loaded list replaces items; loading becomes false.
      return { ...state, items: action.items, loading: false };
    case "added": // Adding a movie appends it to items; loading becomes false.
      return { ...state, items: [...state.items, action.item], loading: false };
    case "failure": // Failure sets error; loading becomes false.
      return { ...state, error: action.error, loading: false };
  }
}

/** Member events are kept exactly as the server returns them (spec 3.1). */
export interface EventsState {
  requested: string[];
  items: unknown[];
}
export type EventsAction = { type: "track"; ids: string[] } | { type: "loaded"; events: unknown[] };
export const initialEvents: EventsState = { requested: [], items: [] };
export function reduceEvents(state: EventsState, action: EventsAction): EventsState {
  switch (action.type) {
    case "track": // Tracking appends ids to requested.
      return { ...state, requested: [...state.requested, ...action.ids] };
    case "loaded": // Loaded events are appended to items.
      return { ...state, items: [...state.items, ...action.events] };
  }
}

/**
 * The user. userProfile is the server's login or signup answer as it is (spec 3.1); {} when
 * nobody is logged in.
 */
export interface UserState {
  userProfile: Record<string, unknown>;
  loading: boolean;
  error: MemberError | null;
  isEmailSent: boolean;
}
export type UserAction =
  | { type: "requestProfile" }
  | { type: "receiveProfile"; userProfile: Record<string, unknown> }
  | { type: "loginFailure"; error: MemberError }
  | { type: "signupFailure"; error: MemberError }
  | { type: "forgotPasswordFailure"; error: MemberError }
  | { type: "clearLoginError" }
  | { type: "forgotPasswordSuccess" };
export const initialUser: UserState = { userProfile: {}, loading: false, error: null, isEmailSent: false };
export function reduceUser(state: UserState, action: UserAction): UserState {
  switch (action.type) {
    case "requestProfile": // Requesting the profile sets loading to true.
      return { ...state, loading: true };
    case "receiveProfile": // Receiving the profile sets userProfile.
      // Spec 4.1 names no loading change here; the request that set it is over, so it ends too.
      return { ...state, userProfile: action.userProfile, loading: false };
    case "loginFailure": // Login failure, signup failure and forgot-password failure each set error.
    case "signupFailure":
    case "forgotPasswordFailure":
      return { ...state, error: action.error, loading: false };
    case "clearLoginError": // Clearing the login error sets error to null.
      return { ...state, error: null };
    case "forgotPasswordSuccess": // Forgot-password success sets error to null and isEmailSent to true.
      return { ...state, error: null, isEmailSent: true, loading: false };
  }
}

/** Spec 4.1 success conditions. */
export const isLoginSuccess = (answer: unknown): boolean => hasField(answer, "marsToken");
export const isSignupSuccess = (answer: unknown): boolean => hasField(answer, "Token");
export const isForgotPasswordSuccess = (body: string): boolean => body === "";

function hasField(answer: unknown, field: string): boolean {
  if (typeof answer !== "object" || answer === null) return false;
  const value = (answer as Record<string, unknown>)[field];
  return value !== undefined && value !== null && value !== "";
}

/** The whole member state of a page (one store, src/isomorphic/member/store.ts). */
export interface MemberState {
  /** Movie info by edi number: a film page may show more than one. */
  movieInfo: Record<string, MovieInfoState>;
  /** Reviews by edi number. */
  reviews: Record<string, ReviewsState>;
  tickets: TicketsState;
  watchList: WatchListState;
  events: EventsState;
  user: UserState;
}

export function initialMemberState(): MemberState {
  return {
    movieInfo: {},
    reviews: {},
    tickets: initialList(),
    watchList: initialWatchList,
    events: initialEvents,
    user: initialUser,
  };
}
