/**
 * The programme block (spec 3.5) shared by program and culture-program. filter.type 'date'
 * lists the programme day by day (each day: the films with that day's showings, and jump
 * links between days); 'none' lists the films, each with its showings grouped by day, or its
 * premiere placeholder (/kommende).
 */
import type { ResolvedBlock } from "../../src/model/index.js";
import { itemsOf, optionalText, stringsOf, textOf, type Fields } from "../../src/render/block-fields.js";
import { formatDayHeading } from "../../src/render/oslo-date.js";
import { selectShowings, type Showing } from "../../src/render/showings.js";
import { useRender } from "../context.js";
import { AdSlot } from "./ad-slot.js";
import { BlockSection } from "./block-section.js";
import { availabilityIsland, displayOptionsOf } from "./display-options.js";
import { DayNav } from "./day-nav.js";
import { FilmRow } from "./film-row.js";
import { Heading } from "./heading.js";
import { MarkdownText } from "./rich-text.js";

export interface ProgrammeEntry {
  event: Fields;
  showings: Showing[];
}

/**
 * Productions with the showings to list (bind has applied the programme rules already; they
 * are applied again here so the template never lists a past showing whatever the input).
 * filter.type 'date': placeholders and productions without showings are left out; 'none':
 * every production stays, with its placeholder (docs/bindings.md "Programmes").
 */
export function programmeEntries(data: Fields, nowLocal: string): ProgrammeEntry[] {
  const filter = filterOf(data);
  const windowed = filterTypeOf(data) !== "none";
  const adFlags = stringsOf(data, "adFlagsFilter");
  return itemsOf(data, "events")
    .map((event) => ({
      event,
      showings: selectShowings(itemsOf(event, "tickets"), { nowLocal, adFlags, from: optionalText(filter, "from"), to: optionalText(filter, "to") }).filter(
        (showing) => !windowed || !showing.placeholder,
      ),
    }))
    .filter((entry) => !windowed || entry.showings.length > 0);
}

function filterOf(data: Fields): Fields {
  return typeof data.filter === "object" && data.filter !== null ? (data.filter as Fields) : {};
}

function filterTypeOf(data: Fields): string {
  return textOf(filterOf(data), "type") || "date";
}

export function ProgrammeView({ block, data, headingLevel, hero }: { block: ResolvedBlock; data: Fields; headingLevel: number; hero: boolean }) {
  const { site } = useRender();
  const display = displayOptionsOf(data);
  const entries = programmeEntries(data, site.nowLocal);
  const byDate = filterTypeOf(data) !== "none";
  const bannerId = optionalText(data, "bannerId");
  const island = availabilityIsland(display, entries.flatMap((entry) => entry.showings));
  return (
    <BlockSection title={textOf(data, "title")} level={headingLevel} className={byDate ? "programme" : "programme programme--films"} extra={island}>
      <MarkdownText markdown={data.subtitle} />
      {bannerId ? <AdSlot id={bannerId} mobileId={optionalText(data, "bannerMobileId") ?? bannerId} /> : null}
      {entries.length === 0 ? <p className="empty">Ingen visninger i programmet akkurat nå.</p> : null}
      {byDate ? (
        <ProgrammeByDay entries={entries} anchorPrefix={`dag-${block.id.slice(0, 8)}`} level={headingLevel + 1} display={display} hero={hero} />
      ) : (
        <ul className="film-list">
          {entries.map((entry, index) => (
            <li key={textOf(entry.event, "id") || index}>
              <FilmRow event={entry.event} showings={entry.showings} level={headingLevel + 1} display={display} byDay showDescription eager={hero && index === 0} />
            </li>
          ))}
        </ul>
      )}
    </BlockSection>
  );
}

function ProgrammeByDay({ entries, anchorPrefix, level, display, hero }: { entries: ProgrammeEntry[]; anchorPrefix: string; level: number; display: ReturnType<typeof displayOptionsOf>; hero: boolean }) {
  const { site } = useRender();
  const days = [...new Set(entries.flatMap((entry) => entry.showings.map((showing) => showing.when.date)))].sort();
  const anchorOf = (date: string) => `${anchorPrefix}-${date}`;
  const year = site.nowLocal.slice(0, 4);
  return (
    <>
      <DayNav days={days} anchorOf={anchorOf} today={site.nowLocal.slice(0, 10)} />
      {days.map((date, dayIndex) => {
        const films = entries
          .map((entry) => ({ event: entry.event, showings: entry.showings.filter((showing) => showing.when.date === date) }))
          .filter((entry) => entry.showings.length > 0)
          .sort((a, b) => (a.showings[0].sortKey === b.showings[0].sortKey ? textOf(a.event, "title").localeCompare(textOf(b.event, "title"), "nb") : a.showings[0].sortKey < b.showings[0].sortKey ? -1 : 1));
        return (
          <section className="programme-day" key={date} id={anchorOf(date)} aria-labelledby={`${anchorOf(date)}-h`}>
            <Heading level={level} id={`${anchorOf(date)}-h`} className="day-heading">
              {formatDayHeading(date, { withYear: date.slice(0, 4) !== year })}
            </Heading>
            <ul className="film-list">
              {films.map((film, index) => (
                <li key={textOf(film.event, "id") || index}>
                  <FilmRow event={film.event} showings={film.showings} level={level + 1} display={display} byDay={false} showDescription={false} eager={hero && dayIndex === 0 && index === 0} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
