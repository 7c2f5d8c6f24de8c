/**
 * Images from the data: width and height always set (no layout shift), a srcset of CDN
 * sizes (or of the partner's own resized media files), lazy loading except for the page's hero image (docs/rendering.md "Images"), and the
 * title a failed image's placeholder shows (data-fallback, client/image-fallback.ts).
 */
import { responsiveImage, type ImageSize } from "../../src/isomorphic/image-url.js";
import type { MediaCatalogue } from "../../src/model/media-catalogue.js";
import type { ReactNode } from "react";
import { useRender } from "../context.js";

/** Nominal slot sizes (spec 7.6 and 9: poster 225x340, meta/cover image 1920x1080). */
export const POSTER: ImageSize = { width: 225, height: 340 };
export const WIDE: ImageSize = { width: 1920, height: 1080 };
export const CARD: ImageSize = { width: 640, height: 360 };

export interface CdnImageProps {
  url: string;
  alt: string;
  slot: ImageSize;
  /** The sizes attribute: how wide the image is shown. */
  sizes: string;
  eager?: boolean;
  className?: string;
  scales?: number[];
  /** One file at the slot's size, no srcset: for a decorative, blurred copy (a slide's backdrop). */
  single?: boolean;
  /** The title the placeholder shows if the image fails (client/image-fallback.ts); default: the alt text without 'Plakat: '. */
  fallback?: string;
}

export function CdnImage(props: CdnImageProps) {
  const { site } = useRender();
  return <CdnImageOn {...props} cdnHost={site.cdnHost} media={site.media} />;
}

/** CdnImage with the CDN host (and local media catalogue) passed in: for islands, which have no render context. */
export function CdnImageOn({
  url,
  alt,
  slot,
  sizes,
  eager = false,
  className,
  scales,
  single = false,
  fallback,
  cdnHost,
  media,
}: CdnImageProps & { cdnHost: string; media?: MediaCatalogue }) {
  const responsive = responsiveImage(url, slot, cdnHost, scales, media);
  const image = single ? { ...responsive, srcSet: "" } : responsive;
  const img = (
    <img
      src={image.src}
      srcSet={image.srcSet || undefined}
      // 100vw is what a srcset without sizes means (HTML, 'sizes' absent): not written.
      sizes={image.srcSet && sizes !== "100vw" ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
      className={className}
      loading={eager ? undefined : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding={eager ? undefined : "async"}
      data-fallback={fallbackAttribute(alt, fallback)}
    />
  );
  return eager ? <NoPreload>{img}</NoPreload> : img;
}

/**
 * The data-fallback attribute, only where it differs from what the client derives from the alt
 * text (client/image-placeholder-show.ts: the alt without 'Plakat: '): most images need none.
 */
export function fallbackAttribute(alt: string, fallback: string | undefined): string | undefined {
  return fallback === undefined || fallback === alt.replace(/^Plakat:\s*/, "") ? undefined : fallback;
}

/**
 * An eager image inside <picture>: React's renderToString writes a <link rel="preload"> for
 * every image that is not lazy, unless it is inside <picture> (docs/performance.md: a film page carried
 * 0.75 KB of preloads repeating the hero's srcset a few bytes before its <img>, which the
 * browser's preload scanner finds just as early). The CSS gives <picture> display: contents.
 */
export function NoPreload({ children }: { children: ReactNode }) {
  return <picture>{children}</picture>;
}
