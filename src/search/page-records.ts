/**
 * Search records of the site's own pages (prices, gift cards, series and holiday pages): a
 * visitor who types 'gavekort' or 'bursdag' expects the page about it. A page's text is its
 * meta description and the text of its title, cover and content blocks; programme and card
 * blocks are left out (their films and events have records of their own), and so is a meta
 * description that only repeats the title ('Babykino – Solvik kino'). A page with nothing
 * but a title is still found by it ('babykino'). Pages that are not for search engines
 * (sitemap's NOT_INDEXED_PATHS) and the search page itself are not indexed.
 */
import { stripHtml } from "../render/html-text.js";
import type { MemoSet } from "../shared/bounded-memo.js";
import { NOT_INDEXED_PATHS } from "../emit/sitemap.js";
import type { Page, ResolvedPage } from "../model/index.js";
import { blockDataOf, textOf } from "../isomorphic/block-fields.js";
import type { SearchRecord } from "./search-records.js";

/** Block kinds whose text describes the page; field names from src/model/components.ts. */
const TEXT_FIELDS: Record<string, string[]> = {
  title: ["title", "subtitle"],
  cover: ["title", "subtitle"],
  content: ["title", "body"],
};

export const SEARCH_RESULTS_KIND = "search-results";

/**
 * The page with its text blocks only, for the resolver: a programme block would select and
 * bind every film of the catalogue (seconds at 10,000 films) for text this index skips.
 */
export function textBlocksOnly(page: Page): Page | null {
  if (NOT_INDEXED_PATHS.includes(page.path) || page.blocks.some((block) => block.component === SEARCH_RESULTS_KIND))
    return null;
  return { ...page, blocks: page.blocks.filter((block) => block.component in TEXT_FIELDS) };
}

/** The record of a static page resolved from textBlocksOnly(page). */
export function pageRecord(page: ResolvedPage, memos?: MemoSet): SearchRecord | null {
  const title = (page.meta.title || page.title).trim();
  const texts: string[] = page.meta.description.startsWith(title) ? [] : [page.meta.description];
  for (const block of page.blocks) {
    const fields = TEXT_FIELDS[block.component];
    const data = fields ? blockDataOf(block, page.meta.locale) : undefined;
    if (!fields || !data) continue;
    for (const field of fields) texts.push(stripHtml(textOf(data, field), memos));
  }
  const text = [...new Set(texts.map((t) => t.trim()).filter((t) => t && t !== title))].join(" ");
  if (!title) return null;
  return { url: page.path, kind: "page", title, typeLabel: "Side", date: null, dateText: null, text };
}
