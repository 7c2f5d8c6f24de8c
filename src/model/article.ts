import { z } from "zod";

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
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  order: z.number(),
});
export type Article = z.infer<typeof ArticleSchema>;

export const ArticlesResponseSchema = z.array(ArticleSchema);
