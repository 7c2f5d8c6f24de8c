import { z } from "zod";

/** partners/<id>/snapshot/meta.json: when and how the snapshot was captured. */
export const SnapshotMetaSchema = z.looseObject({
  partner: z.number().int(),
  siteId: z.number().int(),
  /** ISO 8601 with offset; the default reference time (`--now`) of snapshot builds. */
  capturedAt: z.string().datetime({ offset: true }),
  /** 'generator' (scripts/generate-snapshot.ts) or 'api' (`cinema-build snapshot`). */
  source: z.enum(["generator", "api"]),
  generator: z.looseObject({ seed: z.number(), films: z.number(), version: z.number() }).optional(),
});
export type SnapshotMeta = z.infer<typeof SnapshotMetaSchema>;
