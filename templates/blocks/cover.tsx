import { optionalText, textOf } from "../../src/render/block-fields.js";
import type { BlockProps } from "../context.js";
import { BlockSection } from "../ui/block-section.js";
import { CdnImage, WIDE } from "../ui/cdn-image.js";
import { SmartLink } from "../ui/smart-link.js";

/** Wide cover image with the heading over it. */
export function CoverBlock({ data, headingLevel, hero }: BlockProps) {
  const title = textOf(data, "title");
  const image = optionalText(data, "image");
  const subtitle = optionalText(data, "subtitle");
  const link = optionalText(data, "link");
  return (
    <BlockSection title={title} level={headingLevel} className={image ? "cover" : "cover cover--plain"} headingClassName="cover__title">
      {image ? <CdnImage className="cover__image" url={image} alt="" slot={WIDE} sizes="100vw" eager={hero} scales={[0.25, 0.5, 0.75, 1]} /> : null}
      {subtitle || link ? (
        <div className="cover__text">
          {subtitle ? <p className="cover__subtitle">{subtitle}</p> : null}
          {link ? (
            <SmartLink href={link} className="button">
              {optionalText(data, "linkText") ?? "Les mer"}
            </SmartLink>
          ) : null}
        </div>
      ) : null}
    </BlockSection>
  );
}
