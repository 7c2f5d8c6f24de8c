import type { Page } from "../../src/model/index.js";

/** A CMS page with nothing on it (docs/data-format.md, pages): what a test varies is its path and sources. */
export function cmsPage(path: string, sources: Page["sources"] = []): Page {
  return {
    id: `id${path}`,
    title: path,
    path,
    layout: "page-header-footer",
    pageType: "ordinary",
    template: { rows: [] },
    sources,
    blocks: [],
    meta: { data: {} },
  };
}
