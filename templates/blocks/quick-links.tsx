import { itemsOf, optionalText, textOf } from "../../src/isomorphic/block-fields.js";
import type { BlockProps } from "../context.js";
import { Heading } from "../ui/heading.js";
import { SmartLink } from "../ui/smart-link.js";
import { useDomId } from "../ui/dom-id.js";

/** A row of shortcut links, as a named navigation. */
export function QuickLinksBlock({ data, headingLevel }: BlockProps) {
  const headingId = useDomId("titel");
  const title = textOf(data, "title");
  const links = itemsOf(data, "links").filter((item) => optionalText(item, "link") && textOf(item, "label"));
  if (links.length === 0) return null;
  return (
    <nav
      className="quick-links"
      aria-labelledby={title ? headingId : undefined}
      aria-label={title ? undefined : "Snarveier"}
    >
      {title ? (
        <Heading level={headingLevel} id={headingId} className="visually-hidden">
          {title}
        </Heading>
      ) : null}
      <ul>
        {links.map((item, index) => (
          <li key={index} data-icon={optionalText(item, "icon") ?? undefined}>
            <SmartLink href={textOf(item, "link")} className="quick-link">
              {textOf(item, "label")}
            </SmartLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
