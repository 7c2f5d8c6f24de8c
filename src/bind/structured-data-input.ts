import type { Article, Dataset, LinkedEvent, Production } from "../model/index.js";
import { createOsloClock, isPast } from "./index.js";
import type { Route } from "../routes/index.js";

export interface StructuredDataInput {
  site: Dataset["site"];
  partner: Dataset["partner"];
  now: string;
  routeKind: Route["kind"];
  production?: Production;
  events?: LinkedEvent[];
  article?: Article;
  /** Number of screening halls: the distinct halls of the partner's showings. */
  screenCount: number;
}

/**
 * Gives each route the records its structured data describes. Showings are indexed by
 * production once, so a partner with 10,000 films does not scan every showing per page.
 */
export function createStructuredDataInputs(dataset: Dataset): (route: Route) => StructuredDataInput {
  const eventsByProduction = new Map<string, LinkedEvent[]>();
  // Structured data describes the showings the page offers: none that began before the
  // build's reference time (search engines would list them as bookable).
  const clock = createOsloClock(dataset.now);
  for (const event of dataset.events) {
    if (isPast(event.begin, clock)) continue;
    const list = eventsByProduction.get(event.production.id);
    if (list) list.push(event);
    else eventsByProduction.set(event.production.id, [event]);
  }
  const screenCount = new Set(
    dataset.events.flatMap((event) =>
      event.location && event.production.object === "movie" ? [event.location.name] : [],
    ),
  ).size;
  return (route) => {
    const base = { site: dataset.site, partner: dataset.partner, now: dataset.now, routeKind: route.kind, screenCount };
    if (route.kind === "film" || route.kind === "culture") {
      const production = route.record as Production;
      return { ...base, production, events: eventsByProduction.get(production.id) ?? [] };
    }
    if (route.kind === "article") return { ...base, article: route.record as Article };
    return base;
  };
}
