import type { BlockProps } from "../context.js";
import { ProgrammeView } from "../ui/programme.js";

/** Film programme with showtimes (spec 3.5). */
export function ProgramBlock(props: BlockProps) {
  return <ProgrammeView {...props} />;
}
