/**
 * The iCalendar parser the tests read the site's .ics back with: Mozilla's ical.js (the parser
 * of Thunderbird's calendar; no dependencies, ESM), a devDependency (docs/spec-decisions.md,
 * "Calendar"). One import for every test, so a change of parser is made here.
 */
import ICAL from "ical.js";

/** A parsed event: its UID, summary, location, URL and start and end as UTC instants (ISO 8601). */
export interface ParsedEvent {
  uid: string;
  summary: string;
  location: string | null;
  url: string | null;
  description: string | null;
  startUtc: string;
  endUtc: string | null;
  /** The TZID the start names. */
  startZone: string | null;
}

/**
 * The calendar's events, with times resolved through the file's own VTIMEZONE (registered with
 * ical.js, so its rules are what is tested, not a zone database's).
 */
export function parseCalendar(text: string): { calendar: ICAL.Component; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    const text = (name: string) => {
      const value = component.getFirstPropertyValue(name);
      return value === null ? null : String(value);
    };
    return {
      uid: event.uid,
      summary: event.summary,
      location: text("location"),
      url: text("url"),
      description: text("description"),
      startUtc: event.startDate.toJSDate().toISOString(),
      endUtc: component.hasProperty("dtend") ? event.endDate.toJSDate().toISOString() : null,
      startZone: String(component.getFirstProperty("dtstart")?.getParameter("tzid") ?? "") || null,
    };
  });
  return { calendar, events };
}
