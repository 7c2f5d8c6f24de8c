import { optionalText, textOf } from "../../src/isomorphic/block-fields.js";
import type { BlockProps } from "../context.js";
import { Heading } from "../ui/heading.js";

/** Page heading with an optional subtitle. */
export function TitleBlock({ data, headingLevel }: BlockProps) {
  const title = textOf(data, "title");
  const subtitle = optionalText(data, "subtitle");
  if (!title && !subtitle) return null;
  return (
    <header className="page-title">
      {title ? <Heading level={headingLevel}>{title}</Heading> : null}
      {subtitle ? <p className="lead">{subtitle}</p> : null}
    </header>
  );
}
