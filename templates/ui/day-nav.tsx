import { formatShortDay } from "../../src/render/oslo-date.js";

/** Jump links to the day sections of a programme: works without JavaScript. */
export function DayNav({ days, anchorOf, today }: { days: string[]; anchorOf: (date: string) => string; today: string }) {
  if (days.length < 2) return null;
  return (
    <nav className="day-nav" aria-label="Velg dag">
      <ul>
        {days.map((date) => (
          <li key={date}>
            <a href={`#${anchorOf(date)}`}>{formatShortDay(date, today)}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
