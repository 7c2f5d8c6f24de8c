import { textOf } from "../../src/isomorphic/block-fields.js";
import type { BlockProps } from "../context.js";
import { BlockSection } from "../ui/block-section.js";
import { RichText } from "../ui/rich-text.js";

/** Rich text from the CMS, sanitised. */
export function ContentBlock({ data, headingLevel }: BlockProps) {
  return (
    <BlockSection title={textOf(data, "title")} level={headingLevel} className="content-block">
      <RichText html={data.body} />
    </BlockSection>
  );
}
