/**
 * Render stage (docs/rendering.md): a ResolvedPage and its route to a complete HTML document,
 * with React renderToStaticMarkup over templates/: the page never hydrates as a whole (only
 * its islands do, each rendered with renderToString by templates/ui/island.tsx), so it needs no
 * hydration markers. createRenderer does the per-site work once (menu trees, ordered footer,
 * the footer's HTML); render() runs once per route.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { MemberServiceConfig, PartnerConfig } from "../model/partner-schema.js";
import type { ClientAssets, SearchIndexAssets } from "../model/assets.js";
import { metaContentSecurityPolicy } from "./content-security-policy.js";
import { isIndexable } from "../model/site-visibility.js";
import { absoluteUrl } from "../isomorphic/url.js";
import { BuildError, didYouMeanHint, isBuildError } from "../errors/index.js";
import {
  AD_SLOT_KIND,
  COMPONENTS,
  isComponentKind,
  type ResolvedBlock,
  type ResolvedPage,
  type Site,
} from "../model/index.js";
import type { RouteKind } from "../routes/route.js";
import { pageDataUrl } from "../routes/route-files.js";
import { toOsloLocal } from "../isomorphic/time/oslo.js";
import { createMemoSet, type MemoSet } from "../shared/bounded-memo.js";
import { BLOCK_TEMPLATES, PAGE_HEADING_KINDS } from "../../templates/blocks/index.js";
import type { MediaCatalogue } from "../model/media-catalogue.js";
import { documentTitleOf } from "./document-title.js";
import { publicImageUrl, sizeOf } from "../isomorphic/image-url.js";
import { pageShowingsOf } from "../isomorphic/showings.js";
import { RenderContext, type PageView, type RenderContextValue, type SiteView } from "../../templates/context.js";
import { currentMenuPath } from "../../templates/layout/header-menu.js";
import { MemoContext } from "../../templates/memo-context.js";
import { Footer, Header, PageMain, SkipLink } from "../../templates/layout/page-header-footer.js";
import { blockDataOf, numberOf } from "../isomorphic/block-fields.js";
import { renderDocument } from "./document.js";
import { blocksInReadingOrder, placeBlocks } from "./grid.js";
import { buildMenuTree } from "./menu-tree.js";
import type { JsonLd } from "./structured-data.js";
import { basicEventsUrl } from "../isomorphic/live-counts.js";
import { safeColor, themeStyleOf } from "./theme-style.js";

export { planStylesheet, planStylesheetAsync } from "./stylesheet.js";

export interface SiteRenderOptions {
  site: Site;
  partner: PartnerConfig;
  /** null when the partner has no member service (spec 6): no login/my-page UI then. */
  memberService: MemberServiceConfig | null;
  /** Public URLs of the content-hashed stylesheet and browser bundles (src/emit/bundle-client.ts). */
  assets: RenderAssets;
  /** Build reference time (ISO with offset). */
  now: string;
  /** The live programme's clock and public API URL (Dataset.live); default: reference clock, no live counts. */
  live?: { clock: "visitor" | "reference"; apiUrl: string | null };
  /** The site's policy (src/render/stage/site-policy.ts), also sent as <meta http-equiv> in every page. */
  contentSecurityPolicy?: string;
  /** URL of the film pages by edi number (src/emit/film-paths.ts), for the member islands; default none. */
  filmPathsUrl?: string | null;
}

/** The stylesheet and the browser bundles: boot script and one bundle per island kind. */
export interface RenderAssets extends ClientAssets {
  css: string;
  /** The partner's local media files and their widths (src/media/), for srcset. */
  media?: MediaCatalogue;
  /** The search index (src/search/), or null when no page shows search results. */
  search: SearchIndexAssets | null;
  /** `cinema-build dev` only: the dev client's URL (live reload, overlay). */
  devScript?: string;
  /**
   * True when the host applies `_headers` (a host profile with rule files): the policy reaches
   * every page as a header, so pages carry no CSP <meta> (docs/security.md). Default false.
   */
  headerRules?: boolean;
}

export interface RouteRenderInfo {
  path: string;
  kind: RouteKind;
  jsonName: string;
  structuredData: JsonLd[];
}

export interface PageRenderer {
  /** The full '<!DOCTYPE html>…' document of one route. */
  render(page: ResolvedPage, route: RouteRenderInfo): string;
  /** The document, and the layout's parts it holds (what the build reads links from once). */
  renderPage(page: ResolvedPage, route: RouteRenderInfo): RenderedDocument;
}

export interface RenderedDocument {
  html: string;
  /**
   * The layout's parts rendered once for many pages (renderChrome), in document order, each the
   * very string `html` holds: what is read of them (the link check's links) is read once.
   */
  chrome: readonly string[];
}

/** The layouts templates/ knows (spec 2.1: every page uses 'page-header-footer'). */
const LAYOUTS = ["page-header-footer"];

/**
 * `memos`: the memos its templates use (sanitised CMS HTML, stripped text, the footer's HTML),
 * held by the renderer and dropped with it: one renderer per build, or per render worker of a
 * build (docs/architecture.md "State").
 */
export function createRenderer(options: SiteRenderOptions, memos: MemoSet = createMemoSet()): PageRenderer {
  const site = buildSiteView(options);
  const { footerHtml, skipLinkHtml, headerHtmlOf } = renderChrome(site, memos);
  const { shared, analyticsData, preloadScripts, indexable } = collectSiteDocumentFields(options, footerHtml);
  const renderPage = (page: ResolvedPage, route: RouteRenderInfo): RenderedDocument => {
    checkPage(page, options.partner.partner);
    const rows = placeBlocks(page, options.partner.partner);
    const ordered = blocksInReadingOrder(rows).filter(
      (block) => block.component !== AD_SLOT_KIND && block.component !== "modal-dialog",
    );
    const lead = ordered[0];
    const view = buildPageView(page, route, site, options.partner.name);
    const { locale, title } = view;
    const grid = {
      rows,
      heroBlockId: lead?.id ?? null,
      headingBlockId: lead && ownsHeading(lead, locale) ? lead.id : null,
    };
    const main = renderWith(
      { site, page: view, islands: { shared: new Map() } },
      memos,
      createElement(PageMain, { grid }),
      page.path,
    );
    const header = headerHtmlOf(route.path);
    const html = renderDocument({
      ...shared,
      title,
      documentTitle: documentTitleOf(title, options.partner.name),
      description: page.meta.description,
      keywords: page.meta.keywords,
      canonical: route.kind === "not-found" ? null : absoluteUrl(options.partner.siteUrl, route.path),
      noindex: route.kind === "not-found" || !indexable,
      image: page.meta.image ? publicImageUrl(page.meta.image, options.partner.siteUrl) : null,
      // Read from the bindings' w/h before publicImageUrl drops them from a local file's URL.
      imageSize: page.meta.image ? sizeOf(page.meta.image, { width: 1920, height: 1080 }) : null,
      ogType: route.kind === "article" ? "article" : route.kind === "film" ? "video.movie" : "website",
      facebookVerification: page.meta.facebookVerificationCode,
      cssUrl: options.assets.css,
      jsUrl: options.assets.js,
      preloadScripts,
      devScript: options.assets.devScript ?? null,
      jsonLd: route.structuredData,
      bodyData: {
        "data-json-name": route.jsonName,
        "data-page-data": pageDataUrl(route.jsonName),
        "data-route-kind": route.kind,
        "data-layout": page.layout,
        ...analyticsData,
      },
      body: `<div class="site">${skipLinkHtml}${header}${main}${footerHtml}</div>`,
    });
    return { html, chrome: [skipLinkHtml, header, footerHtml] };
  };
  return { renderPage, render: (page, route) => renderPage(page, route).html };
}

/**
 * The layout's parts that do not change from page to page are rendered once
 * (templates/layout/page-header-footer.tsx): the footer, and the header per menu state.
 */
function renderChrome(site: SiteView, memos: MemoSet) {
  const chrome = (path: string, element: ReturnType<typeof createElement>) =>
    renderWith({ site, page: { path, locale: site.site.activeLocale, title: "", hiddenHeading: "" } }, memos, element);
  const footerHtml = chrome("/", createElement(Footer));
  const skipLinkHtml = chrome("/", createElement(SkipLink));
  const headers = new Map<string, string>();
  const headerHtmlOf = (pagePath: string): string => {
    const current = currentMenuPath(site.headerMenu, pagePath);
    let html = headers.get(current);
    if (html === undefined) headers.set(current, (html = chrome(current, createElement(Header))));
    return html;
  };
  return { footerHtml, skipLinkHtml, headerHtmlOf };
}

/** What every page's document shares, worked out once per site. */
function collectSiteDocumentFields(options: SiteRenderOptions, footerHtml: string) {
  const shared = {
    siteName: options.partner.name,
    favicon: options.site.theme.favicon || null,
    themeColor: safeColor(options.site.theme.colors?.background) ?? safeColor(options.site.theme.colors?.primary),
    themeStyle: themeStyleOf(options.site.theme.colors),
    // The same for every page: the directives a <meta> policy honours, worked out once.
    contentSecurityPolicy: options.contentSecurityPolicy
      ? metaContentSecurityPolicy(options.contentSecurityPolicy)
      : null,
  };
  // Read by client/analytics.ts, and only after the visitor's consent (client/consent.ts).
  const analyticsData = bodyAnalyticsData(options);
  // The boot script shows the consent banner when there is tracking or held footer HTML to ask
  // about (client/consent.ts) and no choice is stored yet: preload it on those sites.
  const asksConsent = Boolean(
    analyticsData["data-analytics-id"] ||
    analyticsData["data-pixel-id"] ||
    analyticsData["data-ad-script"] ||
    footerHtml.includes("data-consent-html"),
  );
  const preloadScripts = asksConsent && options.assets.consentBanner ? [options.assets.consentBanner] : [];
  // An unpublished site, or one not on the 'production' stage, is kept out of search engines (spec 3.2, 4.3).
  const indexable = isIndexable(options.site);
  return { shared, analyticsData, preloadScripts, indexable };
}

/** The page as its templates see it (templates/context.ts). */
function buildPageView(page: ResolvedPage, route: RouteRenderInfo, site: SiteView, siteName: string): PageView {
  const locale = page.meta.locale || site.site.activeLocale;
  const title = page.meta.title || page.title;
  return {
    path: route.path,
    locale,
    title,
    hiddenHeading: route.path === "/" ? siteName : title,
    kind: route.kind,
    showings:
      route.kind === "film" || route.kind === "culture"
        ? pageShowingsOf(
            page.blocks.map((block) => ({ component: block.component, data: [blockDataOf(block, locale) ?? {}] })),
            site.nowLocal,
          )
        : [],
    durationMinutes: route.kind === "film" || route.kind === "culture" ? durationOf(page, locale) : null,
  };
}

/** The production's length in minutes from the first block that binds one (movie-info, movie-cover), or null. */
function durationOf(page: ResolvedPage, locale: string): number | null {
  for (const block of page.blocks) {
    const minutes = numberOf(blockDataOf(block, locale) ?? {}, "duration");
    if (minutes !== null && minutes > 0) return minutes;
  }
  return null;
}

function bodyAnalyticsData({ partner, site }: SiteRenderOptions): Record<string, string> {
  const trackingId = partner.analytics.trackingId ?? site.trackingId;
  const pixelId = partner.analytics.pixelId ?? site.pixelId;
  return {
    ...(trackingId ? { "data-analytics-id": trackingId } : {}),
    ...(pixelId ? { "data-pixel-id": pixelId } : {}),
    ...(trackingId ? { "data-ticket-host": partner.ticketing.host } : {}),
    // The ad server, read by client/ad-slots.ts after consent on pages with slots (spec 3.3).
    ...(partner.adServer
      ? { "data-ad-script": partner.adServer.script, "data-ad-network": partner.adServer.network }
      : {}),
  };
}

function buildSiteView({
  site,
  partner,
  memberService,
  now,
  assets,
  live,
  filmPathsUrl = null,
}: SiteRenderOptions): SiteView {
  const locale = site.activeLocale || site.locale.default;
  return {
    site,
    partner,
    memberService,
    headerMenu: buildMenuTree(site.theme.menu, "header", locale),
    footerMenu: buildMenuTree(site.theme.menu, "footer", locale),
    footerColumns: site.theme.footer
      .filter((column) => column.locale === locale || column.locale === "")
      .slice()
      .sort((a, b) => a.order - b.order)
      .map((column) => ({ ...column, items: column.items.slice().sort((a, b) => a.order - b.order) })),
    cdnHost: partner.imageCdn.host,
    media: assets.media ?? {},
    nowLocal: toOsloLocal(now),
    live: {
      clock: { mode: live?.clock ?? "reference", referenceIso: now },
      basicEventsUrl: live?.apiUrl ? basicEventsUrl(live.apiUrl, partner.siteId) : undefined,
      channel: partner.ticketing.channel,
      cdnHost: partner.imageCdn.host,
      brand: partner.name,
    },
    islands: assets.islands,
    filmPathsUrl,
    search: assets.search,
  };
}

/** Unknown layouts and component kinds fail with their location (lint reports them first). */
function checkPage(page: ResolvedPage, partner: number): void {
  if (!LAYOUTS.includes(page.layout)) {
    throw new BuildError(
      `unknown layout '${page.layout}'`,
      { partner, pagePath: page.path, field: "layout" },
      { hint: didYouMeanHint(page.layout, LAYOUTS), code: "E_UNKNOWN_LAYOUT" },
    );
  }
  for (const block of page.blocks) {
    if (isComponentKind(block.component) && BLOCK_TEMPLATES[block.component]) continue;
    if (isComponentKind(block.component))
      throw new Error(`internal: no template for component kind '${block.component}'`);
    throw new BuildError(
      `unknown component kind '${block.component}'`,
      { partner, pagePath: page.path, blockId: block.id, component: block.component },
      { hint: didYouMeanHint(block.component, Object.keys(COMPONENTS)), code: "E_UNKNOWN_COMPONENT" },
    );
  }
}

function ownsHeading(block: ResolvedBlock, locale: string): boolean {
  if (!PAGE_HEADING_KINDS.has(block.component)) return false;
  const data = blockDataOf(block, locale);
  return typeof data?.title === "string" && data.title.trim() !== "";
}

function renderWith(
  value: RenderContextValue,
  memos: MemoSet,
  element: ReturnType<typeof createElement>,
  pagePath?: string,
): string {
  try {
    return renderToStaticMarkup(
      createElement(MemoContext.Provider, { value: memos }, createElement(RenderContext.Provider, { value }, element)),
    );
  } catch (error) {
    if (isBuildError(error)) throw error;
    throw new Error(
      `rendering ${pagePath ?? "the footer"} failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}
