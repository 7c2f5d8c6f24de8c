/**
 * /kalender.ics (src/emit/calendar-feed.ts): the coming showings in start order, read back by
 * ical.js (tests/helpers/ical.ts) with their Oslo start, hall and cinema, purchase link and UID.
 */
import { describe, expect, it } from "vitest";
import { planCalendarFeed } from "../../src/emit/calendar-feed.js";
import { partner } from "../fixtures/render/fixture.js";
import { parseCalendar } from "../helpers/ical.js";
import { linkedShowing } from "../helpers/linked-showing.js";

const now = "2026-03-28T12:00:00+01:00";
const events = [
  linkedShowing("00003", "2026-10-25 18:30:00", null),
  linkedShowing("00002", "2026-03-29 18:30:00"),
  linkedShowing("00001", "2026-03-27 18:30:00"), // past: left out
  linkedShowing("00004", "2026-03-29 18:30:00", "Sal 2"),
];

describe("the cinema's calendar feed", () => {
  it("lists the coming showings by start, with Oslo times across DST, hall and cinema, link and UID", () => {
    const file = planCalendarFeed({ partner, events, now });
    expect(file.path).toBe("kalender.ics");
    const { calendar, events: parsed } = parseCalendar(String(file.contents));
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe(partner.name);
    const host = new URL(partner.siteUrl).hostname;
    expect(parsed.map((event) => [event.uid, event.startUtc, event.endUtc, event.location])).toEqual([
      [`e-1780000000002@${host}`, "2026-03-29T16:30:00.000Z", "2026-03-29T19:16:00.000Z", `Sal 1, ${partner.name}`],
      [`e-1780000000004@${host}`, "2026-03-29T16:30:00.000Z", "2026-03-29T19:16:00.000Z", `Sal 2, ${partner.name}`],
      [`e-1780000000003@${host}`, "2026-10-25T17:30:00.000Z", "2026-10-25T20:16:00.000Z", partner.name],
    ]);
    expect(parsed[0].summary).toBe("Dune: Part Two");
    expect(parsed[0].url).toMatch(/^https:\/\/billett\.example\.no\/kjop\/00002\?kanal=/);
  });

  it("is the same bytes for the same data, whatever the order it came in", () => {
    const once = planCalendarFeed({ partner, events, now }).contents;
    expect(planCalendarFeed({ partner, events: [...events].reverse(), now }).contents).toBe(once);
  });
});
