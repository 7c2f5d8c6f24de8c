import { REVIEWS_PAGE } from "../../src/model/member.js";
import { optionalText, textOf } from "../../src/render/block-fields.js";
import type { BlockProps } from "../context.js";
import { useRender } from "../context.js";
import { BlockSection } from "../ui/block-section.js";
import { islandAttributes } from "../ui/island.js";

/**
 * Member reviews of a film (spec 7.1 reviews: skip 0, take 20). They come from the member
 * service in the browser; without the service (spec 6) the block shows nothing.
 */
export function MovieReviewsBlock({ data, headingLevel }: BlockProps) {
  const { site } = useRender();
  const edi = optionalText(data, "edi");
  if (!site.memberService || !edi) return null;
  return (
    <BlockSection title={textOf(data, "title") || "Anmeldelser"} level={headingLevel} className="movie-reviews" extra={islandAttributes("reviews", { edi, ...REVIEWS_PAGE })}>
      <div className="island-status" role="status">
        <p>Anmeldelser fra kinoens medlemmer vises her.</p>
      </div>
    </BlockSection>
  );
}
