/**
 * Member-service entities (spec 3.1) without zod: the capitalised server shapes, their
 * mapping to the product's field names, and the constants of spec 7.1 and 9. The browser's
 * member client imports this module (src/isomorphic/member/), so it must stay free of zod and of
 * Node modules; the server-side schemas live in ./member.ts and re-export all of this.
 *
 * The mappings are defensive: a field of the wrong type becomes null rather than reaching
 * the screen (the client has no schema validation, to keep zod out of the browser bundle).
 */

/** MovieInfo as the member service sends it (watch-list items have the same shape). */
export interface ServerMovieInfo {
  Title?: string | null;
  MovieId?: string | number | null;
  Edis?: unknown;
  Rating?: number | null;
  RatingCount?: number | null;
  Poster?: string | null;
  link?: string | null;
}

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

export interface ServerReview {
  Id: string | number;
  Comment?: string | null;
  Rating?: number | null;
  AddedAt?: string | null;
  LikesCount?: number | null;
  MovieId?: string | number | null;
  UserId?: string | number | null;
  UserName?: string | null;
  Image?: string | null;
  IsLiked?: boolean | null;
}

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

export interface ServerMemberTicket {
  MovieId?: string | number | null;
  MovieTitle?: string | null;
  Notes?: string | null;
  QRCode?: string | null;
  QRUrl?: string | null;
  StartTime?: string | null;
  ExpirationDate?: string | null;
  Poster?: string | null;
  Screen?: string | null;
  SeatsInfo?: {
    Info?: string | null;
    Seats?: { Row: string | number; Seats: string | (string | number)[] }[] | null;
  } | null;
}

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

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);
const id = (value: unknown): string | number | null =>
  typeof value === "string" || (typeof value === "number" && Number.isFinite(value)) ? value : null;

export function toMovieInfo(server: ServerMovieInfo): MovieInfo {
  return {
    title: text(server.Title),
    movieId: id(server.MovieId),
    edis: server.Edis ?? null,
    rating: num(server.Rating),
    ratingCount: num(server.RatingCount),
    poster: text(server.Poster),
    link: text(server.link),
  };
}

export function toReview(server: ServerReview): Review {
  return {
    id: id(server.Id) ?? "",
    comment: text(server.Comment),
    rating: num(server.Rating),
    addedAt: text(server.AddedAt),
    likesCount: num(server.LikesCount),
    movieId: id(server.MovieId),
    userId: id(server.UserId),
    userName: text(server.UserName),
    image: text(server.Image),
    isLiked: typeof server.IsLiked === "boolean" ? server.IsLiked : null,
  };
}

export function toMemberTicket(server: ServerMemberTicket): MemberTicket {
  const rows = Array.isArray(server.SeatsInfo?.Seats) ? server.SeatsInfo.Seats : [];
  return {
    movieId: id(server.MovieId),
    movieTitle: text(server.MovieTitle),
    notes: text(server.Notes),
    qrCode: text(server.QRCode),
    qrUrl: text(server.QRUrl),
    startTime: text(server.StartTime),
    expirationDate: text(server.ExpirationDate),
    image: text(server.Poster),
    sal: text(server.Screen),
    seatsInfo: {
      info: text(server.SeatsInfo?.Info),
      seats: rows.filter((row) => row && id(row.Row) !== null).map((row) => ({ row: row.Row, seats: row.Seats })),
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
