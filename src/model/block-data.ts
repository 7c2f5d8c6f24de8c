import { z } from "zod";
import { BindingMapSchema } from "./binding.js";

/** A block-data record from `site/{siteId}/block-data?stable=1` (spec 3.3, 7.3). */
export const BlockDataSchema = z.looseObject({
  id: z.string().min(1),
  locale: z.string(),
  bindings: BindingMapSchema,
});
export type BlockData = z.infer<typeof BlockDataSchema>;

export const BlockDataResponseSchema = z.array(BlockDataSchema);
