/**
 * What the programme islands share in the browser (docs/islands.md): the live clock and the
 * live seat counts. Both start from the build's values, so the first render (server and
 * hydration) is the same markup, and change in useEffect.
 */
import { useEffect, useState } from "react";
import { liveNowLocal, msToNextMinute, type LiveClock } from "../../src/isomorphic/time/live-clock.js";
import { toOsloLocal } from "../../src/isomorphic/time/oslo.js";
import { parseBasicEvents, type LiveCounts } from "../../src/isomorphic/live-counts.js";

/** The run-time settings every programme island gets in its props. */
export interface LiveOptions {
  clock: LiveClock;
  /** URL of basic_events (credential-less); absent: build-time counts stay. */
  basicEventsUrl?: string;
  /** Purchase links' kanal (spec 7.5). */
  channel: string;
  /** Image CDN host: posters under it get a srcset. */
  cdnHost: string;
  /** The cinema's name: the analytics item's brand (spec 3.6). */
  brand: string;
}

/**
 * What the ticket islands (ticket, ticket-list) read of LiveOptions: no image host or brand,
 * which only the programme and schedule show (docs/performance.md: 70 bytes of every film page).
 */
export type TicketLiveOptions = Pick<LiveOptions, "clock" | "basicEventsUrl" | "channel">;

/** LiveOptions narrowed to what the ticket islands read. */
export function ticketLiveOptions({ clock, basicEventsUrl, channel }: LiveOptions): TicketLiveOptions {
  return basicEventsUrl === undefined ? { clock, channel } : { clock, basicEventsUrl, channel };
}

/** When this page (module) loaded: the reference clock adds the time since then. */
const loadedAt = Date.now();

/** Oslo wall clock now: the build's reference time first, then the live clock every minute. */
export function useLiveNow(clock: LiveClock): string {
  const [now, setNow] = useState(() => toOsloLocal(clock.referenceIso));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      setNow(liveNowLocal(clock, Date.now(), loadedAt));
      timer = setTimeout(tick, msToNextMinute(Date.now()));
    };
    tick();
    return () => clearTimeout(timer);
  }, [clock.mode, clock.referenceIso]);
  return now;
}

/**
 * One request per page shown and URL, shared by every island on it. The page loader keeps the
 * document from page to page, so a page it swaps in asks again: the counts a visitor sees are
 * never older than the page (a minute at most for the islands of one page).
 */
const requests = new Map<string, { page: string; at: number; request: Promise<LiveCounts | null> }>();
const SHARED_FOR_MS = 60_000;

function loadCounts(url: string): Promise<LiveCounts | null> {
  const page = location.pathname;
  const kept = requests.get(url);
  if (kept && kept.page === page && Date.now() - kept.at < SHARED_FOR_MS) return kept.request;
  const request = fetch(url, { credentials: "omit", headers: { accept: "application/json" } })
    .then((response) => (response.ok ? response.json() : null))
    .then(parseBasicEvents)
    .catch(() => null);
  requests.set(url, { page, at: Date.now(), request });
  return request;
}

/** Live counts from basic_events, null until (and unless) they arrive. */
export function useLiveCounts(url: string | undefined): LiveCounts | null {
  const [counts, setCounts] = useState<LiveCounts | null>(null);
  useEffect(() => {
    if (!url) return;
    let active = true;
    loadCounts(url).then((loaded) => active && loaded && setCounts(loaded));
    return () => {
      active = false;
    };
  }, [url]);
  return counts;
}
