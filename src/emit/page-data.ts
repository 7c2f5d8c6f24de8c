import type { PageManifestEntry, ResolvedPage } from "../model/index.js";
import { pageDataUrl, type Route } from "../routes/index.js";
import type { OutputFile } from "./output-file.js";

/** page-data/<jsonName>.json: the page's resolved data, which the client loads (spec 2.1, 7.4). */
export function pageDataFile(route: Route, page: ResolvedPage): OutputFile {
  return { path: pageDataUrl(route.jsonName).slice(1), contents: JSON.stringify(page) };
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
