import { useEffect, useRef, type MouseEvent } from "react";
import { formatShortDay } from "../../src/isomorphic/oslo-date.js";

export interface DayNavProps {
  days: string[];
  /** Where a day's chip leads: its section on this page, or its day page (works without JavaScript). */
  hrefOf: (date: string) => string;
  /** 'YYYY-MM-DD' that reads 'I dag'. */
  today: string;
  /** The day shown first on this page: its chip is marked current. */
  current?: string | null;
  /** In the island: load a day that is not on the page instead of leaving it. */
  onPick?: (date: string, event: MouseEvent<HTMLAnchorElement>) => void;
}

/** Links to the days of a programme: 'I dag', 'I morgen', 'fre 4.12.'. */
export function DayNav({ days, hrefOf, today, current = null, onPick }: DayNavProps) {
  const list = useRef<HTMLUListElement>(null);
  // A day page's chip may sit far along the row: bring it into view (the row scrolls, not the page).
  useEffect(() => {
    const chip = list.current?.querySelector<HTMLElement>("[aria-current]");
    if (list.current && chip && chip.offsetLeft + chip.offsetWidth > list.current.clientWidth)
      list.current.scrollLeft = chip.offsetLeft - list.current.clientWidth / 2 + chip.offsetWidth / 2;
  }, [current]);
  if (days.length < 2) return null;
  return (
    <nav className="day-nav" aria-label="Velg dag">
      <ul ref={list}>
        {days.map((date) => (
          <li key={date}>
            <a
              href={hrefOf(date)}
              aria-current={date === current ? "true" : undefined}
              onClick={onPick ? (event) => onPick(date, event) : undefined}
            >
              {formatShortDay(date, today)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
