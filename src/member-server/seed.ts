/**
 * The seeded data of the local member service: a few members, their tickets (one with two
 * seat rows), watch lists, and reviews of the partner's own films (one comment carrying a
 * <script> tag and an onerror image, to prove the site renders user text as text). Films come
 * from the partner's snapshot, so movie info and reviews exist for its film pages whatever
 * the partner. Deterministic: the same snapshot gives the same seed.
 */
import type { Production } from "../model/index.js";
import type { ServerMemberTicket, ServerMovieInfo, ServerReview } from "../isomorphic/member-fields.js";
import { posterPath, QR_PREFIX } from "./images.js";

export interface SeedMember {
  email: string;
  password: string;
  userName: string;
  /** The token login answers with (marsToken) and signup with (Token). */
  token: string;
  /** A token as the legacy 'cw-profile' entry holds it, exchanged by switchTokensDx. */
  legacyToken?: string;
  tickets: ServerMemberTicket[];
  /** MovieIds on the watch list. */
  watchList: number[];
}

export interface MemberSeed {
  members: SeedMember[];
  /** edi (the production's reference) -> movie. */
  movies: Map<string, ServerMovieInfo & { MovieId: number; Title: string }>;
  /** edi -> reviews. */
  reviews: Map<string, ServerReview[]>;
}

export const SEED_MEMBER = { email: "kari@example.no", password: "popcorn123", userName: "Kari Nordmann" } as const;
export const SEED_LEGACY_TOKEN = "legacy-token-kari";
/** A member whose one ticket has a QRUrl and no QRCode (spec 3.1: the image is the code). */
export const SEED_QR_URL_MEMBER = { email: "nora@example.no", password: "qrkode26", userName: "Nora" } as const;
/** The review comment that must show as text (docs/member.md). */
export const HOSTILE_COMMENT =
  'Spennende! <script>window.__memberXss = 1</script><img src="x" onerror="window.__memberXss = 2">';

export function buildSeed(productions: readonly Production[], partner: number): MemberSeed {
  const movies = seedMovies(productions);
  return { members: seedMembers([...movies.values()], partner), movies, reviews: seedReviews(movies) };
}

/** The partner's films (by EDI, in EDI order) with made-up but stable ratings. */
function seedMovies(productions: readonly Production[]): MemberSeed["movies"] {
  const films = productions
    .filter(
      (production) =>
        (production.objectClass === "movie" || production.objectClass === "movie_coming") &&
        typeof production.reference === "string" &&
        production.reference,
    )
    .slice()
    .sort((a, b) => String(a.reference).localeCompare(String(b.reference)));
  const movies: MemberSeed["movies"] = new Map();
  films.forEach((film, index) => {
    // Served by the local service itself when the partner keeps its posters in media/ (./images.ts).
    const poster = posterPath(film.assets?.find((asset) => asset.type === "first_poster")?.url);
    movies.set(String(film.reference), {
      Title: String(film.parentTitle ?? film.title ?? film.reference),
      MovieId: 1000 + index,
      Edis: [film.reference],
      Rating: Math.round((3 + ((index * 7) % 20) / 10) * 10) / 10,
      RatingCount: 5 + ((index * 13) % 90),
      Poster: poster,
      link: `/${film.parentSlug}`,
    });
  });
  return movies;
}

/** Two reviews on each of the first six films; the first carries the hostile comment. */
function seedReviews(movies: MemberSeed["movies"]): MemberSeed["reviews"] {
  const reviews: MemberSeed["reviews"] = new Map();
  const names = ["Ola", "Ingrid", "Jonas", "Sara"];
  [...movies.keys()].slice(0, 6).forEach((edi, index) => {
    const movie = movies.get(edi)!;
    reviews.set(edi, [
      {
        Id: index * 10 + 1,
        Comment: index === 0 ? HOSTILE_COMMENT : "Flott film, fin stemning i salen.",
        Rating: 5,
        AddedAt: "2026-11-02T18:30:00",
        LikesCount: 4,
        MovieId: movie.MovieId,
        UserId: 11,
        UserName: names[index % 4],
        Image: null,
        IsLiked: false,
      },
      {
        Id: index * 10 + 2,
        Comment: "Litt lang, men vakre bilder.",
        Rating: 3,
        AddedAt: "2026-11-05T21:10:00",
        LikesCount: 1,
        MovieId: movie.MovieId,
        UserId: 12,
        UserName: "<b>Per</b>",
        Image: null,
        IsLiked: true,
      },
    ]);
  });
  return reviews;
}

/** Kari (two tickets with QR codes, two films on her list), Ola (nothing yet) and Nora (a ticket with a QR URL). */
function seedMembers(list: (ServerMovieInfo & { MovieId: number; Title: string })[], partner: number): SeedMember[] {
  const ticketFilm = list[0];
  const secondFilm = list[1] ?? list[0];
  const kari: SeedMember = {
    ...SEED_MEMBER,
    token: `mars-${partner}-kari`,
    legacyToken: SEED_LEGACY_TOKEN,
    tickets: ticketFilm
      ? [
          {
            MovieId: ticketFilm.MovieId,
            MovieTitle: ticketFilm.Title,
            Notes: "Ta med billetten på mobilen.",
            QRCode: `TKT-${partner}-000123-A`,
            QRUrl: null,
            StartTime: "2026-11-28T19:00:00",
            ExpirationDate: "2026-11-28T21:30:00",
            Poster: ticketFilm.Poster ?? null,
            Screen: "Sal 3",
            SeatsInfo: {
              Info: "4 seter, 2 rader",
              Seats: [
                { Row: 7, Seats: [11, 12] },
                { Row: 8, Seats: [11, 12] },
              ],
            },
          },
          {
            MovieId: secondFilm!.MovieId,
            MovieTitle: secondFilm!.Title,
            Notes: null,
            QRCode: `TKT-${partner}-000124-B`,
            QRUrl: null,
            StartTime: "2026-12-03T17:30:00",
            ExpirationDate: "2026-12-03T19:45:00",
            Poster: secondFilm!.Poster ?? null,
            Screen: "Sal 1",
            SeatsInfo: { Info: null, Seats: [{ Row: 4, Seats: "9" }] },
          },
        ]
      : [],
    watchList: list.slice(2, 4).map((movie) => movie.MovieId),
  };
  const ola: SeedMember = {
    email: "ola@example.no",
    password: "kino2026",
    userName: "Ola",
    token: `mars-${partner}-ola`,
    tickets: [],
    watchList: [],
  };
  const nora: SeedMember = {
    ...SEED_QR_URL_MEMBER,
    token: `mars-${partner}-nora`,
    tickets: ticketFilm
      ? [
          {
            MovieId: ticketFilm.MovieId,
            MovieTitle: ticketFilm.Title,
            Notes: null,
            QRCode: null,
            QRUrl: `${QR_PREFIX}TKT-${partner}-000125-Q.svg`,
            StartTime: "2026-11-29T18:30:00",
            ExpirationDate: "2026-11-29T20:45:00",
            Poster: ticketFilm.Poster ?? null,
            Screen: "Sal 2",
            SeatsInfo: { Info: null, Seats: [{ Row: 5, Seats: [3] }] },
          },
        ]
      : [],
    watchList: [],
  };
  return [kari, ola, nora];
}
