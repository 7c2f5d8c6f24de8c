/**
 * What the site search finds (spec 1 "search over articles and cultural events", 2.3 /search):
 * one record per detail page — articles, culture events and films (visitors type film titles
 * into a field whose placeholder invites them to; docs/spec-decisions.md). Records come from
 * the routes, so every result links to a page the build writes, whatever a partner's slugs
 * or page paths look like.
 */
import { stripHtml } from "../render/html-text.js";
import type { MemoSet } from "../shared/bounded-memo.js";
import type { Article, Dataset, LinkedEvent, Production } from "../model/index.js";
import { formatDayHeading, formatLongDate, parseLocalDateTime } from "../isomorphic/oslo-date.js";
import type { Route } from "../routes/index.js";
import { osloIso, toOsloLocal } from "../isomorphic/time/oslo.js";

export type SearchRecordKind = "film" | "culture" | "article" | "page";

export interface SearchRecord {
  /** The page's path, as the result links it. */
  url: string;
  kind: SearchRecordKind;
  title: string;
  /** The type shown on the result: 'Film', the culture event's class ('Konsert'), 'Artikkel', 'Side'. */
  typeLabel: string;
  /** For <time datetime>: a showing with its Oslo offset ('2026-12-04T18:30:00+01:00'), else 'YYYY-MM-DD'; or null. */
  date: string | null;
  /** The date as the result shows it: 'Neste visning fredag 4. desember kl. 18:30'. */
  dateText: string | null;
  /** Plain text searched besides the title (CMS HTML stripped). */
  text: string;
}

/**
 * Search records of every film, culture and article route, sorted by url (same input, same
 * index). `memos`: the build's (the resolver's), whose pages strip the same texts again.
 */
export function collectSearchRecords(dataset: Dataset, routes: Route[], memos?: MemoSet): SearchRecord[] {
  const nowLocal = toOsloLocal(dataset.now);
  const showings = showingsByProduction(dataset.events);
  const records: SearchRecord[] = [];
  for (const route of routes) {
    if (!route.record) continue;
    if (route.kind === "article") records.push(articleRecord(route.path, route.record as Article, memos));
    else if (route.kind === "film" || route.kind === "culture") {
      const production = route.record as Production;
      records.push(
        productionRecord(route.path, route.kind, production, showings.get(production.id) ?? [], nowLocal, memos),
      );
    }
  }
  return records.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}

function articleRecord(url: string, article: Article, memos: MemoSet | undefined): SearchRecord {
  const day = toOsloLocal(article.createdAt).slice(0, 10);
  return {
    url,
    kind: "article",
    title: article.title,
    typeLabel: "Artikkel",
    date: day,
    dateText: formatLongDate(day),
    text: joinText([stripHtml(article.content, memos), article.author ? `Skrevet av ${article.author}` : ""]),
  };
}

function productionRecord(
  url: string,
  kind: "film" | "culture",
  production: Production,
  showings: string[],
  nowLocal: string,
  memos: MemoSet | undefined,
): SearchRecord {
  const title = kind === "film" ? production.parentTitle : production.title;
  const cast = production.properties.find((p) => p.property === "actor")?.value;
  const texts = production.contents.flatMap((content) => [
    stripHtml(content.summary ?? "", memos),
    stripHtml(content.body, memos),
  ]);
  return {
    url,
    kind,
    title,
    typeLabel: kind === "film" ? "Film" : production.classTitle.trim() || "Arrangement",
    ...dateOf(kind, production, showings, nowLocal),
    text: joinText([
      ...uniqueTexts(texts),
      typeof cast === "string" && cast ? `Medvirkende: ${cast}` : "",
      production.location?.name ? `Sted: ${production.location.name}` : "",
      featureText(production),
    ]),
  };
}

/**
 * The date a visitor looks for: the next showing (build time), else a film's coming premiere,
 * else a culture event's last showing; films without either show none.
 */
function dateOf(
  kind: "film" | "culture",
  production: Production,
  showings: string[],
  nowLocal: string,
): Pick<SearchRecord, "date" | "dateText"> {
  const next = showings.find((begin) => begin >= nowLocal);
  if (next) {
    const { date, time } = parseLocalDateTime(next)!;
    const text = `${formatDayHeading(date, { withYear: date.slice(0, 4) !== nowLocal.slice(0, 4) })}${time ? ` kl. ${time}` : ""}`;
    return {
      date: osloIso(next),
      dateText: kind === "film" ? `Neste visning ${text.charAt(0).toLowerCase()}${text.slice(1)}` : text,
    };
  }
  const premiere = parseLocalDateTime(production.begin);
  if (kind === "film" && premiere && premiere.date > nowLocal.slice(0, 10))
    return { date: premiere.date, dateText: `Premiere ${formatLongDate(premiere.date)}` };
  const last = showings.at(-1);
  if (kind === "culture" && last) {
    const { date } = parseLocalDateTime(last)!;
    return { date, dateText: `Var ${formatLongDate(date)}` };
  }
  return { date: null, dateText: null };
}

/** 'Aldersgrense 12. 2D, Norsk tale': searchable ('2d', 'norsk tale') and readable in a snippet. */
function featureText(production: Production): string {
  // By its value, as the pages show it (templates/ui/features.tsx): the spec names no feature kinds.
  const age = production.features
    .filter(
      (feature) =>
        feature.type === "age" ||
        (feature.type !== "format" && feature.type !== "language" && /^(A|\d{1,2})$/.test(feature.value)),
    )
    .map((feature) => `Aldersgrense ${feature.value}`);
  const rest = production.features.filter((feature) => feature.type !== "age").map((feature) => feature.value);
  return [...age, rest.join(", ")].filter(Boolean).join(". ");
}

/** Begin times of each production's real showings, in order. */
function showingsByProduction(events: LinkedEvent[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const event of events) {
    if (event.id === null) continue;
    const list = map.get(event.production.id) ?? [];
    list.push(event.begin);
    map.set(event.production.id, list);
  }
  for (const list of map.values()) list.sort();
  return map;
}

/** A summary is often the body's first sentence: index each text once. */
function uniqueTexts(texts: string[]): string[] {
  const kept: string[] = [];
  for (const text of texts.map((t) => t.trim()).filter(Boolean)) {
    if (kept.some((k) => k.includes(text))) continue;
    for (let i = kept.length - 1; i >= 0; i--) if (text.includes(kept[i])) kept.splice(i, 1);
    kept.push(text);
  }
  return kept;
}

function joinText(parts: string[]): string {
  return parts
    .map((part) => part.trim())
    .filter(Boolean)
    .map(endSentence)
    .join(" ");
}

/** Parts end in a full stop so a snippet does not run two of them together. */
function endSentence(text: string): string {
  return /[.!?…:]$/.test(text) ? text : `${text}.`;
}
