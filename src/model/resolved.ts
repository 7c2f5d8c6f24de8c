/**
 * What query & bind hands to routes, render and emit: a page with every binding resolved.
 * The page's JSON data file holds only what the browser reads (src/emit/page-data.ts).
 */
import type { BindingMap } from "./binding.js";
import type { Row } from "./page.js";

export interface ResolvedMeta {
  locale: string;
  title: string;
  description: string;
  keywords: string;
  /** Absolute image URL or null. */
  image: string | null;
  facebookVerificationCode: string | null;
}

/** Resolved block data: { locale, id, bindings } plus the resolved field values (spec 3.3). */
export interface ResolvedBlockData {
  locale: string;
  id: string;
  bindings: BindingMap;
  [field: string]: unknown;
}

export interface ResolvedBlock {
  id: string;
  component: string;
  place: { column: number; row: number; order: number };
  /** One entry per block-data id; the renderer uses the one whose locale is the page's. */
  data: ResolvedBlockData[];
}

export interface ResolvedPage {
  /** Id of the CMS page (template) this route comes from. */
  pageId: string;
  /** Concrete path of the route, e.g. '/kinoprogram' or '/article/filmprek:-dune'. */
  path: string;
  /** Route parameters ({ production: 'dune-dxm-12345678' }); empty for static pages. */
  params: Record<string, string>;
  title: string;
  layout: string;
  pageType: "ordinary" | "standard";
  template: { rows: Row[] };
  meta: ResolvedMeta;
  /** Visible blocks only (hidden ones are dropped), in template order. */
  blocks: ResolvedBlock[];
}
