import type { BlockProps } from "../context.js";
import { ProgrammeView } from "../ui/programme.js";

/** Culture programme: the programme block over culture productions (spec 3.5). */
export function CultureProgramBlock(props: BlockProps) {
  return <ProgrammeView {...props} />;
}
