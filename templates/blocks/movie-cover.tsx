import { numberOf, optionalText, textOf } from "../../src/isomorphic/block-fields.js";
import { formatDay, formatDuration, parseLocalDateTime } from "../../src/isomorphic/oslo-date.js";
import type { BlockProps } from "../context.js";
import { useRender } from "../context.js";
import { useMemos } from "../memo-context.js";
import { CdnImage, POSTER, WIDE } from "../ui/cdn-image.js";
import { FeatureList } from "../ui/features.js";
import { Heading } from "../ui/heading.js";
import { SmartLink } from "../ui/smart-link.js";
import { TrailerFacade } from "../ui/trailer.js";
import { stripHtml } from "../../src/render/html-text.js";
import { parseTrailerUrl } from "../../src/isomorphic/trailer.js";

/** Film header (spec 2.6): backdrop, poster, title, key facts, link to the showings. */
export function MovieCoverBlock({ data, headingLevel, hero }: BlockProps) {
  const { site } = useRender();
  const memos = useMemos();
  const title = textOf(data, "title");
  const image = optionalText(data, "image");
  const poster = optionalText(data, "poster");
  const duration = numberOf(data, "duration");
  const premiere = parseLocalDateTime(data.premiere);
  const trailer = optionalText(data, "trailer");
  // A YouTube or Vimeo video plays in place behind a facade; any other address stays a link.
  const video = trailer ? parseTrailerUrl(trailer) : null;
  const today = site.nowLocal.slice(0, 10);
  const facts = [
    optionalText(data, "genre"),
    duration !== null && duration > 0 ? formatDuration(duration) : null,
    premiere
      ? `${premiere.date > today ? "Premiere" : "Hadde premiere"} ${formatDay(premiere.date, { withYear: premiere.date.slice(0, 4) !== today.slice(0, 4) })}`
      : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <header className={image ? "movie-cover" : "movie-cover movie-cover--plain"}>
      {image ? (
        <CdnImage
          className="movie-cover__backdrop"
          url={image}
          alt=""
          slot={WIDE}
          sizes="100vw"
          eager={hero}
          scales={[0.25, 0.5, 0.75, 1]}
        />
      ) : null}
      <div className="movie-cover__inner">
        {poster ? (
          <CdnImage
            className="movie-cover__poster"
            url={poster}
            alt={`Plakat: ${title}`}
            slot={POSTER}
            sizes="(min-width: 768px) 225px, 120px"
            scales={[1, 2]}
            eager={hero}
          />
        ) : null}
        <div className="movie-cover__text">
          <Heading level={headingLevel} className="movie-cover__title">
            {title}
          </Heading>
          {facts.length > 0 ? (
            <ul className="facts">
              {facts.map((fact) => (
                <li key={fact}>{fact}</li>
              ))}
            </ul>
          ) : null}
          <FeatureList fields={data} />
          {/* A summary written as HTML ('<b>…</b>', '&amp;') shows as its text, not its tags. */}
          {optionalText(data, "summary") ? (
            <p className="movie-cover__summary">{stripHtml(textOf(data, "summary"), memos)}</p>
          ) : null}
          <p className="movie-cover__actions">
            <a className="button" href="#tickets">
              Se tider og kjøp billett
            </a>
            {trailer && !video ? (
              <SmartLink href={trailer} className="button button--ghost" newWindow>
                Se trailer
              </SmartLink>
            ) : null}
          </p>
        </div>
        {video ? <TrailerFacade trailer={video} title={title} image={image ?? poster} /> : null}
      </div>
    </header>
  );
}
