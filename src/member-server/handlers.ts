/**
 * What each endpoint of the local member service answers (spec 7.1), including the spec's
 * quirks: a failed login is HTTP 200 without marsToken, a failed password reset is HTTP 200
 * with a body, success of a reset is an empty body. Calls that need a member (tickets, watch
 * list, add-to-watch-list) read the session cookie and answer 401 without one.
 */
import { randomBytes } from "node:crypto";
import type { MemberEndpointKey } from "../model/partner-schema.js";
import type { ServerMemberTicket, ServerMovieInfo } from "../isomorphic/member-fields.js";
import { absoluteImageUrl } from "./images.js";
import type { MemberSeed, SeedMember } from "./seed.js";

export interface MemberRequestContext {
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  /** The member of the request's session cookie, if any. */
  member: SeedMember | undefined;
  /** The base URL the client called: the service's own images are absolute against it. */
  base: string;
}

export interface MemberReply {
  status: number;
  /** A string is sent as it is (empty for the reset's success); anything else as JSON. */
  body: unknown;
  /** Start a session for this member (Set-Cookie). */
  session?: SeedMember;
}

const json = (body: unknown, status = 200): MemberReply => ({ status, body });
const NEEDS_LOGIN = json({ Message: "Du må logge inn." }, 401);

export function createHandlers(
  seed: MemberSeed,
): Record<MemberEndpointKey, (context: MemberRequestContext) => MemberReply> {
  const byEmail = (email: unknown) => findMemberByEmail(seed, email);
  const movieById = (id: unknown) => [...seed.movies.values()].find((movie) => String(movie.MovieId) === String(id));

  return {
    switchTokensDx: ({ headers }) => {
      const token = headers["x-token"];
      const member = seed.members.find((candidate) => candidate.legacyToken && candidate.legacyToken === token);
      return member
        ? { status: 200, body: { Success: true }, session: member }
        : json({ Message: "Ukjent token." }, 401);
    },
    login: ({ body }) => {
      const member = byEmail(body.Email);
      // Spec 4.1, 8: a refused login is a 200 whose body carries no marsToken.
      if (!member || member.password !== body.Password) return json({ Message: "Feil e-post eller passord." });
      return { status: 200, body: profileOf(member), session: member };
    },
    createUser: ({ body }) => registerMember(seed, body),
    forgotPassword: ({ body }) =>
      byEmail(body.Email) ? { status: 200, body: "" } : json({ Message: "Fant ingen konto med denne e-postadressen." }),
    movieInfo: ({ query, base }) => {
      const movie = seed.movies.get(query.get("edi") ?? "");
      return movie ? json(movieAt(movie, base)) : json({ Message: "Ukjent film." }, 404);
    },
    reviews: ({ query }) => json(takePage(seed.reviews.get(query.get("edi") ?? "") ?? [], query)),
    tickets: ({ member, query, base }) =>
      member ? json(takePage(member.tickets, query).map((ticket) => ticketAt(ticket, base))) : NEEDS_LOGIN,
    watchlist: ({ member, query, base }) =>
      member
        ? json(
            takePage(
              member.watchList.map(movieById).filter((movie) => movie !== undefined),
              query,
            ).map((movie) => movieAt(movie, base)),
          )
        : NEEDS_LOGIN,
    addMovieToWatchList: ({ member, body }) => {
      if (!member) return NEEDS_LOGIN;
      const movie = movieById(body.id);
      if (!movie) return json(false);
      if (!member.watchList.includes(movie.MovieId)) member.watchList.push(movie.MovieId);
      return json(true);
    },
    events: ({ params, query }) => {
      const keys = (query.get("keys") ?? "").split(",").filter(Boolean);
      return json({ site: params.site, data: keys.map((key) => ({ Id: key, Favorite: false, Reminder: false })) });
    },
  };
}

/** createUser: a new member of the seed, signed in, or a 200 whose Message says what is wrong. */
function registerMember(seed: MemberSeed, body: Record<string, unknown>): MemberReply {
  const email = typeof body.Email === "string" ? body.Email.trim() : "";
  const userName = typeof body.UserName === "string" ? body.UserName.trim() : "";
  const password = typeof body.Password === "string" ? body.Password : "";
  if (!email.includes("@") || !userName || password.length < 6)
    return json({ Message: "Fyll inn e-post, navn og et passord på minst 6 tegn." });
  if (findMemberByEmail(seed, email))
    return json({ Message: "Det finnes allerede en konto med denne e-postadressen." });
  const member: SeedMember = {
    email,
    userName,
    password,
    token: `mars-${randomBytes(8).toString("hex")}`,
    tickets: [],
    watchList: [],
  };
  seed.members.push(member);
  return {
    status: 200,
    body: { Token: member.token, UserName: member.userName, ContactEmail: member.email },
    session: member,
  };
}

function findMemberByEmail(seed: MemberSeed, email: unknown): SeedMember | undefined {
  return seed.members.find(
    (member) => typeof email === "string" && member.email.toLowerCase() === email.trim().toLowerCase(),
  );
}

/** The `skip`/`take` window of a list. */
function takePage<T>(items: T[], query: URLSearchParams): T[] {
  const skip = Number(query.get("skip") ?? 0) || 0;
  const take = Number(query.get("take") ?? items.length) || items.length;
  return items.slice(skip, skip + take);
}

function profileOf(member: SeedMember) {
  return {
    marsToken: member.token,
    UserName: member.userName,
    UserInfo: member.email,
  };
}

function movieAt<T extends ServerMovieInfo>(movie: T, base: string): T {
  return { ...movie, Poster: absoluteImageUrl(movie.Poster, base) };
}

function ticketAt(ticket: ServerMemberTicket, base: string): ServerMemberTicket {
  return { ...ticket, Poster: absoluteImageUrl(ticket.Poster, base), QRUrl: absoluteImageUrl(ticket.QRUrl, base) };
}
