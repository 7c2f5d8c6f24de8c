/**
 * A card (card, card lists, cover flow): image, label, linked title (the whole card is the
 * link's click target through CSS), upcoming date and text.
 */
import { optionalText, textOf, type Fields } from "../../src/isomorphic/block-fields.js";
import { sizeOf } from "../../src/isomorphic/image-url.js";
import { formatDay, parseLocalDateTime } from "../../src/isomorphic/oslo-date.js";
import { useRender } from "../context.js";
import { CARD, CdnImage, POSTER } from "./cdn-image.js";
import { Heading } from "./heading.js";
import { MaybeLink } from "./smart-link.js";

/** Portrait when the image asks the CDN for a taller-than-wide size (posters, 225x340). */
export function isPortrait(image: string | null): boolean {
  if (!image) return false;
  const size = sizeOf(image, CARD);
  return size !== null && size.height > size.width;
}

export interface CardProps {
  card: Fields;
  level: number;
  eager?: boolean;
  sizes: string;
}

export function Card({ card, level, eager = false, sizes }: CardProps) {
  const { site } = useRender();
  const title = textOf(card, "title");
  const image = optionalText(card, "image");
  const link = optionalText(card, "link");
  const label = optionalText(card, "label");
  const text = optionalText(card, "text");
  const linkText = optionalText(card, "linkText");
  const date = parseLocalDateTime(card.date);
  const today = site.nowLocal.slice(0, 10);
  const portrait = isPortrait(image);
  return (
    <article className={portrait ? "card card--poster" : "card"}>
      {image ? (
        <div className="card__media">
          <CdnImage
            url={image}
            alt={portrait ? `Plakat: ${title}` : title}
            slot={portrait ? POSTER : CARD}
            sizes={sizes}
            eager={eager}
            scales={portrait ? [1, 2] : [0.5, 1, 1.5]}
          />
        </div>
      ) : null}
      <div className="card__body">
        {label ? <p className="card__label">{label}</p> : null}
        <Heading level={level} className="card__title">
          <MaybeLink href={link} className="card__link">
            {title}
          </MaybeLink>
        </Heading>
        {date && date.date > today ? (
          <p className="card__date">
            {/* A date alone is a film's premiere (a production's begin); with a time it is when the event is. */}
            <time dateTime={date.time ? `${date.date}T${date.time}` : date.date}>
              {date.time
                ? `${capitalise(formatDay(date.date, { withYear: date.date.slice(0, 4) !== today.slice(0, 4) }))} kl.\u00a0${date.time}`
                : `Premiere ${formatDay(date.date, { withYear: date.date.slice(0, 4) !== today.slice(0, 4) })}`}
            </time>
          </p>
        ) : null}
        {text ? <p className="card__text">{text}</p> : null}
        {link && linkText ? (
          <span className="card__more" aria-hidden="true">
            {linkText}
          </span>
        ) : null}
      </div>
    </article>
  );
}

/** Cards as a list: a poster grid when the cards carry posters, else a news grid. */
export function CardGrid({ cards, level, hero }: { cards: Fields[]; level: number; hero: boolean }) {
  if (cards.length === 0) return <p className="empty">Ingenting å vise akkurat nå.</p>;
  const posters = isPortrait(optionalText(cards[0], "image"));
  const sizes = posters
    ? "(min-width: 1024px) 200px, (min-width: 768px) 25vw, 45vw"
    : "(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw";
  return (
    <ul className={posters ? "card-grid card-grid--posters" : "card-grid"}>
      {cards.map((card, index) => (
        <li key={index}>
          <Card card={card} level={level} eager={hero && index === 0} sizes={sizes} />
        </li>
      ))}
    </ul>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
