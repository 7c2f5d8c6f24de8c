import { z } from "zod";

/**
 * Epoch milliseconds (spec 3.4); written as a string of digits, or as an ISO 8601 instant with
 * its offset, it reads as the same number.
 */
const EpochMsSchema = z.preprocess((value) => {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  return /^\d{4}-\d{2}-\d{2}T.*(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) && !Number.isNaN(Date.parse(text))
    ? Date.parse(text)
    : value;
}, z.number().int());

/** An article from `site/{siteId}/article?stable=1` (spec 3.4). */
export const ArticleSchema = z.looseObject({
  id: z.string().uuid(),
  category: z.literal("article"),
  title: z.string().min(1),
  /** Lower case, spaces to '-', colons kept, special letters transliterated. */
  slug: z.string().regex(/^[a-z0-9][a-z0-9:-]*$/, "expected a lower-case slug of a-z, 0-9, '-' and ':'"),
  content: z.string(),
  image: z.string().nullable(),
  thumbnail: z.string().nullable(),
  author: z.string(),
  node_locale: z.string(),
  createdAt: EpochMsSchema,
  updatedAt: EpochMsSchema,
  order: z.number(),
});
export type Article = z.infer<typeof ArticleSchema>;

export const ArticlesResponseSchema = z.array(ArticleSchema);
