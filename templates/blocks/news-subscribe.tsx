import { optionalText, textOf } from "../../src/isomorphic/block-fields.js";
import type { BlockProps } from "../context.js";
import { BlockSection } from "../ui/block-section.js";
import { Island } from "../ui/island.js";
import { safeHref } from "../ui/smart-link.js";

/**
 * Newsletter sign-up: the newsletter island's form (templates/islands/newsletter.tsx) posts
 * the address to the newsletter service at the block's action URL. Without an action there
 * is nothing to submit to, so only the text is shown. It hydrates on interaction: a visitor who
 * never touches the form never downloads React for it.
 */
export function NewsSubscribeBlock({ data, headingLevel }: BlockProps) {
  const action = optionalText(data, "action");
  const href = action ? safeHref(action) : null;
  return (
    <BlockSection title={textOf(data, "title") || "Nyhetsbrev"} level={headingLevel} className="news-subscribe">
      {optionalText(data, "text") ? <p>{textOf(data, "text")}</p> : null}
      {href ? (
        <Island
          kind="newsletter"
          props={{ action: href, buttonText: optionalText(data, "buttonText") ?? "Meld meg på" }}
          when="interaction"
        />
      ) : null}
    </BlockSection>
  );
}
