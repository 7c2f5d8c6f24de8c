import { optionalText, textOf } from "../../src/isomorphic/block-fields.js";
import type { BlockProps } from "../context.js";
import { CdnImage, POSTER } from "../ui/cdn-image.js";
import { SmartLink } from "../ui/smart-link.js";

/** One poster image, linked when the block has a link. */
export function PosterBlock({ data, hero }: BlockProps) {
  const title = textOf(data, "title");
  const image = optionalText(data, "image");
  const link = optionalText(data, "link");
  if (!image) return null;
  const picture = (
    <CdnImage
      url={image}
      alt={title || "Plakat"}
      slot={{ width: POSTER.width * 2, height: POSTER.height * 2 }}
      sizes="(min-width: 768px) 360px, 80vw"
      eager={hero}
      scales={[0.5, 1]}
    />
  );
  return (
    <figure className="poster-block">
      {link ? <SmartLink href={link}>{picture}</SmartLink> : picture}
      {title ? <figcaption>{title}</figcaption> : null}
    </figure>
  );
}
