/**
 * iCalendar (RFC 5545) for showings: the "Legg i kalender" event the ticket list makes in the
 * browser and the feeds the build writes (docs/spec-decisions.md, "Calendar"). A small own
 * writer rather than a library: it writes one kind of event in one time zone, and runs on both
 * sides without Node built-ins (docs/islands.md). Lines end CRLF and fold at 75 octets (3.1),
 * text values are escaped (3.3.11), times are Oslo wall clock with TZID=Europe/Oslo and the
 * zone's VTIMEZONE (3.6.5), so a calendar shows the start right on both sides of a DST change.
 * It imports nothing: the browser loads it on the click, as a chunk of its own (calendar-button.tsx).
 */

/** One showing as a calendar event. */
export interface IcsEvent {
  /** Globally unique and stable: '<showing id>@<site host>' (showingUid). */
  uid: string;
  /** Oslo wall clock 'YYYY-MM-DD HH:mm' or 'YYYY-MM-DD HH:mm:ss'. */
  start: string;
  /** Oslo wall clock of the end, when the film's length is known (osloPlusMinutes): then DTEND. */
  end?: string | null;
  summary: string;
  location?: string | null;
  /** The purchase link: URL and a line of the description. */
  url?: string | null;
  description?: string | null;
}

export interface IcsCalendar {
  /** The calendar's name (NAME, X-WR-CALNAME), for feeds. */
  name?: string;
  /** DTSTAMP of every event: the build's reference time (ISO 8601), never the clock's, so bytes repeat. */
  stamp: string;
  events: IcsEvent[];
}

export const ICS_PRODID = "-//cinema-build//Kalender//NO";
/** The cinema's feed of coming showings (src/emit/calendar-feed.ts), linked from the programme blocks. */
export const CALENDAR_FEED_PATH = "/kalender.ics";
const TZID = "Europe/Oslo";

/**
 * Europe/Oslo since 1996 (EU rules): summer time from the last Sunday of March 02:00 to the last
 * Sunday of October 03:00. Each rule's DTSTART is the first such change in 1970 (3.6.5).
 */
const OSLO_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${TZID}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** A calendar of the events, in their order: the text of a .ics file. */
export function writeIcs({ name, stamp, events }: IcsCalendar): string {
  const utc = icsStamp(stamp);
  return calendarText(
    name,
    events.map((event) => icsEventText(event, utc)),
  );
}

/**
 * A calendar around events already written (icsEventText): a build's feeds hold the same
 * showings several times over, and each showing's text is made once for all of them.
 */
export function calendarText(name: string | undefined, eventTexts: readonly string[]): string {
  const head = [
    "BEGIN:VCALENDAR",
    `PRODID:${ICS_PRODID}`,
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...(name ? [`NAME:${escapeText(name)}`, `X-WR-CALNAME:${escapeText(name)}`, `X-WR-TIMEZONE:${TZID}`] : []),
    ...OSLO_VTIMEZONE,
  ];
  return head.map(foldLine).join("\r\n") + "\r\n" + eventTexts.join("") + "END:VCALENDAR\r\n";
}

/** One VEVENT, its lines folded and each ended by CRLF; `utcStamp` is icsStamp of the calendar's stamp. */
export function icsEventText(event: IcsEvent, utcStamp: string): string {
  return eventLines(event, utcStamp).map(foldLine).join("\r\n") + "\r\n";
}

function eventLines(event: IcsEvent, stamp: string): string[] {
  const end = event.end;
  const description = [event.description, event.url ? `Kjøp billett: ${event.url}` : null].filter(Boolean).join("\n");
  return [
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;TZID=${TZID}:${localStamp(event.start)}`,
    ...(end ? [`DTEND;TZID=${TZID}:${localStamp(end)}`] : []),
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(description ? [`DESCRIPTION:${escapeText(description)}`] : []),
    // URL is a URI value (3.3.13), not text: written as it is, only line breaks refused.
    ...(event.url ? [`URL:${event.url.replace(/[\r\n]/g, "")}`] : []),
    "END:VEVENT",
  ];
}

/** What a showing's event is made of, on both sides: the feed's data and the ticket list's row. */
export interface ShowingEventInput {
  /** The showing's id ('e-' + event id). */
  id: string;
  /** Oslo wall clock 'YYYY-MM-DD HH:mm[:ss]'. */
  start: string;
  hall: string | null;
  /** The purchase link with its kanal (purchase-url.ts), or null. */
  purchaseUrl: string | null;
  title: string;
  /** Oslo wall clock of the end (start plus the film's length, osloPlusMinutes), or null. */
  end: string | null;
  /** The cinema's name, after the hall in LOCATION. */
  cinema: string;
  /** The site's host, in the UID. */
  host: string;
}

/** The calendar event of one showing. */
export function showingEvent(input: ShowingEventInput): IcsEvent {
  return {
    uid: showingUid(input.id, input.host),
    start: input.start,
    end: input.end,
    summary: input.title,
    location: showingLocation(input.hall, input.cinema),
    url: input.purchaseUrl,
  };
}

/** A download's file name: the title in ASCII and the start, 'dune-2026-03-29-1830.ics'. */
export function icsFileName(title: string, start: string): string {
  const slug = title
    .toLowerCase()
    .replace(/æ/g, "ae")
    .replace(/ø/g, "o")
    .replace(/å/g, "a")
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  const stamp = start.trim().slice(0, 16).replace(/[ T]/, "-").replace(":", "");
  return `${slug || "visning"}-${stamp}.ics`;
}

/** A stable UID of a showing: its id at the site's host (RFC 5545 3.8.4.7). */
export function showingUid(showingId: string, host: string): string {
  return `${showingId}@${host}`;
}

/** The event's hall and cinema, as LOCATION says them: 'Sal 1, Kino'. */
export function showingLocation(hall: string | null | undefined, cinema: string | null | undefined): string | null {
  return [hall, cinema].filter((part) => typeof part === "string" && part.trim() !== "").join(", ") || null;
}

/** TEXT escaping (3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n?|\n/g, "\\n");
}

/** Octets of a character in UTF-8, from its code point: no encoder and no buffer per character. */
function utf8Size(char: string): number {
  const code = char.codePointAt(0)!;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/**
 * One content line folded at 75 octets (3.1), never inside a UTF-8 character; continuations
 * start with a space. A feed folds every line of thousands of events: sizes come from code
 * points (a TextEncoder per character took 11 s of a 2,000-film build, docs/performance.md).
 */
export function foldLine(line: string): string {
  // A UTF-8 character is at most 4 octets, and 4 × 18 < 75: a short line needs no count.
  if (line.length <= 18) return line;
  // ASCII, the bulk of a feed: one octet a character, so the line is cut by length.
  if (ASCII.test(line)) return foldAscii(line);
  const parts: string[] = [];
  let current = "";
  let bytes = 0;
  for (const char of line) {
    const size = utf8Size(char);
    // The first line holds 75 octets, each continuation a space and 74.
    if (bytes + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const ASCII = /^[\x00-\x7f]*$/;

function foldAscii(line: string): string {
  if (line.length <= 75) return line;
  const parts = [line.slice(0, 75)];
  for (let at = 75; at < line.length; at += 74) parts.push(line.slice(at, at + 74));
  return parts.join("\r\n ");
}

/** 'YYYY-MM-DD HH:mm[:ss]' → 'YYYYMMDDTHHmmss' (local time, 3.3.5 form 3 with TZID). */
function localStamp(local: string): string {
  const [date, time = "00:00"] = local.trim().split(/[ T]/);
  const [hh, mm, ss = "00"] = time.split(":");
  return `${date.replace(/-/g, "")}T${hh}${mm}${ss}`;
}

/** An instant (ISO 8601) in UTC: 'YYYYMMDDTHHmmssZ' (3.3.5 form 2), as DTSTAMP is written. */
export function icsStamp(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/\.\d{3}/, "")
    .replace(/[-:]/g, "");
}
