/**
 * What every template can read: the site (built once per build by createRenderer) and the
 * page being rendered. Provided through React context so shared pieces deep in a block
 * (images, links) need no prop drilling.
 */
import { createContext, useContext } from "react";
import type { MemberServiceConfig, PartnerConfig } from "../src/model/partner-schema.js";
import type { FooterColumn, ResolvedBlock, Site } from "../src/model/index.js";
import type { MenuNode } from "../src/render/menu-tree.js";
import type { Fields } from "../src/isomorphic/block-fields.js";
import type { RouteKind } from "../src/routes/route.js";
import type { MediaCatalogue } from "../src/model/media-catalogue.js";
import type { Showing } from "../src/isomorphic/showings.js";
import type { SearchIndexAssets } from "../src/model/assets.js";
import type { LiveOptions } from "./islands/live.js";

export interface SiteView {
  site: Site;
  partner: PartnerConfig;
  memberService: MemberServiceConfig | null;
  headerMenu: MenuNode[];
  footerMenu: MenuNode[];
  /** Columns of the page locale, ordered, each with its items ordered. */
  footerColumns: FooterColumn[];
  /** Image CDN host: images under it can be resized (spec 7.6). */
  cdnHost: string;
  /** The partner's local media (src/media/): resized, hashed files for srcset. */
  media: MediaCatalogue;
  /** Build reference time as Oslo wall clock 'YYYY-MM-DD HH:mm:ss'. */
  nowLocal: string;
  /** Run-time settings of the live programme islands (clock, basic_events URL). */
  live: LiveOptions;
  /** Island kind -> URL of its bundle (templates/ui/island.tsx writes it on the marker). */
  islands: Record<string, string>;
  /** edi number -> film page path (the member islands link watch-list films with it). */
  /** URL of the film pages by edi number (src/emit/film-paths.ts), or null without member service. */
  filmPathsUrl: string | null;
  /** The search index the search island loads, or null when the build made none. */
  search: SearchIndexAssets | null;
}

export interface PageView {
  path: string;
  locale: string;
  /** The page's title (resolved meta title, else the CMS page title). */
  title: string;
  /** Text of the visually hidden h1 written when no block carries the page heading. */
  hiddenHeading: string;
  /** What the route shows (a film, a culture event, …); absent outside a route (the footer). */
  kind?: RouteKind;
  /** A film or culture page's upcoming showings from its ticket list (the hero names the next). */
  showings?: Showing[];
  /** A film or culture page's length in minutes, when a block binds it (the calendar event's end). */
  durationMinutes?: number | null;
}

/** What the islands of one page render share (templates/ui/island.tsx). */
export interface IslandPageState {
  /** Shared prop key -> the JSON already written on this page (SHARED_PROP_KEYS). */
  shared: Map<string, string>;
}

export interface RenderContextValue {
  site: SiteView;
  page: PageView;
  /** Per page render; without it (a block rendered alone) every island writes all its props. */
  islands?: IslandPageState;
}

export const RenderContext = createContext<RenderContextValue | null>(null);

export function useRender(): RenderContextValue {
  const value = useContext(RenderContext);
  if (!value) throw new Error("templates rendered outside RenderContext");
  return value;
}

/** Props of every block template. */
export interface BlockProps {
  block: ResolvedBlock;
  /** The resolved data of the page's locale. */
  data: Fields;
  /** 1 when this block carries the page's h1, else 2; item headings are one level deeper. */
  headingLevel: 1 | 2;
  /** The first block of the page: its first image loads eagerly. */
  hero: boolean;
}
