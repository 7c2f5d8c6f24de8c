/**
 * The browser's member-service client (src/isomorphic/member/): the endpoint lookup of spec 7.1 in
 * the configuration chosen by the first partner id (118 vs 178), and the flows' rules of spec
 * 5, 6 and 8 with fetch and local storage stubbed: member events only in a browser and only
 * for new ids, switchTokensDx only with a legacy token, credentials on the calls that need
 * them, the success conditions deciding login, signup and reset.
 */
import { cp, mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  addToWatchList,
  loadMovieInfo,
  loadReviews,
  loadTickets,
  loadWatchList,
  logIn,
  profileOf,
  requestNewPassword,
  resetMemberActions,
  signUp,
  switchTokens,
  trackMemberEvents,
} from "../../src/isomorphic/member/actions.js";
import {
  endpointOverrides,
  memberEndpointUrl,
  SPEC_MEMBER_ENDPOINTS,
  type MemberEndpointKey,
  type MemberServiceProps,
} from "../../src/isomorphic/member/service.js";
import { dispatch, getMemberState, resetMemberStore } from "../../src/isomorphic/member/store.js";
import { loadPartner } from "../../src/config/index.js";
import { toMovieInfo } from "../../src/isomorphic/member-fields.js";

const SERVICE: MemberServiceProps = {
  baseUrl: "https://medlem178.example/",
  partners: [178],
  endpoints: {
    switchTokensDx: "api/SwitchTokensDx",
    login: "api/LoginDx",
    createUser: "api/CreateUserDx",
    forgotPassword: "api/ForgotPasswordDx",
    movieInfo: "api/GetMovieByEdiDx?edi=:edi",
    reviews: "api/GetReviewsByEdiDx?edi=:edi&skip=:skip&take=:take",
    tickets: "api/GetTicketsDx?skip=:skip&take=:take",
    watchlist: "api/GetWatchlistDx?skip=:skip&take=:take",
    addMovieToWatchList: "api/AddToWatchlistDx",
    events: "api/events/:site",
  },
};

interface Call {
  url: string;
  init: RequestInit;
}
let calls: Call[];
let answers: ((call: Call) => Response)[];
let storage: Map<string, string>;

function answer(body: unknown, status = 200): (call: Call) => Response {
  return () => new Response(typeof body === "string" ? body : JSON.stringify(body), { status });
}

beforeEach(() => {
  calls = [];
  answers = [];
  storage = new Map();
  resetMemberStore();
  resetMemberActions();
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    const next = answers.shift();
    if (!next) throw new TypeError("Failed to fetch");
    return next(call);
  });
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  });
  vi.stubGlobal("window", {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("endpoint lookup (spec 7.1)", () => {
  it("fills ':name' parameters, URL-encoded, against the base URL", () => {
    expect(memberEndpointUrl(SERVICE, "reviews", { edi: "DXM 1&2", skip: 0, take: 20 })).toBe(
      "https://medlem178.example/api/GetReviewsByEdiDx?edi=DXM%201%262&skip=0&take=20",
    );
    expect(memberEndpointUrl({ ...SERVICE, baseUrl: "http://127.0.0.1:4351" }, "login")).toBe(
      "http://127.0.0.1:4351/api/LoginDx",
    );
    expect(() => memberEndpointUrl(SERVICE, "movieInfo")).toThrow("needs the parameter 'edi'");
  });

  it("chooses the member-service configuration by the site's first partner id: 118 vs 178", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "cb-member-"));
    for (const id of ["118", "178"]) await mkdir(path.join(dir, id));
    await cp(path.resolve("partners/118/partner.json"), path.join(dir, "118", "partner.json"));
    const own = JSON.parse(await readFile("partners/178/partner.json", "utf8"));
    await writeFile(path.join(dir, "178", "partner.json"), JSON.stringify(own));
    expect((await loadPartner(dir, "178")).memberService?.baseUrl).toBe("https://medlem178.kinoplattform.example/");
    expect((await loadPartner(dir, "118")).memberService?.baseUrl).toBe("https://medlem118.kinoplattform.example/");
    // Partner 178's site listing 118 first uses 118's configuration (spec 1, 9).
    await writeFile(path.join(dir, "178", "partner.json"), JSON.stringify({ ...own, partners: [118, 178] }));
    const chosen = (await loadPartner(dir, "178")).memberService!;
    expect(chosen.baseUrl).toBe("https://medlem118.kinoplattform.example/");
    const props: MemberServiceProps = { ...chosen, partners: [118, 178] };
    expect(memberEndpointUrl(props, "login")).toBe("https://medlem118.kinoplattform.example/api/LoginDx");
  });

  it("pages carry only the endpoints a partner configures otherwise; the rest are the spec's paths", () => {
    expect(endpointOverrides(SERVICE.endpoints as Record<MemberEndpointKey, string>)).toBeUndefined();
    const own = { ...SPEC_MEMBER_ENDPOINTS, login: "v2/Login", movieInfo: "v2/movie/:edi" };
    const endpoints = endpointOverrides(own);
    expect(endpoints).toEqual({ login: "v2/Login", movieInfo: "v2/movie/:edi" });
    const props: MemberServiceProps = { baseUrl: "https://medlem.example/", partners: [1], endpoints };
    expect(memberEndpointUrl(props, "login")).toBe("https://medlem.example/v2/Login");
    expect(memberEndpointUrl(props, "movieInfo", { edi: "DXM1" })).toBe("https://medlem.example/v2/movie/DXM1");
    expect(memberEndpointUrl(props, "watchlist", { skip: 0, take: 10 })).toBe(
      "https://medlem.example/api/GetWatchlistDx?skip=0&take=10",
    );
    expect(memberEndpointUrl({ baseUrl: "https://medlem.example", partners: [1] }, "addMovieToWatchList")).toBe(
      "https://medlem.example/api/AddToWatchlistDx",
    );
  });
});

describe("member events (spec 5, 7.1)", () => {
  it("asks for the ids not requested before, comma-joined, at site 'site' + first partner id + 'a'", async () => {
    answers.push(answer({ data: [{ Id: "1" }, { Id: "2" }] }), answer({ data: [{ Id: "3" }] }));
    await trackMemberEvents({ ...SERVICE, partners: [118, 178] }, ["1", "2"]);
    await trackMemberEvents(SERVICE, ["2", "3", "3"]);
    expect(calls.map((call) => call.url)).toEqual([
      "https://medlem178.example/api/events/site118a?keys=1%2C2",
      "https://medlem178.example/api/events/site178a?keys=3",
    ]);
    expect(getMemberState().events).toEqual({
      requested: ["1", "2", "3"],
      items: [{ Id: "1" }, { Id: "2" }, { Id: "3" }],
    });
  });

  it("sends nothing when no id is new", async () => {
    answers.push(answer({ data: [] }));
    await trackMemberEvents(SERVICE, ["1"]);
    await trackMemberEvents(SERVICE, ["1"]);
    await trackMemberEvents(SERVICE, []);
    expect(calls).toHaveLength(1);
  });

  it("sends nothing outside a browser", async () => {
    vi.stubGlobal("window", undefined);
    await trackMemberEvents(SERVICE, ["1"]);
    expect(calls).toHaveLength(0);
    expect(getMemberState().events.requested).toEqual([]);
  });

  it("logs 'Failed to fetch' when the call fails (spec 8)", async () => {
    await trackMemberEvents(SERVICE, ["9"]);
    expect(console.error).toHaveBeenCalledWith("Failed to fetch");
  });
});

describe("token exchange (spec 6, 7.1 switchTokensDx)", () => {
  it("is skipped when no legacy token is stored", async () => {
    answers.push(answer([]));
    await loadWatchList(SERVICE);
    expect(calls.map((call) => call.url)).toEqual(["https://medlem178.example/api/GetWatchlistDx?skip=0&take=10"]);
  });

  it("POSTs with no body and X-Token from 'cw-profile' before the watch list, once", async () => {
    storage.set("cw-profile", JSON.stringify({ token: "legacy-1" }));
    answers.push(answer({}), answer([{ Title: "Dune", MovieId: 42 }]), answer([]));
    await loadWatchList(SERVICE);
    await switchTokens(SERVICE);
    expect(calls[0].url).toBe("https://medlem178.example/api/SwitchTokensDx");
    expect(calls[0].init).toMatchObject({ method: "POST", body: undefined, headers: { "X-Token": "legacy-1" } });
    expect(calls).toHaveLength(2);
    expect(getMemberState().watchList.items.map((item) => item.title)).toEqual(["Dune"]);
  });
});

describe("login, signup, reset (spec 4.1, 7.1, 8)", () => {
  it("login sends { Email, Password } as JSON and succeeds only with marsToken; the profile goes to 'cw-profile-new'", async () => {
    answers.push(
      answer({ Message: "Feil passord" }),
      answer({ marsToken: "m1", UserName: "Kari", UserInfo: "kari@example.no" }),
    );
    expect(await logIn(SERVICE, "kari@example.no", "feil")).toBe(false);
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ Email: "kari@example.no", Password: "feil" });
    expect(calls[0].init.headers).toMatchObject({ "Content-Type": "application/json" });
    expect(getMemberState().user.error).toMatchObject({ status: 200, body: { Message: "Feil passord" } });
    expect(storage.has("cw-profile-new")).toBe(false);
    expect(await logIn(SERVICE, "kari@example.no", "riktig")).toBe(true);
    expect(getMemberState().user.userProfile).toEqual({
      marsToken: "m1",
      UserName: "Kari",
      UserInfo: "kari@example.no",
    });
    expect(JSON.parse(storage.get("cw-profile-new")!)).toEqual({
      userName: "Kari",
      email: "kari@example.no",
      token: "m1",
    });
  });

  it("signup succeeds only with Token and reads Token, UserName, ContactEmail", async () => {
    answers.push(answer({ marsToken: "x" }), answer({ Token: "t2", UserName: "Ola", ContactEmail: "ola@example.no" }));
    expect(await signUp(SERVICE, "ola@example.no", "Ola", "hemmelig")).toBe(false);
    expect(getMemberState().user.error?.status).toBe(200);
    expect(await signUp(SERVICE, "ola@example.no", "Ola", "hemmelig")).toBe(true);
    expect(JSON.parse(String(calls[1].init.body))).toEqual({
      Email: "ola@example.no",
      Password: "hemmelig",
      UserName: "Ola",
    });
    expect(profileOf(getMemberState().user.userProfile)).toEqual({
      userName: "Ola",
      email: "ola@example.no",
      token: "t2",
    });
  });

  it("forgot password succeeds only on an empty body; a 200 with a body is the error", async () => {
    answers.push(answer({ Message: "Ukjent e-post" }), answer(""));
    expect(await requestNewPassword(SERVICE, "x@example.no")).toBe(false);
    expect(getMemberState().user).toMatchObject({
      isEmailSent: false,
      error: { status: 200, message: "Ukjent e-post" },
    });
    expect(await requestNewPassword(SERVICE, "kari@example.no")).toBe(true);
    expect(getMemberState().user).toMatchObject({ isEmailSent: true, error: null });
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ Email: "x@example.no" });
  });

  it("a login that never gets an answer stores the failure as the user error", async () => {
    expect(await logIn(SERVICE, "kari@example.no", "x")).toBe(false);
    expect(getMemberState().user).toMatchObject({ loading: false, error: { status: 0, message: "Failed to fetch" } });
  });
});

describe("data calls (spec 6, 7.1, 8)", () => {
  it("sends movie info, reviews, tickets, watch list and add-to-watch-list with credentials, with the spec's paging", async () => {
    answers.push(answer({ Title: "Dune", MovieId: 42 }), answer([]), answer([]), answer([]), answer(true));
    await loadMovieInfo(SERVICE, "DXM1");
    await loadReviews(SERVICE, "DXM1");
    await loadTickets(SERVICE);
    await loadWatchList(SERVICE);
    await addToWatchList(SERVICE, toMovieInfo({ Title: "Dune", MovieId: 42 }));
    expect(calls.map((call) => [call.url.replace(SERVICE.baseUrl, ""), call.init.credentials])).toEqual([
      ["api/GetMovieByEdiDx?edi=DXM1", "include"],
      ["api/GetReviewsByEdiDx?edi=DXM1&skip=0&take=20", "include"],
      ["api/GetTicketsDx?skip=0&take=10", "include"],
      ["api/GetWatchlistDx?skip=0&take=10", "include"],
      ["api/AddToWatchlistDx", "include"],
    ]);
    expect(JSON.parse(String(calls[4].init.body))).toEqual({ id: 42 });
    expect(getMemberState().watchList.items.map((item) => item.movieId)).toEqual([42]);
  });

  it("stores list failures in their section (malformed JSON included) and ends loading", async () => {
    answers.push(answer("[{", 200), answer({ Message: "nei" }, 500));
    await loadTickets(SERVICE);
    await loadReviews(SERVICE, "DXM1");
    expect(getMemberState().tickets).toMatchObject({ loading: false, error: { message: "malformed JSON" } });
    expect(getMemberState().reviews.DXM1).toMatchObject({ loading: false, error: { status: 500, message: "nei" } });
  });

  it("a failed add-to-watch-list leaves the watch list's state alone, a stored error included (spec 8: console only)", async () => {
    const stored = { status: 500, message: "nei" };
    dispatch({
      slice: "watchList",
      action: { type: "loaded", items: [toMovieInfo({ Title: "Arrival", MovieId: 43 })] },
    });
    dispatch({ slice: "watchList", action: { type: "failure", error: stored } });
    const before = getMemberState().watchList;
    answers.push(answer({ Message: "nei" }, 500), answer(false));
    expect(await addToWatchList(SERVICE, toMovieInfo({ Title: "Dune", MovieId: 42 }))).toBe(false);
    expect(await addToWatchList(SERVICE, toMovieInfo({ Title: "Dune", MovieId: 42 }))).toBe(false);
    expect(getMemberState().watchList).toBe(before);
    expect(getMemberState().watchList).toMatchObject({ error: stored, loading: false, items: [{ movieId: 43 }] });
  });

  it("a successful add appends the film and keeps a stored watch-list error for its own retry", async () => {
    const stored = { status: 500, message: "nei" };
    dispatch({ slice: "watchList", action: { type: "failure", error: stored } });
    answers.push(answer(true));
    expect(await addToWatchList(SERVICE, toMovieInfo({ Title: "Dune", MovieId: 42 }))).toBe(true);
    expect(getMemberState().watchList).toMatchObject({ error: stored, loading: false, items: [{ movieId: 42 }] });
  });

  it("keeps at most what was asked for (spec 9: take 10, reviews take 20) when the service answers 100,000", async () => {
    const many = (item: unknown) => answer(Array.from({ length: 100_000 }, () => item));
    answers.push(
      many({ MovieTitle: "Dune", QRCode: "T" }),
      many({ Title: "Dune", MovieId: 42 }),
      many({ Id: 1, Comment: "Fin" }),
    );
    await loadTickets(SERVICE);
    await loadWatchList(SERVICE);
    await loadReviews(SERVICE, "DXM1");
    expect(getMemberState().tickets.items).toHaveLength(10);
    expect(getMemberState().watchList.items).toHaveLength(10);
    expect(getMemberState().reviews.DXM1.items).toHaveLength(20);
  });

  it("keeps the records among the first items asked for, strings with brackets and commas included", async () => {
    answers.push(
      answer([
        null,
        7,
        "x",
        ...Array.from({ length: 12 }, (_, index) => ({
          MovieTitle: `F${index} [a, "b"] {c}`,
          SeatsInfo: { Seats: [{ Row: 1, Seats: [1, 2] }] },
        })),
      ]),
    );
    await loadTickets(SERVICE);
    expect(getMemberState().tickets.items.map((ticket) => ticket.movieTitle)).toEqual(
      Array.from({ length: 7 }, (_, index) => `F${index} [a, "b"] {c}`),
    );
    expect(getMemberState().tickets.items[0].seatsInfo.seats).toEqual([{ row: 1, seats: [1, 2] }]);
  });

  it("reads a list answer only as far as the items asked for, and stops the download", async () => {
    const encoder = new TextEncoder();
    let pulled = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(
          encoder.encode(`${pulled === 1 ? "[" : ","}${JSON.stringify({ MovieTitle: `F${pulled}` })}`),
        );
      },
      cancel() {
        cancelled = true;
      },
    });
    answers.push(() => new Response(endless, { status: 200 }));
    await loadTickets(SERVICE);
    expect(getMemberState().tickets.items).toHaveLength(10);
    expect(pulled).toBeLessThan(15);
    expect(cancelled).toBe(true);
  });

  it("reads the { data: [...] } form whole, and a cut answer is malformed", async () => {
    answers.push(answer({ data: [{ MovieTitle: "Dune" }] }), answer('[{"MovieTitle":"Dune"},{"Movie'));
    await loadTickets(SERVICE);
    expect(getMemberState().tickets.items.map((ticket) => ticket.movieTitle)).toEqual(["Dune"]);
    await loadTickets(SERVICE);
    expect(getMemberState().tickets.error).toMatchObject({ message: "malformed JSON" });
  });

  it("movie info and add-to-watch-list failures go to the console only", async () => {
    answers.push(answer({}, 500), answer(false));
    await loadMovieInfo(SERVICE, "DXM2");
    await addToWatchList(SERVICE, toMovieInfo({ MovieId: 7 }));
    expect(getMemberState().movieInfo.DXM2).toEqual({ movieInfo: null, loading: false });
    expect(getMemberState().watchList).toMatchObject({ items: [], loading: false, error: null });
    expect(console.error).toHaveBeenCalledTimes(2);
  });
});
