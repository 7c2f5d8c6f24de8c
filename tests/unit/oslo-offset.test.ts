/**
 * Oslo offsets (src/isomorphic/time/oslo.ts) checked against Intl at every step, whatever order they are
 * asked in: the per-day memo of offsets must give what a lookup per instant gives, on the days
 * the clocks change too.
 */
import { describe, expect, it } from "vitest";
import { formatOsloIso, osloInstant, osloIso, osloOffset } from "../../src/isomorphic/time/oslo.js";

const wall = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Oslo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});
const localOf = (ms: number) => {
  const p = Object.fromEntries(wall.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
};
const offsetText = (minutes: number) => `+${String(minutes / 60).padStart(2, "0")}:00`;

/** The offset of a wall-clock time, the slow way: the larger fitting one; in the spring gap, winter time. */
function referenceOffset(date: string, time: string): string {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm, ss] = time.split(":").map(Number);
  const wallAsUtc = Date.UTC(y, m - 1, d, hh, mm, ss);
  for (const candidate of [120, 60])
    if (localOf(wallAsUtc - candidate * 60_000) === `${date} ${time}`) return offsetText(candidate);
  return "+01:00";
}

/** A fixed shuffle, so the memo is not filled in calendar order. */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  let seed = 7;
  for (let i = out.length - 1; i > 0; i -= 1) {
    seed = (seed * 48271) % 2147483647;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

describe("Oslo offsets", () => {
  const days: string[] = [];
  for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2028, 0, 1); ms += 86_400_000)
    days.push(new Date(ms).toISOString().slice(0, 10));
  const changeDays = ["2026-03-29", "2026-10-25", "2027-03-28", "2027-10-31"];

  it("osloIso gives every wall-clock time of two years the offset Intl gives", () => {
    const times = [
      "00:00:00",
      "00:59:59",
      "01:30:00",
      "02:00:00",
      "02:30:00",
      "03:00:00",
      "12:00:00",
      "23:00:00",
      "23:59:59",
    ];
    const quarterHours = Array.from(
      { length: 96 },
      (_, i) => `${String(Math.floor(i / 4)).padStart(2, "0")}:${String((i % 4) * 15).padStart(2, "0")}:00`,
    );
    const cases = [
      ...days.flatMap((date) => times.map((time) => [date, time])),
      ...changeDays.flatMap((date) => quarterHours.map((time) => [date, time])),
    ];
    for (const [date, time] of shuffled(cases)) {
      expect(osloIso(`${date} ${time}`), `${date} ${time}`).toBe(`${date}T${time}${referenceOffset(date, time)}`);
      expect(osloOffset(date, time)).toBe(referenceOffset(date, time));
    }
  });

  it("formatOsloIso writes every instant around the changes as Intl does", () => {
    const instants = changeDays.flatMap((date) =>
      Array.from({ length: 4 * 48 }, (_, i) => Date.parse(`${date}T00:00:00Z`) - 12 * 3_600_000 + i * 15 * 60_000),
    );
    for (const ms of shuffled(instants)) {
      const local = localOf(ms);
      const offset = Math.round((Date.parse(`${local.replace(" ", "T")}Z`) - ms) / 60_000);
      expect(formatOsloIso(new Date(ms))).toBe(`${local.replace(" ", "T")}${offsetText(offset)}`);
    }
  });
});

describe("a reference time without an offset is Oslo time (--now)", () => {
  it("keeps an instant with an offset or Z as it is", () => {
    for (const text of [
      "2027-03-24T17:30:00+01:00",
      "2027-03-24T17:30+0100",
      "2027-03-24T16:30:00Z",
      "2027-03-24T16:30:00.000Z",
      "2027-07-01T12:00:00-04:00",
    ])
      expect(osloInstant(text)).toBe(text);
  });

  it("reads a wall-clock time as Oslo's, winter and summer, whatever the machine's zone", () => {
    expect(osloInstant("2027-03-24T17:30")).toBe("2027-03-24T17:30:00+01:00");
    expect(osloInstant("2027-03-24T17:30:00")).toBe("2027-03-24T17:30:00+01:00");
    expect(osloInstant("2027-06-24 09:00:00")).toBe("2027-06-24T09:00:00+02:00");
    expect(osloInstant("2027-03-24")).toBe("2027-03-24T00:00:00+01:00");
    expect(Date.parse(osloInstant("2027-03-24T17:30"))).toBe(Date.parse("2027-03-24T16:30:00Z"));
  });
});
