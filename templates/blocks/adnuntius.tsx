import { textOf } from "../../src/isomorphic/block-fields.js";
import type { BlockProps } from "../context.js";
import { AdSlot } from "../ui/ad-slot.js";

/** The ad slot block, named after its ad-serving service (spec 3.3). */
export function AdSlotBlock({ data }: BlockProps) {
  const id = textOf(data, "id");
  const mobileId = textOf(data, "mobileId");
  if (!id && !mobileId) return null;
  return <AdSlot id={id || mobileId} mobileId={mobileId || id} />;
}
