/**
 * Spec 4.1, transition by transition: the member reducers (src/isomorphic/member/reducers.ts) and
 * the three success conditions, read like the spec's list.
 */
import { describe, expect, it } from "vitest";
import {
  initialEvents,
  initialList,
  initialMemberState,
  initialMovieInfo,
  initialUser,
  initialWatchList,
  isForgotPasswordSuccess,
  isLoginSuccess,
  isSignupSuccess,
  reduceEvents,
  reduceList,
  reduceMovieInfo,
  reduceUser,
  reduceWatchList,
  type MemberError,
} from "../../src/isomorphic/member/reducers.js";
import { reduceMember } from "../../src/isomorphic/member/store.js";
import { toMovieInfo, toReview } from "../../src/isomorphic/member-fields.js";

const error: MemberError = { status: 500, message: "HTTP 500", body: { Message: "boom" } };
const dune = toMovieInfo({ Title: "Dune", MovieId: 42, Rating: 4.5, RatingCount: 12 });
const arrival = toMovieInfo({ Title: "Arrival", MovieId: 43 });

describe("movie info (spec 4.1)", () => {
  it("starts as { movieInfo: null, loading: false }", () =>
    expect(initialMovieInfo).toEqual({ movieInfo: null, loading: false }));
  it("a request sets loading to true", () =>
    expect(reduceMovieInfo(initialMovieInfo, { type: "request" })).toEqual({ movieInfo: null, loading: true }));
  it("a result sets movieInfo and sets loading to false", () => {
    const loading = reduceMovieInfo(initialMovieInfo, { type: "request" });
    expect(reduceMovieInfo(loading, { type: "result", movieInfo: dune })).toEqual({ movieInfo: dune, loading: false });
  });
});

describe.each(["reviews", "tickets"])("%s (spec 4.1: same shape and transitions)", () => {
  const start = initialList<unknown>();
  it("starts as { items: [], loading: false, error: null }", () =>
    expect(start).toEqual({ items: [], loading: false, error: null }));
  it("a request sets loading to true", () =>
    expect(reduceList(start, { type: "request" })).toEqual({ items: [], loading: true, error: null }));
  it("success sets items and sets loading to false", () => {
    const items = [toReview({ Id: 1, Comment: "Flott" })];
    expect(reduceList(reduceList(start, { type: "request" }), { type: "success", items })).toEqual({
      items,
      loading: false,
      error: null,
    });
  });
  it("failure sets error and sets loading to false", () => {
    expect(reduceList(reduceList(start, { type: "request" }), { type: "failure", error })).toEqual({
      items: [],
      loading: false,
      error,
    });
  });
  it("a new request (a retry) forgets the last failure (docs/spec-decisions.md)", () => {
    expect(reduceList({ ...start, error }, { type: "request" })).toEqual({ items: [], loading: true, error: null });
  });
});

describe("watch list (spec 4.1)", () => {
  const loading = { ...initialWatchList, loading: true };
  it("starts as { requested: [], items: [], loading: false, error: null }", () =>
    expect(initialWatchList).toEqual({ requested: [], items: [], loading: false, error: null }));
  it("a request sets loading to true (and forgets the last failure)", () =>
    expect(reduceWatchList({ ...initialWatchList, error }, { type: "request" })).toMatchObject({
      loading: true,
      error: null,
    }));
  it("a loaded list replaces items; loading becomes false", () => {
    const before = { ...loading, items: [arrival] };
    expect(reduceWatchList(before, { type: "loaded", items: [dune] })).toEqual({ ...initialWatchList, items: [dune] });
  });
  it("adding a movie appends it to items; loading becomes false", () => {
    expect(reduceWatchList({ ...loading, items: [arrival] }, { type: "added", item: dune })).toEqual({
      ...initialWatchList,
      items: [arrival, dune],
    });
  });
  it("failure sets error; loading becomes false", () => {
    expect(reduceWatchList({ ...loading, items: [arrival] }, { type: "failure", error })).toEqual({
      ...initialWatchList,
      items: [arrival],
      error,
    });
  });
});

describe("events (spec 4.1)", () => {
  it("starts as { requested: [], items: [] }", () => expect(initialEvents).toEqual({ requested: [], items: [] }));
  it("tracking appends ids to requested", () => {
    const once = reduceEvents(initialEvents, { type: "track", ids: ["1", "2"] });
    expect(reduceEvents(once, { type: "track", ids: ["3"] })).toEqual({ requested: ["1", "2", "3"], items: [] });
  });
  it("loaded events are appended to items, kept as the server returns them", () => {
    const first = { Id: "1", Anything: { nested: true } };
    const once = reduceEvents(initialEvents, { type: "loaded", events: [first] });
    expect(reduceEvents(once, { type: "loaded", events: [{ Id: "2" }] }).items).toEqual([first, { Id: "2" }]);
    expect(once.items[0]).toBe(first);
  });
});

describe("user (spec 4.1)", () => {
  it("starts as { userProfile: {}, loading: false, error: null, isEmailSent: false }", () =>
    expect(initialUser).toEqual({ userProfile: {}, loading: false, error: null, isEmailSent: false }));
  it("requesting the profile sets loading to true", () =>
    expect(reduceUser(initialUser, { type: "requestProfile" }).loading).toBe(true));
  it("receiving the profile sets userProfile (the server's answer as it is)", () => {
    const answer = { marsToken: "t", UserName: "Kari", UserInfo: "kari@example.no", Extra: 1 };
    expect(
      reduceUser(reduceUser(initialUser, { type: "requestProfile" }), { type: "receiveProfile", userProfile: answer })
        .userProfile,
    ).toBe(answer);
  });
  it.each(["loginFailure", "signupFailure", "forgotPasswordFailure"] as const)("%s sets error", (type) => {
    expect(reduceUser(initialUser, { type, error }).error).toBe(error);
  });
  it("clearing the login error sets error to null", () => {
    expect(reduceUser({ ...initialUser, error }, { type: "clearLoginError" })).toEqual(initialUser);
  });
  it("forgot-password success sets error to null and isEmailSent to true", () => {
    expect(reduceUser({ ...initialUser, error }, { type: "forgotPasswordSuccess" })).toEqual({
      ...initialUser,
      error: null,
      isEmailSent: true,
    });
  });
});

describe("success conditions (spec 4.1)", () => {
  it("login succeeds only if the response carries marsToken", () => {
    expect(isLoginSuccess({ marsToken: "abc", UserName: "Kari" })).toBe(true);
    expect(isLoginSuccess({ UserName: "Kari", Message: "Feil passord" })).toBe(false);
    expect(isLoginSuccess({ Token: "abc" })).toBe(false);
    expect(isLoginSuccess(null)).toBe(false);
    expect(isLoginSuccess("marsToken")).toBe(false);
  });
  it("signup succeeds only if the response carries Token", () => {
    expect(isSignupSuccess({ Token: "abc", UserName: "Kari", ContactEmail: "k@x.no" })).toBe(true);
    expect(isSignupSuccess({ marsToken: "abc" })).toBe(false);
    expect(isSignupSuccess({ Token: "" })).toBe(false);
  });
  it("forgot password succeeds only if the response body is an empty string", () => {
    expect(isForgotPasswordSuccess("")).toBe(true);
    expect(isForgotPasswordSuccess('{"Message":"Ukjent e-post"}')).toBe(false);
    expect(isForgotPasswordSuccess(" ")).toBe(false);
  });
});

describe("the page's one store", () => {
  it("routes each change to its slice; movie info and reviews by edi number", () => {
    let state = initialMemberState();
    state = reduceMember(state, { slice: "movieInfo", edi: "DXM1", action: { type: "request" } });
    state = reduceMember(state, { slice: "reviews", edi: "DXM1", action: { type: "failure", error } });
    expect(state.movieInfo).toEqual({ DXM1: { movieInfo: null, loading: true } });
    expect(state.reviews.DXM1.error).toBe(error);
    expect(state.tickets).toEqual(initialList());
  });
  it("logging out forgets the member's data and keeps the films'", () => {
    let state = initialMemberState();
    state = reduceMember(state, { slice: "user", action: { type: "receiveProfile", userProfile: { marsToken: "t" } } });
    state = reduceMember(state, { slice: "watchList", action: { type: "loaded", items: [dune] } });
    state = reduceMember(state, { slice: "movieInfo", edi: "DXM1", action: { type: "result", movieInfo: dune } });
    const after = reduceMember(state, { slice: "reset" });
    expect(after.user).toEqual(initialUser);
    expect(after.watchList).toEqual(initialWatchList);
    expect(after.movieInfo.DXM1.movieInfo).toBe(dune);
  });
});
