/**
 * The HTML Pagefind indexes for one search record. Pagefind weights an <h1> above body text,
 * so a title match ranks first; the result's type and date travel as Pagefind metadata read
 * from attributes of empty elements (the attribute form takes any text, commas included,
 * and adds no words to the index). Every value is escaped: CMS text is data here too.
 */
import { escapeXml } from "../isomorphic/url.js";
import type { SearchRecord } from "./search-records.js";

/** Metadata names the search island reads (templates/islands/search.tsx). */
export const SEARCH_META = { title: "title", type: "type", date: "date", dateText: "dateText" } as const;

export function renderSearchDocument(record: SearchRecord, language: string): string {
  const meta = [
    metaElement(SEARCH_META.type, record.typeLabel),
    record.date ? metaElement(SEARCH_META.date, record.date) : "",
    record.dateText ? metaElement(SEARCH_META.dateText, record.dateText) : "",
  ].join("");
  return `<!DOCTYPE html><html lang="${escapeXml(language)}"><head><title>${escapeXml(record.title)}</title></head><body><h1 data-pagefind-meta="${SEARCH_META.title}">${escapeXml(record.title)}</h1><p>${escapeXml(record.text)}</p>${meta}</body></html>`;
}

function metaElement(name: string, value: string): string {
  return `<span data-pagefind-meta="${name}[data-value]" data-value="${escapeXml(value)}"></span>`;
}
