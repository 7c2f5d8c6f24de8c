import { itemsOf, numberOf, optionalText, textOf } from "../../src/isomorphic/block-fields.js";
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
        {slides.map((slide, index) => {
          const image = optionalText(slide, "image");
          const link = optionalText(slide, "link");
          const slideTitle = textOf(slide, "title");
          const portrait = isPortrait(image);
          return (
            <div
              key={index}
              className={portrait ? "slide slide--poster" : "slide"}
              role="group"
              aria-roledescription="lysbilde"
              aria-label={`${index + 1} av ${slides.length}`}
            >
              {image ? (
                portrait ? (
                  <div className="slide__media">
                    <CdnImage
                      className="slide__backdrop"
                      url={image}
                      alt=""
                      slot={POSTER}
                      sizes="1px"
                      single
                      eager={hero && index === 0}
                    />
                    <CdnImage
                      className="slide__poster"
                      url={image}
                      alt={`Plakat: ${slideTitle}`}
                      slot={POSTER}
                      sizes="(min-width: 768px) 225px, 150px"
                      scales={[1, 2]}
                      eager={hero && index === 0}
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
                      eager={hero && index === 0}
                    />
                  </div>
                )
              ) : null}
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
        })}
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

/** The block's interval in ms (default 6 s); 0 or less turns autoplay off. */
function autoplayInterval(interval: number | null): number | null {
  const ms = interval ?? 6000;
  return ms > 0 ? Math.max(ms, 3000) : null;
}
