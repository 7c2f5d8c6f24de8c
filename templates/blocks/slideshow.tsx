import { itemsOf, numberOf, optionalText, textOf, type Fields } from "../../src/isomorphic/block-fields.js";
import type { BlockProps } from "../context.js";
import { BlockSection } from "../ui/block-section.js";
import { isPortrait } from "../ui/card.js";
import { CdnImage, POSTER, WIDE } from "../ui/cdn-image.js";
import { Heading } from "../ui/heading.js";
import { Island } from "../ui/island.js";
import { SmartLink } from "../ui/smart-link.js";

/**
 * Carousel of slides. Server HTML is every slide in a scroll-snap track (usable and swipeable
 * without JavaScript); the carousel island (templates/islands/carousel.tsx) adds previous/next,
 * the position, keys and autoplay by `interval`.
 */
export function SlideshowBlock({ data, headingLevel, hero }: BlockProps) {
  const slides = itemsOf(data, "slides");
  if (slides.length === 0) return null;
  const title = textOf(data, "title");
  return (
    <BlockSection
      title={title || "Aktuelt"}
      level={headingLevel}
      className="slideshow"
      visuallyHiddenTitle
      extra={{ "aria-roledescription": "karusell" }}
    >
      <div className="slideshow__track" tabIndex={0} data-carousel-track="" aria-label="Lysbilder, bla med piltastene">
        {slides.map((slide, index) => (
          <Slide
            key={index}
            slide={slide}
            index={index}
            count={slides.length}
            headingLevel={headingLevel}
            eager={hero && index === 0}
          />
        ))}
      </div>
      {slides.length > 1 ? (
        <Island
          kind="carousel"
          props={{ count: slides.length, interval: autoplayInterval(numberOf(data, "interval")), itemName: "lysbilde" }}
          when="visible"
        />
      ) : null}
    </BlockSection>
  );
}

/** One slide of the track: its image, if any, then its text and link. */
function Slide({
  slide,
  index,
  count,
  headingLevel,
  eager,
}: {
  slide: Fields;
  index: number;
  count: number;
  headingLevel: BlockProps["headingLevel"];
  eager: boolean;
}) {
  const image = optionalText(slide, "image");
  const link = optionalText(slide, "link");
  const slideTitle = textOf(slide, "title");
  const portrait = isPortrait(image);
  return (
    <div
      className={portrait ? "slide slide--poster" : "slide"}
      role="group"
      aria-roledescription="lysbilde"
      aria-label={`${index + 1} av ${count}`}
    >
      {image ? <SlideMedia image={image} portrait={portrait} slideTitle={slideTitle} eager={eager} /> : null}
      <div className="slide__text">
        {optionalText(slide, "label") ? <p className="slide__label">{textOf(slide, "label")}</p> : null}
        <Heading level={headingLevel + 1} className="slide__title">
          {slideTitle}
        </Heading>
        {optionalText(slide, "text") ? <p className="slide__summary">{textOf(slide, "text")}</p> : null}
        {link ? (
          <SmartLink
            href={link}
            className="button"
            ariaLabel={`${optionalText(slide, "linkText") ?? "Les mer og kjøp billett"}: ${slideTitle}`}
          >
            {optionalText(slide, "linkText") ?? "Les mer og kjøp billett"}
          </SmartLink>
        ) : null}
      </div>
    </div>
  );
}

/** A poster over a blurred copy of itself, or a wide image across the slide. */
function SlideMedia({
  image,
  portrait,
  slideTitle,
  eager,
}: {
  image: string;
  portrait: boolean;
  slideTitle: string;
  eager: boolean;
}) {
  return portrait ? (
    <div className="slide__media">
      <CdnImage className="slide__backdrop" url={image} alt="" slot={POSTER} sizes="1px" single eager={eager} />
      <CdnImage
        className="slide__poster"
        url={image}
        alt={`Plakat: ${slideTitle}`}
        slot={POSTER}
        sizes="(min-width: 768px) 225px, 150px"
        scales={[1, 2]}
        eager={eager}
      />
    </div>
  ) : (
    <div className="slide__media">
      <CdnImage
        className="slide__image"
        url={image}
        alt=""
        slot={WIDE}
        sizes="100vw"
        scales={[0.25, 0.5, 0.75, 1]}
        eager={eager}
      />
    </div>
  );
}

/** The block's interval in ms (default 6 s); 0 or less turns autoplay off. */
function autoplayInterval(interval: number | null): number | null {
  const ms = interval ?? 6000;
  return ms > 0 ? Math.max(ms, 3000) : null;
}
