/**
 * `cinema-build lint` (docs/bindings.md): the editor checks over a Dataset, without rendering. Pure:
 * lintDataset reads the data and returns findings; lintPartner also loads the partner and turns
 * a snapshot that fails validation into findings.
 */
import { createPageResolver } from "../bind/index.js";
import { ownsCalendarFeed } from "../emit/calendar-feed.js";
import { headerRuleCount } from "../emit/headers.js";
import type { RedirectRule } from "../emit/redirects.js";
import { checkHostLimits } from "../hosts/check-host-limits.js";
import { hostProfile, type HostProfile } from "../hosts/host-profile.js";
import type { Dataset, Page } from "../model/index.js";
import { isBuildError } from "../errors/index.js";
import { listListingPages, listProgrammeDayPages } from "../render/programme-window.js";
import { listSharedListings, menuRank } from "../render/shared-day-pages.js";
import { planRedirects, redirectHostsOf } from "../emit/redirects.js";
import { expandRoutes, paramNamesOf } from "../routes/index.js";
import { toOsloLocal } from "../isomorphic/time/oslo.js";
import { Findings, type LintFinding } from "./finding.js";
import { lintFooter, lintMenu, lintMenuTree, lintRedirects, type KnownPaths } from "./lint-links.js";
import { lintFooterHtml } from "./lint-footer-html.js";
import { lintTheme } from "./lint-theme.js";
import { lintPage } from "./lint-page.js";
import { lintBoundLinks } from "./lint-bound-links.js";
import { lintRedirectTargets } from "./lint-redirect-targets.js";
import { lintRichText } from "./lint-rich-text.js";
import { errorToFindings } from "./load-errors.js";

export function lintDataset(dataset: Dataset, host: HostProfile = hostProfile()): LintFinding[] {
  const findings = new Findings();
  const partner = dataset.partner.partner;
  for (const page of dataset.site.pages) lintPage(page, dataset, findings);
  const known: KnownPaths = { routes: routePaths(dataset, findings), redirects: firstTargets(dataset.site.redirects) };
  lintMenu(dataset.site.theme.menu, known, partner, findings);
  lintTheme(dataset.site, known, partner, findings);
  lintFooter(dataset.site.theme.footer, known, partner, findings);
  lintFooterHtml(dataset.site.theme.footer, dataset.partner.contentSecurity.scriptHosts, partner, findings);
  lintRedirects(dataset.site.redirects, known, partner, findings);
  buildRedirectErrors(dataset, known, findings);
  lintHostLimits(dataset, known, host, findings);
  lintRedirectTargets(dataset.site.redirects, dataset.partner, findings);
  lintBoundLinks(dataset, known, findings);
  lintRichText(dataset, known, findings);
  return findings.list;
}

/**
 * The chosen host's limits (src/hosts/check-host-limits.ts) as the build will check them: its
 * redirect and header rules counted from the table and the routes, and its files estimated as a
 * page and its data per route (the assets come on top).
 */
function lintHostLimits(dataset: Dataset, known: KnownPaths, host: HostProfile, findings: Findings): void {
  let rules: RedirectRule[];
  try {
    rules = planRedirects(dataset.site.redirects, new Set(known.routes), {
      allowedHosts: redirectHostsOf(dataset.partner),
      host,
    }).rules;
  } catch {
    return; // the bad entries are reported by buildRedirectErrors
  }
  const dynamic = rules.filter((rule) => /(^|\/)[:*]/.test(rule.from)).length;
  const partner = dataset.partner.partner;
  const input = {
    partner,
    files: known.routes.size * 2,
    sizes: [],
    staticRedirects: rules.length - dynamic,
    dynamicRedirects: dynamic,
    headerRules: host.rules ? headerRuleCount(known.routes, host) : 0,
  };
  const result = checkHostLimits(host, input);
  for (const error of result.errors)
    findings.error({ partner, field: error.location.field }, error.message, error.hint);
  for (const warning of result.warnings) findings.warning({ partner }, warning);
}

/**
 * The build's own redirect checks (src/emit/redirects.ts: a fromPath that differs from a page
 * only by letter case, paths a host cannot serve, one path with two targets), for the entries
 * lintRedirects said nothing about: what fails the build fails lint first.
 */
function buildRedirectErrors(dataset: Dataset, known: KnownPaths, findings: Findings): void {
  try {
    planRedirects(dataset.site.redirects, new Set(known.routes), {
      siteUrl: dataset.partner.siteUrl,
      allowedHosts: redirectHostsOf(dataset.partner),
    });
  } catch (error) {
    if (!isBuildError(error)) throw error;
    const indexOf = (field: string | undefined) => /redirects\[(\d+)\]/.exec(field ?? "")?.[1] ?? null;
    const said = new Set(findings.list.map((finding) => indexOf(finding.field)).filter((index) => index !== null));
    for (const finding of errorToFindings(error, dataset.partner.partner)) {
      const index = indexOf(finding.field);
      if (index === null || !said.has(index)) findings.list.push(finding);
    }
  }
}

/**
 * What lint calls an error in the pages' sources and bindings (a property the model does not
 * have, a boolean that says 'ja') and in the menu's tree (a cycle, a parent that does not
 * exist: those items are missing from every page), as the build's warnings: the build still publishes (a field
 * bound to a property it does not know is empty or at its default, as docs/bindings.md says),
 * but it says so instead of publishing an empty field without a word.
 */
export function pageBindingWarnings(dataset: Dataset): string[] {
  const findings = new Findings();
  for (const page of dataset.site.pages) lintPage(page, dataset, findings);
  lintMenuTree(dataset.site.theme.menu, dataset.partner.partner, findings);
  return findings.list
    .filter((finding) => finding.severity === "error")
    .map((f) => {
      const where =
        [
          f.pagePath ? `page ${f.pagePath}` : "",
          f.blockId ? `block ${f.blockId}${f.component ? ` (${f.component})` : ""}` : "",
          f.field ? `field ${f.field}` : "",
        ]
          .filter(Boolean)
          .join(", ") || "site";
      return `${where}: ${f.message}${f.hint ? ` (${f.hint})` : ""}; 'cinema-build lint' reports it as an error`;
    });
}

/**
 * Every concrete route path, and the programme pages' calendar feeds; route errors (conflicts,
 * unusable parameters) become findings.
 * After an error the pages are expanded one by one, so one detail page whose routes cannot be
 * listed does not hide the routes of the others (links to them are not broken).
 */
function routePaths(dataset: Dataset, findings: Findings): Set<string> {
  // Projected as the build's (src/recipe/prepare-site.ts planRoutes): which programme pages
  // share day pages is decided on the records as the templates read them.
  const resolver = createPageResolver(dataset, { projectRecords: true });
  // The routes the build writes, day pages and listings' later pages included, so a link to
  // /kinoprogram/dag/… or /filmer/side/2 is not reported as leading nowhere.
  const programmeDays = listProgrammeDayPages(resolver);
  const listingPages = listListingPages(resolver, toOsloLocal(dataset.now));
  const expand = (pages: Page[]) =>
    expandRoutes({
      partner: dataset.partner.partner,
      pages,
      selectRecords: resolver.selectRecords,
      programmeDays,
      listingPages,
      listingOf: listSharedListings(resolver),
      pageRank: menuRank(dataset.site),
      // A programme page's calendar feed is a path a link may name.
    }).flatMap((r) => (ownsCalendarFeed(r) ? [r.path, r.calendarFeed!] : [r.path]));
  try {
    return new Set(expand(dataset.site.pages));
  } catch (error) {
    if (!isBuildError(error)) throw error;
    // The page checks may have said it already, in their words or at their place (a regex that
    // does not compile, a boolean field that says 'ja').
    const said = new Set(findings.list.flatMap(sayings));
    findings.list.push(
      ...errorToFindings(error, dataset.partner.partner).filter(
        (finding) => !sayings(finding).some((saying) => said.has(saying)),
      ),
    );
  }
  const paths = new Set<string>();
  for (const page of dataset.site.pages) {
    try {
      for (const path of expand([page])) paths.add(path);
    } catch (error) {
      if (!isBuildError(error)) throw error;
      // The page is there, its error reported: links to it are not links to nowhere.
      if (paramNamesOf(page.path).length === 0) paths.add(page.path);
    }
  }
  return paths;
}

/** What makes a finding the same as another: its message on the page, or its exact place. */
const sayings = (f: LintFinding) => [
  `${f.pagePath ?? ""}\0${f.message}`,
  `${f.pagePath ?? ""}\0${f.blockId ?? ""}\0${f.field ?? ""}`,
];

/** fromPath -> toPath, the first entry of a fromPath winning, as in the build (src/emit/redirects.ts). */
function firstTargets(redirects: readonly { fromPath: string; toPath: string }[]): Map<string, string> {
  const targets = new Map<string, string>();
  for (const { fromPath, toPath } of redirects) if (!targets.has(fromPath)) targets.set(fromPath, toPath);
  return targets;
}
