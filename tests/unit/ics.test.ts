/**
 * The iCalendar writer (src/isomorphic/ics.ts, RFC 5545): folding, escaping, the Oslo zone, and
 * what a well-kept parser (tests/helpers/ical.ts) reads back, start times across DST changes.
 */
import { describe, expect, it } from "vitest";
import {
  escapeText,
  foldLine,
  showingLocation,
  showingUid,
  writeIcs,
  type IcsEvent,
} from "../../src/isomorphic/ics.js";
import { osloPlusMinutes } from "../../src/isomorphic/time/oslo-span.js";
import { parseCalendar } from "../helpers/ical.js";

const STAMP = "2026-03-20T10:00:00+01:00";
const event = (over: Partial<IcsEvent> = {}): IcsEvent => ({
  uid: showingUid("e-1780000012345", "kino.example.no"),
  start: "2026-03-29 18:30:00",
  end: "2026-03-29 20:35:00",
  summary: "Dune: Part Two",
  location: showingLocation("Sal 1", "Kino, Sentrum"),
  url: "https://tickets.example.no/kjop/12345?kanal=web",
  ...over,
});

describe("the ICS writer", () => {
  it("writes a calendar with PRODID, VERSION, CALSCALE, the Oslo VTIMEZONE and CRLF lines", () => {
    const text = writeIcs({ stamp: STAMP, events: [event()] });
    expect(text.startsWith("BEGIN:VCALENDAR\r\nPRODID:")).toBe(true);
    expect(text).toContain("\r\nVERSION:2.0\r\nCALSCALE:GREGORIAN\r\n");
    expect(text).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/Oslo\r\nBEGIN:DAYLIGHT");
    expect(text).toContain("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU");
    expect(text).toContain("DTSTART;TZID=Europe/Oslo:20260329T183000\r\n");
    expect(text).toContain("DTEND;TZID=Europe/Oslo:20260329T203500\r\n");
    expect(text).toContain("DTSTAMP:20260320T090000Z\r\n");
    expect(text).toContain("UID:e-1780000012345@kino.example.no\r\n");
    expect(text).toContain("LOCATION:Sal 1\\, Kino\\, Sentrum\r\n");
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("is the same bytes for the same input (DTSTAMP is the given reference time)", () => {
    expect(writeIcs({ stamp: STAMP, events: [event()] })).toBe(writeIcs({ stamp: STAMP, events: [event()] }));
  });

  it("leaves DTEND out when the length is not known", () => {
    expect(writeIcs({ stamp: STAMP, events: [event({ end: null })] })).not.toContain("DTEND");
  });

  it("ends a span across a DST change by the instant (osloPlusMinutes)", () => {
    expect(osloPlusMinutes("2026-03-28 20:00", 420)).toBe("2026-03-29 04:00:00");
    expect(osloPlusMinutes("2026-10-24 23:00:00", 240)).toBe("2026-10-25 02:00:00");
    expect(osloPlusMinutes("2026-10-24 23:00:00", 0)).toBeNull();
  });

  it("escapes text: backslash, semicolon, comma and line breaks", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  it("folds at 75 octets, never inside a UTF-8 character", () => {
    const line = `SUMMARY:${"æøå".repeat(40)}`;
    const folded = foldLine(line).split("\r\n");
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((part) => part.startsWith(" "))).toBe(true);
    expect(folded.map((part, index) => (index === 0 ? part : part.slice(1))).join("")).toBe(line);
    expect(foldLine("SHORT:x")).toBe("SHORT:x");
  });

  it("folds an ASCII line as full as the rule allows: 75 octets, then a space and 74", () => {
    const line = `URL:https://billett.example/${"a".repeat(200)}`;
    const folded = foldLine(line).split("\r\n");
    expect(folded.map((part) => part.length)).toEqual([75, 75, 75, 1 + line.length - 75 - 74 - 74]);
    expect(folded.map((part, index) => (index === 0 ? part : part.slice(1))).join("")).toBe(line);
    expect(foldLine("X".repeat(75))).toBe("X".repeat(75));
    expect(foldLine("X".repeat(76))).toBe(`${"X".repeat(75)}\r\n X`);
  });
});

describe("what ical.js reads back", () => {
  it("the Oslo start as UTC instants across both DST changes of 2026", () => {
    const text = writeIcs({
      name: "Kino",
      stamp: STAMP,
      events: [
        event({ uid: "a@h", start: "2026-03-28 20:00:00", end: osloPlusMinutes("2026-03-28 20:00:00", 420) }),
        event({ uid: "b@h", start: "2026-03-29 18:30:00" }),
        event({ uid: "c@h", start: "2026-10-24 18:30:00", end: osloPlusMinutes("2026-10-24 18:30", 125) }),
        event({ uid: "d@h", start: "2026-10-25 18:30:00", end: osloPlusMinutes("2026-10-25 18:30", null) }),
      ],
    });
    const { events } = parseCalendar(text);
    expect(events.map((parsed) => [parsed.uid, parsed.startUtc, parsed.endUtc])).toEqual([
      // Spans the spring change: 20:00 CET + 7 h = 04:00 CEST.
      ["a@h", "2026-03-28T19:00:00.000Z", "2026-03-29T02:00:00.000Z"],
      ["b@h", "2026-03-29T16:30:00.000Z", "2026-03-29T18:35:00.000Z"],
      ["c@h", "2026-10-24T16:30:00.000Z", "2026-10-24T18:35:00.000Z"],
      ["d@h", "2026-10-25T17:30:00.000Z", null],
    ]);
    expect(events[0].startZone).toBe("Europe/Oslo");
  });

  it("text, location and the purchase link as written, long and Norwegian", () => {
    const summary = "Blåøyd, på tvers; en \\ film med en veldig lang norsk tittel som må brettes over flere linjer";
    const { events } = parseCalendar(writeIcs({ stamp: STAMP, events: [event({ summary })] }));
    expect(events[0].summary).toBe(summary);
    expect(events[0].location).toBe("Sal 1, Kino, Sentrum");
    expect(events[0].url).toBe("https://tickets.example.no/kjop/12345?kanal=web");
    expect(events[0].description).toBe("Kjøp billett: https://tickets.example.no/kjop/12345?kanal=web");
  });
});
