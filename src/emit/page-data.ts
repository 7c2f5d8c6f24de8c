import type { AnalyticsItem } from "../isomorphic/analytics-item.js";
import { PAGE_DATA_VERSION, type PageData } from "../isomorphic/page-data-contract.js";
import type { PageManifestEntry, ResolvedPage } from "../model/index.js";
import { pageDataUrl, type Route } from "../routes/index.js";
import type { OutputFile } from "../model/output-file.js";
import { documentTitleOf } from "../render/document-title.js";

/** What the page data needs from the partner: its name (the analytics brand, and the title of a page without one). */
export interface PageDataSite {
  brand: string;
}

/**
 * page-data/<jsonName>.json (spec 2.1, 7.4): only what the page loader and the analytics read
 * (src/isomorphic/page-data-contract.ts, docs/page-loader.md). No CMS HTML and no block data: island
 * props travel sanitised inside the page's HTML (docs/security.md; docs/islands.md, Props transport).
 */
export function pageDataFile(route: Route, page: ResolvedPage, site: PageDataSite): OutputFile {
  return { path: pageDataUrl(route.jsonName).slice(1), contents: JSON.stringify(buildPageData(route, page, site)) };
}

export function buildPageData(route: Route, page: ResolvedPage, site: PageDataSite): PageData {
  return {
    version: PAGE_DATA_VERSION,
    path: route.path,
    kind: route.kind,
    // The same title the renderer writes into <title> (src/render/index.ts).
    title: documentTitleOf(page.meta.title || page.title, site.brand),
    analyticsItem: analyticsItemOf(route, site.brand),
  };
}

/** Spec 3.6: the item of a film or culture page, from the production the route was made from. */
export function analyticsItemOf(route: Route, brand: string): AnalyticsItem | null {
  if (route.kind !== "film" && route.kind !== "culture") return null;
  const production = route.record as
    { id?: unknown; title?: unknown; parentTitle?: unknown; classTitle?: unknown } | undefined;
  if (!production || typeof production.id !== "string") return null;
  const listName = route.kind === "film" ? "Film" : "Kultur";
  const name =
    typeof production.parentTitle === "string" && production.parentTitle
      ? production.parentTitle
      : typeof production.title === "string"
        ? production.title
        : "";
  const category =
    typeof production.classTitle === "string" && production.classTitle ? production.classTitle : listName;
  return { id: production.id, name, brand, listName, category };
}

/** page-manifest.json: path, jsonName and layout of every route (spec 3.3). */
export function pageManifestFile(routes: Route[]): OutputFile {
  const entries: PageManifestEntry[] = routes.map((route) => ({
    path: route.path,
    jsonName: route.jsonName,
    layout: route.page.layout,
    pageType: route.page.pageType,
  }));
  return { path: "page-manifest.json", contents: JSON.stringify(entries) };
}
