/**
 * The local member service (src/member-server/): the spec's quirks, cookie sessions, CORS
 * with credentials, seed data that matches the spec 3.1 server shapes, and the fault switches.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  HOSTILE_COMMENT,
  SEED_LEGACY_TOKEN,
  SEED_MEMBER,
  SEED_QR_URL_MEMBER,
  parseMemberFault,
  startMemberServer,
  type MemberServer,
} from "../../src/member-server/index.js";
import { MEMBER_ENDPOINT_KEYS } from "../../src/model/partner-schema.js";
import { ServerMemberTicketSchema, ServerMovieInfoSchema, ServerReviewSchema } from "../../src/model/member.js";

let server: MemberServer;
const ORIGIN = "http://127.0.0.1:4350";

beforeAll(async () => {
  server = await startMemberServer({ partner: "178", partnersDir: path.resolve("partners") });
});
afterAll(() => server?.close());

const call = (pathAndQuery: string, init: RequestInit = {}) =>
  fetch(new URL(pathAndQuery, server.url), { ...init, headers: { origin: ORIGIN, ...init.headers } });
const post = (pathAndQuery: string, body: unknown, headers: Record<string, string> = {}) =>
  call(pathAndQuery, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", ...headers },
  });
async function logIn(): Promise<string> {
  const response = await post("api/LoginDx", { Email: SEED_MEMBER.email, Password: SEED_MEMBER.password });
  return response.headers.get("set-cookie")!.split(";")[0];
}

describe("local member service", () => {
  it("refuses a wrong password with HTTP 200 and no marsToken, and logs in with marsToken, UserName, UserInfo and a session cookie", async () => {
    const wrong = await post("api/LoginDx", { Email: SEED_MEMBER.email, Password: "feil" });
    expect(wrong.status).toBe(200);
    expect(await wrong.json()).not.toHaveProperty("marsToken");
    const right = await post("api/LoginDx", { Email: SEED_MEMBER.email, Password: SEED_MEMBER.password });
    expect(await right.json()).toMatchObject({
      marsToken: expect.any(String),
      UserName: SEED_MEMBER.userName,
      UserInfo: SEED_MEMBER.email,
    });
    expect(right.headers.get("set-cookie")).toMatch(/^cw_member_session=\w+; Path=\/; HttpOnly; SameSite=Lax/);
  });

  it("answers CORS with credentials for the site's origin only", async () => {
    const preflight = await call("api/AddToWatchlistDx", {
      method: "OPTIONS",
      headers: { "access-control-request-method": "POST" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(preflight.headers.get("access-control-allow-credentials")).toBe("true");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("X-Token");
    const foreign = await fetch(new URL("api/GetMovieByEdiDx?edi=x", server.url), {
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("serves tickets and the watch list to a session only; adding appends", async () => {
    expect((await call("api/GetTicketsDx?skip=0&take=10")).status).toBe(401);
    const cookie = await logIn();
    const tickets = await (await call("api/GetTicketsDx?skip=0&take=10", { headers: { cookie } })).json();
    expect(tickets.length).toBeGreaterThan(0);
    expect(tickets.some((ticket: { SeatsInfo: { Seats: unknown[] } }) => ticket.SeatsInfo.Seats.length === 2)).toBe(
      true,
    );
    for (const ticket of tickets) ServerMemberTicketSchema.parse(ticket);
    const before = await (await call("api/GetWatchlistDx?skip=0&take=10", { headers: { cookie } })).json();
    const movie = await (await call(`api/GetMovieByEdiDx?edi=DXM20031500`)).json();
    ServerMovieInfoSchema.parse(movie);
    expect(await (await post("api/AddToWatchlistDx", { id: movie.MovieId }, { cookie })).json()).toBe(true);
    const after = await (await call("api/GetWatchlistDx?skip=0&take=10", { headers: { cookie } })).json();
    expect(after.map((item: { MovieId: number }) => item.MovieId)).toEqual([
      ...before.map((item: { MovieId: number }) => item.MovieId),
      movie.MovieId,
    ]);
  });

  it("exchanges the seeded legacy token for a session (switchTokensDx)", async () => {
    expect((await call("api/SwitchTokensDx", { method: "POST", headers: { "x-token": "ukjent" } })).status).toBe(401);
    const switched = await call("api/SwitchTokensDx", { method: "POST", headers: { "x-token": SEED_LEGACY_TOKEN } });
    const cookie = switched.headers.get("set-cookie")!.split(";")[0];
    expect((await call("api/GetWatchlistDx?skip=0&take=10", { headers: { cookie } })).status).toBe(200);
  });

  it("answers a reset with an empty body, or 200 with a body for an unknown email", async () => {
    const ok = await post("api/ForgotPasswordDx", { Email: SEED_MEMBER.email });
    expect([ok.status, await ok.text()]).toEqual([200, ""]);
    const unknown = await post("api/ForgotPasswordDx", { Email: "ingen@example.no" });
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).not.toBe("");
  });

  it("signs up with Token, UserName and ContactEmail, and refuses a taken email with 200 and no Token", async () => {
    const created = await (
      await post("api/CreateUserDx", { Email: "ny@example.no", Password: "hemmelig1", UserName: "Ny" })
    ).json();
    expect(created).toMatchObject({ Token: expect.any(String), UserName: "Ny", ContactEmail: "ny@example.no" });
    const taken = await post("api/CreateUserDx", { Email: "ny@example.no", Password: "hemmelig1", UserName: "Ny" });
    expect(taken.status).toBe(200);
    expect(await taken.json()).not.toHaveProperty("Token");
  });

  it("seeds reviews of the partner's films, one with a script tag and an onerror image", async () => {
    const reviews = await (await call("api/GetReviewsByEdiDx?edi=DXM20031500&skip=0&take=20")).json();
    for (const review of reviews) ServerReviewSchema.parse(review);
    expect(reviews.length).toBeGreaterThan(0);
    expect(await anyReviewHas(HOSTILE_COMMENT)).toBe(true);
  });

  it("makes an endpoint fail, answer slowly or answer malformed JSON (setFault and the HTTP switch)", async () => {
    server.setFault("reviews", { kind: "fail" });
    expect((await call("api/GetReviewsByEdiDx?edi=DXM20031500&skip=0&take=20")).status).toBe(500);
    server.setFault("reviews", { kind: "malformed" });
    const malformed = await call("api/GetReviewsByEdiDx?edi=DXM20031500&skip=0&take=20");
    await expect(malformed.json()).rejects.toThrow();
    await post("__member-server/faults", { reviews: { kind: "slow", delayMs: 300 } });
    const started = performance.now();
    expect((await call("api/GetReviewsByEdiDx?edi=DXM20031500&skip=0&take=20")).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    server.clearFaults();
    expect((await call("api/GetReviewsByEdiDx?edi=DXM20031500&skip=0&take=20")).status).toBe(200);
  });

  it("reads the CLI's fault switches: endpoint=fail|slow[:ms]|malformed", () => {
    expect(parseMemberFault("tickets=fail", MEMBER_ENDPOINT_KEYS)).toEqual(["tickets", { kind: "fail" }]);
    expect(parseMemberFault("reviews=slow:5000", MEMBER_ENDPOINT_KEYS)).toEqual([
      "reviews",
      { kind: "slow", delayMs: 5000 },
    ]);
    expect(parseMemberFault(" watchlist=malformed ", MEMBER_ENDPOINT_KEYS)).toEqual([
      "watchlist",
      { kind: "malformed" },
    ]);
    expect(() => parseMemberFault("tickets=explode", MEMBER_ENDPOINT_KEYS)).toThrow(
      "expected endpoint=fail|slow[:ms]|malformed|flood[:items]",
    );
    expect(() => parseMemberFault("ticket=fail", MEMBER_ENDPOINT_KEYS)).toThrow("unknown member endpoint 'ticket'");
  });

  it("floods a list answer to the fault's count, streamed, whatever take asked for", async () => {
    server.setFault("reviews", { kind: "flood", count: 5000 });
    try {
      const reviews = await (await call("api/GetReviewsByEdiDx?edi=DXM20031500&skip=0&take=20")).json();
      expect(reviews).toHaveLength(5000);
      ServerReviewSchema.parse(reviews[4999]);
    } finally {
      server.clearFaults();
    }
    expect(parseMemberFault("tickets=flood:100000", MEMBER_ENDPOINT_KEYS)).toEqual([
      "tickets",
      { kind: "flood", count: 100000 },
    ]);
  });

  it("serves its posters from its own origin, and a QRUrl-only ticket whose image is the QR code", async () => {
    const movie = await (await call("api/GetMovieByEdiDx?edi=DXM20031500")).json();
    expect(movie.Poster).toMatch(new RegExp(`^${server.url}media/plakater/[\\w-]+\\.jpg$`));
    const poster = await call(new URL(movie.Poster).pathname);
    expect([poster.status, poster.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    for (const bad of ["media/../partner.json", "media/%2e%2e/partner.json", "media/plakater/nei.jpg"])
      expect((await call(bad)).status, bad).toBe(404);
    const login = await post("api/LoginDx", { Email: SEED_QR_URL_MEMBER.email, Password: SEED_QR_URL_MEMBER.password });
    const cookie = login.headers.get("set-cookie")!.split(";")[0];
    const [ticket] = await (await call("api/GetTicketsDx?skip=0&take=10", { headers: { cookie } })).json();
    expect(ticket).toMatchObject({ QRCode: null, QRUrl: `${server.url}qr/TKT-178-000125-Q.svg` });
    const qr = await call(new URL(ticket.QRUrl).pathname);
    expect(qr.headers.get("content-type")).toBe("image/svg+xml");
    expect(await qr.text()).toMatch(/^<svg[^>]*>.*<path/s);
  });

  it("refuses to start for a partner without the member service", async () => {
    await expect(
      startMemberServer({ partner: "4242", partnersDir: path.resolve("tests/fixtures/partners") }),
    ).rejects.toThrow("has no member service");
  });
});

async function anyReviewHas(comment: string): Promise<boolean> {
  const events = await readFile("partners/178/snapshot/events.json", "utf8");
  for (const production of JSON.parse(events).productions as { reference?: string }[]) {
    if (!production.reference) continue;
    const reviews = await (await call(`api/GetReviewsByEdiDx?edi=${production.reference}&skip=0&take=20`)).json();
    if (reviews.some((review: { Comment: string }) => review.Comment === comment)) return true;
  }
  return false;
}
