import { z } from "zod";

/** partners/<id>/snapshot/meta.json: when and how the snapshot was captured. */
export const SnapshotMetaSchema = z.looseObject({
  partner: z.number().int(),
  siteId: z.number().int(),
  /** ISO 8601 with offset; the default reference time (`--now`) of snapshot builds. */
  capturedAt: z.string().datetime({ offset: true }),
  /**
   * Who wrote the snapshot: 'generator' (scripts/generate-partner.ts), 'api' (`cinema-build
   * snapshot`), or any other label a hand-written snapshot gives ('manual'). Only reported.
   */
  source: z.string().min(1),
  /** The generator's parameters (seed, films, version) when it wrote the snapshot; only reported. */
  generator: z.unknown().optional(),
});
export type SnapshotMeta = z.infer<typeof SnapshotMetaSchema>;
