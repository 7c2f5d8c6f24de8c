/**
 * Member-service entities (spec 3.1). The service answers with capitalised field names; the
 * product maps them to its own names. Pure functions with no Node imports: the browser client
 * uses them as well.
 */
import { z } from "zod";

export const ServerMovieInfoSchema = z.looseObject({
  Title: z.string().nullable().optional(),
  MovieId: z.union([z.string(), z.number()]).nullable().optional(),
  Edis: z.unknown().optional(),
  Rating: z.number().nullable().optional(),
  RatingCount: z.number().nullable().optional(),
  Poster: z.string().nullable().optional(),
  link: z.string().nullable().optional(),
});

export interface MovieInfo {
  title: string | null;
  movieId: string | number | null;
  edis: unknown;
  rating: number | null;
  ratingCount: number | null;
  poster: string | null;
  link: string | null;
}

/** Watch list items have the MovieInfo shape. */
export type WatchListItem = MovieInfo;

export function toMovieInfo(server: z.input<typeof ServerMovieInfoSchema>): MovieInfo {
  return {
    title: server.Title ?? null,
    movieId: server.MovieId ?? null,
    edis: server.Edis ?? null,
    rating: server.Rating ?? null,
    ratingCount: server.RatingCount ?? null,
    poster: server.Poster ?? null,
    link: server.link ?? null,
  };
}

export const ServerReviewSchema = z.looseObject({
  Id: z.union([z.string(), z.number()]),
  Comment: z.string().nullable().optional(),
  Rating: z.number().nullable().optional(),
  AddedAt: z.string().nullable().optional(),
  LikesCount: z.number().nullable().optional(),
  MovieId: z.union([z.string(), z.number()]).nullable().optional(),
  UserId: z.union([z.string(), z.number()]).nullable().optional(),
  UserName: z.string().nullable().optional(),
  Image: z.string().nullable().optional(),
  IsLiked: z.boolean().nullable().optional(),
});

export interface Review {
  id: string | number;
  comment: string | null;
  rating: number | null;
  addedAt: string | null;
  likesCount: number | null;
  movieId: string | number | null;
  userId: string | number | null;
  userName: string | null;
  image: string | null;
  isLiked: boolean | null;
}

export function toReview(server: z.input<typeof ServerReviewSchema>): Review {
  return {
    id: server.Id,
    comment: server.Comment ?? null,
    rating: server.Rating ?? null,
    addedAt: server.AddedAt ?? null,
    likesCount: server.LikesCount ?? null,
    movieId: server.MovieId ?? null,
    userId: server.UserId ?? null,
    userName: server.UserName ?? null,
    image: server.Image ?? null,
    isLiked: server.IsLiked ?? null,
  };
}

export const ServerMemberTicketSchema = z.looseObject({
  MovieId: z.union([z.string(), z.number()]).nullable().optional(),
  MovieTitle: z.string().nullable().optional(),
  Notes: z.string().nullable().optional(),
  QRCode: z.string().nullable().optional(),
  QRUrl: z.string().nullable().optional(),
  StartTime: z.string().nullable().optional(),
  ExpirationDate: z.string().nullable().optional(),
  Poster: z.string().nullable().optional(),
  Screen: z.string().nullable().optional(),
  SeatsInfo: z
    .looseObject({
      Info: z.string().nullable().optional(),
      Seats: z.array(z.looseObject({ Row: z.union([z.string(), z.number()]), Seats: z.union([z.string(), z.array(z.union([z.string(), z.number()]))]) })).nullable().optional(),
    })
    .nullable()
    .optional(),
});

export interface MemberTicket {
  movieId: string | number | null;
  movieTitle: string | null;
  notes: string | null;
  qrCode: string | null;
  qrUrl: string | null;
  startTime: string | null;
  expirationDate: string | null;
  image: string | null;
  /** Screen or auditorium. */
  sal: string | null;
  seatsInfo: { info: string | null; seats: { row: string | number; seats: string | (string | number)[] }[] };
}

export function toMemberTicket(server: z.input<typeof ServerMemberTicketSchema>): MemberTicket {
  return {
    movieId: server.MovieId ?? null,
    movieTitle: server.MovieTitle ?? null,
    notes: server.Notes ?? null,
    qrCode: server.QRCode ?? null,
    qrUrl: server.QRUrl ?? null,
    startTime: server.StartTime ?? null,
    expirationDate: server.ExpirationDate ?? null,
    image: server.Poster ?? null,
    sal: server.Screen ?? null,
    seatsInfo: {
      info: server.SeatsInfo?.Info ?? null,
      seats: (server.SeatsInfo?.Seats ?? []).map((row) => ({ row: row.Row, seats: row.Seats })),
    },
  };
}

/** The profile copy kept in local storage under 'cw-profile-new' (spec 3.1). */
export interface StoredProfile {
  userName: string;
  email: string;
  token: string;
}
export const PROFILE_STORAGE_KEY = "cw-profile-new";
export const LEGACY_PROFILE_STORAGE_KEY = "cw-profile";

/** Member-service paging constants (spec 9). */
export const REVIEWS_PAGE = { skip: 0, take: 20 } as const;
export const WATCHLIST_PAGE = { skip: 0, take: 10 } as const;
export const TICKETS_PAGE = { skip: 0, take: 10 } as const;

/**
 * The `site` path parameter of the member-service events endpoint (spec 7.1): 'site' + the
 * first configured partner id + 'a', for example 'site178a'. The first id is also the one
 * that selects the member-service configuration (spec 1, 9).
 */
export function memberEventsSite(partners: readonly number[]): string {
  if (partners.length === 0) throw new Error("a site lists at least one partner id");
  return `site${partners[0]}a`;
}
