import { z } from "zod";

/** One entry of the page manifest written for the client (spec 3.3 "Page manifest entry"). */
export const PageManifestEntrySchema = z.looseObject({
  path: z.string().startsWith("/"),
  jsonName: z.string().min(1),
  layout: z.string(),
  pageType: z.enum(["ordinary", "standard"]),
});
export type PageManifestEntry = z.infer<typeof PageManifestEntrySchema>;
