/**
 * Europe/Oslo time for every stage. The platform writes Oslo wall-clock times without offset
 * ('YYYY-MM-DD HH:mm:ss'); the build compares, formats and dates them in Oslo whatever the
 * machine's time zone, through one Intl formatter, so a build on a UTC server and one in New
 * York write the same bytes.
 */
const formatter = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Oslo",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** An instant (epoch ms, ISO string with offset, or Date) as Oslo wall-clock 'YYYY-MM-DD HH:mm:ss'. */
export function toOsloLocal(instant: number | string | Date): string {
  // Memoised for numbers and strings: every programme island asks for the reference time
  // ('useLiveNow') and every offset lookup for a whole second, a few hundred distinct values.
  const key = typeof instant === "object" ? null : instant;
  let text = key === null ? undefined : localTexts.get(key);
  if (text === undefined) {
    const parts = Object.fromEntries(formatter.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
    text = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
    if (key !== null) {
      if (localTexts.size >= LOCAL_TEXTS_MAX) localTexts.clear();
      localTexts.set(key, text);
    }
  }
  return text;
}
const localTexts = new Map<number | string, string>();
const LOCAL_TEXTS_MAX = 10_000;

/** Offset of Oslo at the instant `utcMs`, in minutes east of UTC (60 or 120). */
function offsetAt(utcMs: number): number {
  // Oslo changes its offset at most once a day (twice a year): when the first and the last
  // second of a UTC day have the same offset, so does every instant between them. Two Intl
  // lookups per day instead of one per instant: a build asks for the offsets of every
  // showing's day before and after (osloOffset).
  const dayStart = Math.floor(utcMs / DAY_MS) * DAY_MS;
  let offset = dayOffsets.get(dayStart);
  if (offset === undefined) {
    const first = exactOffsetAt(dayStart);
    offset = first === exactOffsetAt(dayStart + DAY_MS - 1000) ? first : null;
    dayOffsets.set(dayStart, offset);
  }
  return offset ?? exactOffsetAt(utcMs);
}
const DAY_MS = 24 * 60 * 60_000;
/** UTC day start -> the offset of the whole day, or null on a day the offset changes. */
const dayOffsets = new Map<number, number | null>();

function exactOffsetAt(utcMs: number): number {
  const whole = Math.floor(utcMs / 1000) * 1000;
  return Math.round((Date.parse(`${toOsloLocal(whole).replace(" ", "T")}Z`) - whole) / 60_000);
}

/**
 * Offset ('+01:00' or '+02:00') of the Oslo wall-clock time `date` `time`. In the autumn's
 * repeated hour the earlier (summer) offset is used; a time in the spring gap gets the
 * offset in force just before it.
 */
export function osloOffset(date: string, time = "12:00:00"): string {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm, ss] = time.split(":").map(Number);
  const wallAsUtc = Date.UTC(y, m - 1, d, hh, mm, ss || 0);
  const before = offsetAt(wallAsUtc - DAY_MS);
  const after = offsetAt(wallAsUtc + DAY_MS);
  // An offset fits when the wall time minus it maps back to that offset. Try the larger one
  // first: in the repeated autumn hour both fit and the earlier instant (summer) wins.
  const candidates = [...new Set([before, after])].sort((a, b) => b - a);
  const offset = candidates.find((candidate) => offsetAt(wallAsUtc - candidate * 60_000) === candidate) ?? before;
  return formatOffset(offset);
}

/**
 * 'YYYY-MM-DD HH:mm:ss' or 'YYYY-MM-DD' (Oslo local) → ISO 8601 with the Oslo offset.
 * Memoised: a build asks for the same few hundred showing times on thousands of pages
 * (the <time> of every showtime, the JSON-LD of every screening), and each offset costs
 * several Intl lookups.
 */
export function osloIso(local: string): string {
  let iso = isoTexts.get(local);
  if (iso === undefined) {
    const [date, time] = local.trim().split(/[ T]/);
    const full = time && time.length === 5 ? `${time}:00` : time;
    iso = full ? `${date}T${full}${osloOffset(date, full)}` : date;
    isoTexts.set(local, iso);
  }
  return iso;
}
const isoTexts = new Map<string, string>();

/**
 * A reference time as given (`--now`, `build({ now })`): ISO 8601 with an offset or 'Z' is an
 * instant and stays as it is; without one it is Oslo wall-clock time, never the machine's or
 * the visitor's ('2027-03-24T17:30' → '2027-03-24T17:30:00+01:00').
 */
export function osloInstant(value: string): string {
  const text = value.trim();
  if (/\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[zZ]|[+-]\d{2}(?::?\d{2})?)$/.test(text)) return text;
  return osloIso(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text} 00:00:00` : text);
}

/** An instant as Oslo wall-clock time with its offset: '2026-11-20T09:00:00+01:00'. */
export function formatOsloIso(instant: Date): string {
  const ms = Math.floor(instant.getTime() / 1000) * 1000;
  return `${toOsloLocal(ms).replace(" ", "T")}${formatOffset(offsetAt(ms))}`;
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}
