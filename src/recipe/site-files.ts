/**
 * Every file of the site that is not a route's own page: the redirect outputs, sitemap,
 * robots.txt, the calendar feeds, _headers, the web app manifest, the page manifest, the
 * bundles and the service worker. Planned in memory before the routes render, so a bad redirect table fails
 * the build before any page work is done.
 */
import type { Dataset } from "../model/index.js";
import { isIndexable, visibilityNote } from "../model/site-visibility.js";
import {
  pageManifestFile,
  planHeaders,
  planRedirects,
  redirectHostsOf,
  planRobots,
  planSitemap,
  planWebAppManifest,
  type OutputFile,
} from "../emit/index.js";
import { metaContentSecurityPolicy } from "../render/content-security-policy.js";
import { countHeaderRules } from "../emit/headers.js";
import type { RedirectRule } from "../emit/redirects.js";
import { BuildErrors } from "../errors/index.js";
import { checkHostLimits, type HostLimitInput } from "../hosts/check-host-limits.js";
import { hostProfile, type HostProfile } from "../hosts/host-profile.js";
import { articleAliasRedirects, type ListingFeed, type Route } from "../routes/index.js";
import { showsSearchResults } from "../search/plan-search-index.js";
import { planServiceWorker } from "../sw/index.js";
import { planFilmPathsFile } from "../emit/film-paths.js";
import { planCalendarFeeds } from "../emit/calendar-feed.js";
import { cmsHtmlOf, formActionsOf, imageUrlsOf, sitePolicyOf, trailerOriginsOf } from "../render/stage/site-policy.js";

export interface SiteFilesOptions {
  dataset: Dataset;
  routes: Route[];
  /** The content-hashed client bundle and stylesheet. */
  assets: OutputFile[];
  swKillSwitch: boolean;
  /** The host the site is built for (src/hosts/host-profile.ts). */
  host?: HostProfile;
  /** The programme pages' calendar feeds, by path, as the routes stage read them (PlannedRoutes.feeds). */
  feeds: ReadonlyMap<string, ListingFeed>;
}

export interface SiteFiles {
  files: OutputFile[];
  /**
   * sw.js and offline.html, still being made: workbox (when its output is not in the memo)
   * works while the pages render, since no page needs the worker (docs/performance.md).
   */
  serviceWorker: Promise<OutputFile[]>;
  /** Redirect entries whose target is not a page, and entries a page shadows exactly. */
  warnings: string[];
  /** Trailing-slash twins of a page, left out as designed (docs/redirects.md). */
  notes: string[];
}

export function planSiteFiles({
  dataset,
  routes,
  assets,
  swKillSwitch,
  host = hostProfile(),
  feeds: listingFeeds,
}: SiteFilesOptions): SiteFiles {
  const { site, partner } = dataset;
  const policy = sitePolicyOf(dataset);
  // The cinema's and the programme pages' feeds (docs/spec-decisions.md "Calendar").
  const feeds = planCalendarFeeds(dataset, routes, feedOf(listingFeeds));
  const redirects = planRedirects(
    [...site.redirects, ...articleAliasRedirects(routes, site.redirects)],
    new Set(routes.map((route) => route.path)),
    { siteUrl: partner.siteUrl, allowedHosts: redirectHostsOf(partner), host, contentSecurityPolicy: policy },
  );
  const redirectTable = redirects.files.find((file) => file.path === "redirects.json");
  const serviceWorker = planServiceWorker({
    assets: assets.filter(isPrecached),
    redirectTable,
    imageCdnHost: partner.imageCdn.host,
    offlinePage: {
      name: partner.name,
      colors: site.theme.colors,
      contentSecurityPolicy: metaContentSecurityPolicy(policy),
    },
    // Cloudflare answers '/offline.html' with a 308 to '/offline': the worker asks for the address the host serves.
    offlineUrl: host.pageFiles === "file" ? "/offline" : undefined,
    killSwitch: swKillSwitch,
    cacheId: `cinema-${partner.partner}`,
  });
  serviceWorker.catch(() => undefined); // awaited by the build; a failure earlier must not leave it unhandled
  const files = [
    ...assets,
    ...redirects.files,
    ...planSitemap({
      siteUrl: partner.siteUrl,
      routes: routes.map((route) => ({ path: route.path, lastmod: lastmodOf(route) })),
      redirectFromPaths: redirects.table.map((entry) => entry.fromPath),
    }),
    planRobots(partner.siteUrl, isIndexable(site)),
    ...feeds,
    ...(host.rules ? [headersFile(dataset, routes, host)] : []),
    planWebAppManifest(site, partner),
    pageManifestFile(routes),
    // Not among `assets`: the service worker does not precache it (only members need it).
    ...[planFilmPathsFile(dataset)?.file ?? []].flat(),
  ];
  const limits = checkHostLimits(host, hostLimitInput(partner.partner, routes, files, redirects.rules));
  if (limits.errors.length > 0)
    throw new BuildErrors(limits.errors, `partner ${partner.partner}: the site does not fit --host ${host.name}`);
  // A trailing-slash twin of a page is expected (spec 2.4 links pages both ways) and harmless:
  // one note for all of them.
  const twins = redirects.skipped.filter((s) => s.kind === "twin");
  return {
    files,
    serviceWorker,
    warnings: [...redirects.warnings, ...limits.warnings],
    notes: [
      ...(twins.length > 0 ? [twinNote(twins.map((s) => s.redirect.fromPath))] : []),
      ...[visibilityNote(site) ?? []].flat(),
    ],
  };
}

/** `_headers` for a host that reads rule files: the CSP of what the pages show, caching and types. */
function headersFile(dataset: Dataset, routes: Route[], host: HostProfile): OutputFile {
  return planHeaders({
    partner: { ...dataset.partner, memberService: dataset.memberService },
    site: dataset.site,
    htmlPaths: routes.map((route) => route.path),
    cmsHtml: cmsHtmlOf(dataset),
    videoOrigins: trailerOriginsOf(dataset),
    imageUrls: imageUrlsOf(dataset),
    formActions: formActionsOf(dataset),
    liveUrls: dataset.live?.apiUrl ? [dataset.live.apiUrl] : [],
    webAssembly: showsSearchResults(dataset.site),
    host,
  });
}

/**
 * What the host's limits are checked against before any page renders: each route writes its
 * HTML and its page data, and the service worker two more files (sw.js, offline.html); the
 * search index's files are not known yet.
 */
function hostLimitInput(partner: number, routes: Route[], files: OutputFile[], rules: RedirectRule[]): HostLimitInput {
  const dynamic = rules.filter((rule) => /(^|\/)[:*]/.test(rule.from)).length;
  const headers = files.find((file) => file.path === "_headers");
  return {
    partner,
    files: routes.length * 2 + files.length + 2,
    sizes: files.map((file) => ({
      path: file.path,
      bytes: typeof file.contents === "string" ? Buffer.byteLength(file.contents) : file.contents.length,
    })),
    staticRedirects: rules.length - dynamic,
    dynamicRedirects: dynamic,
    headerRules: headers ? countHeaderRules(String(headers.contents)) : 0,
  };
}

/** Plain words for the operator: what happened, and that nothing needs doing. */
function twinNote(fromPaths: string[]): string {
  const one = fromPaths.length === 1;
  return `${fromPaths.length} redirect${one ? "" : "s"} of the redirect table ${one ? "was" : "were"} left out because ${one ? "it differs" : "each differs"} from a page's address only by a trailing slash, and the page answers with and without it: ${fromPaths.join(", ")}. Nothing to do.`;
}

/**
 * Island bundles and their chunks (React among them) are not precached: a visitor who never
 * opens a page with an island never downloads React. The worker caches them when a page
 * first loads them (src/sw/generate-sw.ts, cache 'islands').
 */
export function isPrecached(file: OutputFile): boolean {
  return !/^assets\/(island-|chunks\/)/.test(file.path);
}

/** Articles know when they changed; other pages change with every programme update. */
function lastmodOf(route: Route): number | null {
  if (route.kind !== "article") return null;
  const updatedAt = (route.record as { updatedAt?: unknown } | undefined)?.updatedAt;
  return typeof updatedAt === "number" ? updatedAt : null;
}

/** planCalendarFeeds' lookup: every route that owns a feed had its listing read by the routes stage. */
export function feedOf(feeds: ReadonlyMap<string, ListingFeed>): (route: Route) => ListingFeed {
  return (route) => {
    const feed = feeds.get(route.path);
    if (!feed) throw new Error(`no calendar feed was read for ${route.path}`);
    return feed;
  };
}
