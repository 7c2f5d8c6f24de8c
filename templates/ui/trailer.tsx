/**
 * A film's trailer as a click-to-play facade (docs/spec-decisions.md, "Trailers"): the film's
 * own image from the image CDN as the poster frame, and a play control that is a plain link to
 * the video at YouTube or Vimeo, so the page asks nothing of a third party until the visitor
 * clicks, and works without JavaScript. With JavaScript a small island without React
 * (client/islands/trailer.ts, loaded when the facade comes into view) catches the click and
 * frames the player in place, after consent. The marker is written here, not by <Island>: there
 * is no component to render or hydrate, and no props (docs/islands.md).
 */
import { ISLAND_ATTRIBUTES as A } from "../../src/isomorphic/island-contract.js";
import type { Trailer } from "../../src/isomorphic/trailer.js";
import { useRender } from "../context.js";
import { CdnImage, WIDE } from "./cdn-image.js";

export interface TrailerFacadeProps {
  trailer: Trailer;
  title: string;
  /** The film's wide image (or poster), the frame shown before the click; none: a plain dark frame. */
  image: string | null;
}

export function TrailerFacade({ trailer, title, image }: TrailerFacadeProps) {
  const src = useRender().site.islands.trailer;
  const island = src ? { [A.kind]: "trailer", [A.src]: src, [A.when]: "visible" } : {};
  return (
    <div className="trailer" data-trailer={trailer.embedUrl} {...island}>
      {image ? (
        <CdnImage
          className="trailer__frame"
          url={image}
          alt=""
          slot={WIDE}
          sizes="(min-width: 768px) 640px, 100vw"
          scales={[0.25, 0.5]}
        />
      ) : null}
      <a className="trailer__play" href={trailer.watchUrl} aria-label={`Spill av trailer: ${title}`}>
        <span aria-hidden="true" className="trailer__icon" />
        <span aria-hidden="true">Se trailer</span>
      </a>
    </div>
  );
}
