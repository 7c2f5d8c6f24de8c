/**
 * The one member store of a page (docs/member.md): a module singleton. Every member island
 * imports this module, so esbuild puts it in one shared chunk that the browser evaluates
 * once; the state therefore lives as long as the document, across the page loader's
 * client-side navigations (islands unmount and mount, the module stays). Islands read it with
 * useMemberState, which renders the initial state during hydration (getServerSnapshot) so the
 * first client render matches the server HTML.
 */
import { useSyncExternalStore } from "react";
import {
  initialList,
  initialMemberState,
  initialMovieInfo,
  reduceEvents,
  reduceList,
  reduceMovieInfo,
  reduceUser,
  reduceWatchList,
  type EventsAction,
  type ListAction,
  type MemberState,
  type MovieInfoAction,
  type UserAction,
  type WatchListAction,
} from "./reducers.js";
import type { MemberTicket, Review } from "../member-fields.js";

export type StoreAction =
  | { slice: "movieInfo"; edi: string; action: MovieInfoAction }
  | { slice: "reviews"; edi: string; action: ListAction<Review> }
  | { slice: "tickets"; action: ListAction<MemberTicket> }
  | { slice: "watchList"; action: WatchListAction }
  | { slice: "events"; action: EventsAction }
  | { slice: "user"; action: UserAction }
  | { slice: "reset" };

/** Routes a store action to its slice's reducer. Pure. */
export function reduceMember(state: MemberState, change: StoreAction): MemberState {
  switch (change.slice) {
    case "movieInfo":
      return {
        ...state,
        movieInfo: {
          ...state.movieInfo,
          [change.edi]: reduceMovieInfo(state.movieInfo[change.edi] ?? initialMovieInfo, change.action),
        },
      };
    case "reviews":
      return {
        ...state,
        reviews: {
          ...state.reviews,
          [change.edi]: reduceList(state.reviews[change.edi] ?? initialList<Review>(), change.action),
        },
      };
    case "tickets":
      return { ...state, tickets: reduceList(state.tickets, change.action) };
    case "watchList":
      return { ...state, watchList: reduceWatchList(state.watchList, change.action) };
    case "events":
      return { ...state, events: reduceEvents(state.events, change.action) };
    case "user":
      return { ...state, user: reduceUser(state.user, change.action) };
    case "reset":
      // Logging out forgets what belonged to the member; public film data stays.
      return { ...initialMemberState(), movieInfo: state.movieInfo, reviews: state.reviews, events: state.events };
  }
}

const SERVER_STATE = initialMemberState();
let state: MemberState = SERVER_STATE;
const listeners = new Set<() => void>();

export function getMemberState(): MemberState {
  return state;
}

export function dispatch(change: StoreAction): void {
  state = reduceMember(state, change);
  for (const listener of listeners) listener();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current member state; the initial state on the server and during hydration. */
export function useMemberState(): MemberState {
  return useSyncExternalStore(subscribe, getMemberState, () => SERVER_STATE);
}

/** Tests only: back to the initial state. */
export function resetMemberStore(): void {
  state = initialMemberState();
  listeners.clear();
}
