/**
 * Reads opening hours out of the footer's free text (spec 9: 'Mandag–torsdag 11:00–21:00',
 * 'Fredag og lørdag 11.00 - 22.30', 'Søndag kl. 11–21'). The CMS has no structured field
 * for them; lines that name no weekday or no time range are ignored.
 */
export interface OpeningHours {
  /** schema.org DayOfWeek names: 'Monday' … 'Sunday'. */
  days: string[];
  /** 'HH:mm' */
  opens: string;
  closes: string;
}

const WEEK = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const DAY_PREFIX: [RegExp, number][] = [
  [/^man/, 0],
  [/^tir/, 1],
  [/^ons/, 2],
  [/^tor/, 3],
  [/^fre/, 4],
  [/^lør/, 5],
  [/^søn/, 6],
];
/** Whole day names and the usual abbreviations only, so 'Torget 1–3' is not a Thursday. */
const DAY_WORD =
  /(?<![a-zæøå])(mandag|man|tirsdag|tirs|tir|onsdag|ons|torsdag|tors|tor|fredag|fre|lørdag|lør|søndag|søn)(?:er)?\.?(?![a-zæøå])/g;
/** '11:00–21:00', '11.00 - 22.30', 'kl. 11–21': minutes on both ends, or 'kl.' before. */
const TIME_RANGE = /(kl\.?\s*)?(\d{1,2})(?:[:.](\d{2}))?\s*(?:[-–—]|til)\s*(\d{1,2})(?:[:.](\d{2}))?/g;

export function parseOpeningHours(texts: string[]): OpeningHours[] {
  const found: OpeningHours[] = [];
  for (const text of texts) {
    for (const line of linesOf(text)) {
      const parsed = parseLine(line);
      if (parsed) found.push(parsed);
    }
  }
  return found;
}

function linesOf(text: string): string[] {
  return text
    .replace(/<br\s*\/?>|<\/(p|div|li)>/gi, "\n")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&ndash;/g, "–")
    .replace(/&oslash;/g, "ø")
    .split(/\n|;/)
    .map((line) => line.trim())
    .filter(Boolean);
}

function parseLine(line: string): OpeningHours | null {
  const lower = line.toLowerCase();
  const time = findTime(lower);
  if (!time) return null;
  const dayText = lower.slice(0, time.index);
  const days = daysOf(dayText);
  if (days.length === 0) return null;
  return { days: days.map((day) => WEEK[day]), opens: time.opens, closes: time.closes };
}

/** The first time range that is not itself a day range. */
function findTime(lower: string): { index: number; opens: string; closes: string } | null {
  for (const match of lower.matchAll(TIME_RANGE)) {
    const [h1, m1, h2, m2] = [Number(match[2]), Number(match[3] ?? 0), Number(match[4]), Number(match[5] ?? 0)];
    const precise = match[3] !== undefined && match[5] !== undefined;
    if (!precise && !match[1]) continue;
    if (h1 > 24 || h2 > 24 || m1 > 59 || m2 > 59) continue;
    return { index: match.index ?? 0, opens: hhmm(h1, m1), closes: hhmm(h2, m2) };
  }
  return null;
}

/** 'mandag–torsdag' → Mon..Thu; 'fredag og lørdag' / 'fre, lør' → Fri, Sat; 'alle dager' → all. */
function daysOf(text: string): number[] {
  if (/alle\s+dager|hver\s+dag|daglig/.test(text)) return [0, 1, 2, 3, 4, 5, 6];
  const matches = [...text.matchAll(DAY_WORD)];
  const days: number[] = [];
  for (let i = 0; i < matches.length; i += 1) {
    const day = dayIndex(matches[i][1]);
    if (day === null) continue;
    const previous = matches[i - 1];
    const between = previous ? text.slice((previous.index ?? 0) + previous[0].length, matches[i].index) : "";
    const from = previous ? dayIndex(previous[1]) : null;
    if (from !== null && /[-–—]|til/.test(between)) {
      for (let d = from + 1; d !== (day + 1) % 7; d = (d + 1) % 7) days.push(d);
    } else {
      days.push(day);
    }
  }
  return [...new Set(days)].sort((a, b) => a - b);
}

function dayIndex(word: string): number | null {
  for (const [pattern, index] of DAY_PREFIX) if (pattern.test(word)) return index;
  return null;
}

function hhmm(hours: number, minutes: number): string {
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}
