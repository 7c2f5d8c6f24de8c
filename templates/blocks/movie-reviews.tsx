import { optionalText, textOf } from "../../src/isomorphic/block-fields.js";
import type { BlockProps } from "../context.js";
import { useRender } from "../context.js";
import { BlockSection } from "../ui/block-section.js";
import { Island } from "../ui/island.js";
import { memberServiceProps } from "../ui/member-service.js";

/**
 * Member reviews of a film (spec 7.1 reviews: skip 0, take 20), loaded by the reviews island
 * in the browser; without the member service (spec 6) or an edi number, no block at all.
 */
export function MovieReviewsBlock({ data, headingLevel }: BlockProps) {
  const { site } = useRender();
  const edi = optionalText(data, "edi");
  const service = memberServiceProps(site);
  if (!service || !edi) return null;
  return (
    <BlockSection title={textOf(data, "title") || "Anmeldelser"} level={headingLevel} className="movie-reviews">
      <Island kind="reviews" props={{ service, edi }} when="visible" className="reviews" />
    </BlockSection>
  );
}
