import { optionalText, textOf } from "../../src/render/block-fields.js";
import type { BlockProps } from "../context.js";
import { BlockSection } from "../ui/block-section.js";
import { useDomId } from "../ui/dom-id.js";
import { safeHref } from "../ui/smart-link.js";

/**
 * Newsletter sign-up: a form posted by the browser to the newsletter service's address
 * (the block's action link). Without an action there is nothing to submit to, so only the
 * text is shown.
 */
export function NewsSubscribeBlock({ data, headingLevel }: BlockProps) {
  const inputId = useDomId("epost");
  const action = optionalText(data, "action");
  const href = action ? safeHref(action) : null;
  return (
    <BlockSection title={textOf(data, "title") || "Nyhetsbrev"} level={headingLevel} className="news-subscribe">
      {optionalText(data, "text") ? <p>{textOf(data, "text")}</p> : null}
      {href ? (
        <form className="inline-form" action={href} method="get">
          <label htmlFor={inputId}>E-postadresse</label>
          <div className="inline-form__row">
            <input id={inputId} type="email" name="email" autoComplete="email" required />
            <button type="submit" className="button">
              {optionalText(data, "buttonText") ?? "Meld meg på"}
            </button>
          </div>
        </form>
      ) : null}
    </BlockSection>
  );
}
