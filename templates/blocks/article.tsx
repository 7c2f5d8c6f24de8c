import { numberOf, optionalText, textOf } from "../../src/isomorphic/block-fields.js";
import { formatLongDate } from "../../src/isomorphic/oslo-date.js";
import { osloIso, toOsloLocal } from "../../src/isomorphic/time/oslo.js";
import type { BlockProps } from "../context.js";
import { CdnImage } from "../ui/cdn-image.js";
import { Heading } from "../ui/heading.js";
import { RichText } from "../ui/rich-text.js";

const ARTICLE_IMAGE = { width: 1200, height: 675 };

function Stamp({ label, epochMs }: { label: string; epochMs: number }) {
  const local = toOsloLocal(epochMs);
  return (
    <>
      {label} <time dateTime={osloIso(local)}>{formatLongDate(local.slice(0, 10))}</time>
    </>
  );
}

/** An article (spec 3.4): heading, byline with Oslo dates, image, sanitised content. */
export function ArticleBlock({ data, headingLevel, hero }: BlockProps) {
  const title = textOf(data, "title");
  const image = optionalText(data, "image");
  const author = optionalText(data, "author");
  const created = numberOf(data, "createdAt");
  const updated = numberOf(data, "updatedAt");
  const showUpdated =
    created !== null &&
    updated !== null &&
    toOsloLocal(updated).slice(0, 10) !== toOsloLocal(created).slice(0, 10) &&
    updated > created;
  return (
    <article className="article">
      <header className="article__header">
        <Heading level={headingLevel}>{title}</Heading>
        {author || created !== null ? (
          <p className="byline">
            {author ? <span>Av {author}</span> : null}
            {author && created !== null ? <span aria-hidden="true"> · </span> : null}
            {created !== null ? <Stamp label="Publisert" epochMs={created} /> : null}
            {showUpdated ? <span aria-hidden="true"> · </span> : null}
            {showUpdated ? <Stamp label="Oppdatert" epochMs={updated} /> : null}
          </p>
        ) : null}
      </header>
      {image ? (
        <CdnImage
          className="article__image"
          url={image}
          alt=""
          slot={ARTICLE_IMAGE}
          sizes="(min-width: 1024px) 900px, 100vw"
          eager={hero}
          scales={[0.5, 1, 1.5]}
        />
      ) : null}
      <RichText html={data.content} className="rich-text article__content" />
    </article>
  );
}
