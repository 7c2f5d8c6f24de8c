/**
 * The shape of page-data/<jsonName>.json (spec 2.1, 7.4): what the page loader and the
 * analytics read for a page, and nothing more (docs/performance.md: no copy of the HTML's data; island
 * props travel sanitised inside the HTML's island markers, head tags inside its <head>).
 * Written by src/emit/page-data.ts, read by client/loader/ and client/analytics.ts. Imported
 * by both sides; no React, no Node. docs/page-loader.md.
 */
import type { AnalyticsItem } from "./analytics-item.js";

export const PAGE_DATA_VERSION = 1;

export interface PageData {
  version: typeof PAGE_DATA_VERSION;
  /** The route's path, as in page-manifest.json. */
  path: string;
  /** 'static' | 'film' | 'culture' | 'article' | 'not-found'. */
  kind: string;
  /** The page's <title>: the loader writes it and announces it to screen readers. */
  title: string;
  /** Film and culture pages: the analytics item of spec 3.6 (view_item, select_content). */
  analyticsItem: AnalyticsItem | null;
}
