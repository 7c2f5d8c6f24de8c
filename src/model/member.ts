/**
 * Member-service entities (spec 3.1): the zod schemas of the capitalised server shapes, for
 * server-side code (the local member service checks its seed data against them). The mapping
 * functions, types and constants live in ./member-fields.ts, which the browser imports
 * without pulling zod into its bundle; they are re-exported here.
 */
import { z } from "zod";

export * from "../isomorphic/member-fields.js";

export const ServerMovieInfoSchema = z.looseObject({
  Title: z.string().nullable().optional(),
  MovieId: z.union([z.string(), z.number()]).nullable().optional(),
  Edis: z.unknown().optional(),
  Rating: z.number().nullable().optional(),
  RatingCount: z.number().nullable().optional(),
  Poster: z.string().nullable().optional(),
  link: z.string().nullable().optional(),
});

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
      Seats: z
        .array(
          z.looseObject({
            Row: z.union([z.string(), z.number()]),
            Seats: z.union([z.string(), z.array(z.union([z.string(), z.number()]))]),
          }),
        )
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
});
