import { optionalText, textOf } from "../../src/isomorphic/block-fields.js";
import { formatDay } from "../../src/isomorphic/oslo-date.js";
import type { Showing } from "../../src/isomorphic/showings.js";
import { useRender, type BlockProps } from "../context.js";
import { BlockSection } from "../ui/block-section.js";
import { CdnImage, WIDE } from "../ui/cdn-image.js";
import { SmartLink } from "../ui/smart-link.js";

/**
 * Wide cover image with the heading over it. As the hero of a culture page (spec 2.6) it also
 * names the next showing and leads to the tickets: the data carries no price (spec 3.5), the
 * provider's checkout shows it (docs/spec-decisions.md).
 */
export function CoverBlock({ data, headingLevel, hero }: BlockProps) {
  const { page, site } = useRender();
  const title = textOf(data, "title");
  const next = hero ? page.showings?.[0] : undefined;
  const image = optionalText(data, "image");
  const subtitle = optionalText(data, "subtitle");
  const link = optionalText(data, "link");
  return (
    <BlockSection
      title={title}
      level={headingLevel}
      className={image ? "cover" : "cover cover--plain"}
      headingClassName="cover__title"
    >
      {image ? (
        <CdnImage
          className="cover__image"
          url={image}
          alt=""
          slot={WIDE}
          sizes="100vw"
          eager={hero}
          scales={[0.25, 0.5, 0.75, 1]}
        />
      ) : null}
      {next ? (
        <NextShowing next={next} more={(page.showings?.length ?? 1) - 1} year={site.nowLocal.slice(0, 4)} />
      ) : null}
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

function NextShowing({ next, more, year }: { next: Showing; more: number; year: string }) {
  const day = formatDay(next.when.date, { withYear: next.when.date.slice(0, 4) !== year });
  // 'kl.' and its time never part at the end of a line (a no-break space): 'kl. / 19:15' broke at 375 px.
  const when = next.placeholder ? `Premiere ${day}` : `${day}${next.when.time ? ` kl.\u00a0${next.when.time}` : ""}`;
  return (
    <div className="cover__next">
      <p className="cover__when">
        <time dateTime={next.when.time ? `${next.when.date}T${next.when.time}` : next.when.date}>
          {when.charAt(0).toUpperCase() + when.slice(1)}
        </time>
        {next.hall ? <span className="cover__hall"> · {next.hall}</span> : null}
        {more > 0 ? (
          <span className="cover__more"> · {more === 1 ? "1 visning til" : `${more} visninger til`}</span>
        ) : null}
      </p>
      <a className="button" href="#tickets">
        {next.placeholder ? "Se billettinfo" : "Se tider og kjøp billett"}
      </a>
    </div>
  );
}
