/**
 * The redirect table (spec 2.1: "when the current path matches a fromPath, the user is sent to
 * its toPath") as the files the chosen host reads (src/hosts/host-profile.ts,
 * docs/redirects.md):
 * - `_redirects` on hosts with rules (Netlify, Cloudflare Pages): a real 301 that keeps the query;
 * - a meta-refresh page at each fromPath on hosts without rules (`static`);
 * - `redirects.json`, which the browser client applies on first load and every navigation.
 *
 * The table is applied as the spec says, so one editor's slip never blocks a deploy: a chain
 * collapses to its final target, a second entry for one fromPath is left out with a warning
 * (the first in table order wins), and a loop's entries are left out with a warning (lint calls
 * the loop an error). A fromPath that is a page's path is applied too: the visitor is sent on,
 * and the build warns unless the entry says `"shadowsPage": true`. Only a trailing-slash twin
 * of a page is left out, as the page answers both forms. Entries of unusable form (a target on
 * a host the partner does not allow, wildcard syntax, …) still fail the build.
 */
import { normalizeRedirectSource, normalizeRedirectTarget, redirectKey } from "../isomorphic/redirect-path.js";
import type { PartnerConfig } from "../model/partner-schema.js";
import { BuildError, BuildErrors } from "../errors/index.js";
import { hostProfile, type HostProfile } from "../hosts/host-profile.js";
import type { Redirect } from "../model/index.js";
import { MAX_REDIRECTS } from "../validate/limits.js";
import { redirectPageHtml } from "./redirect-page.js";
import type { OutputFile } from "../model/output-file.js";
import { checkSitePath } from "./site-path.js";
import { decodePath, encodeUrlPath, isExternalUrl } from "../isomorphic/url.js";

export interface RedirectRule {
  from: string;
  to: string;
  /** 301, or '301!' where the host applies a rule over an existing file only when forced. */
  status: "301" | "301!";
}

export interface SkippedRedirect {
  redirect: Redirect;
  /**
   * 'twin': a page's path with or without its trailing slash (expected, harmless);
   * 'duplicate': a second entry for a fromPath (the first wins); 'loop': part of a redirect loop.
   */
  kind: "twin" | "duplicate" | "loop";
  /** Position in site.redirects. */
  index: number;
  reason: string;
}

export interface PlanRedirectsOptions {
  /** Partner siteUrl, for the meta-refresh pages' canonical link; relative links without it. */
  siteUrl?: string;
  /**
   * Host names absolute targets may name (the build: the site's own host, the ticketing host
   * and partner.json redirectHosts). Without it any https host passes the form checks.
   */
  allowedHosts?: readonly string[];
  /** The host the site is built for; default the default profile. */
  host?: HostProfile;
  /** The Content-Security-Policy of the site, carried by each meta-refresh page as a <meta>. */
  contentSecurityPolicy?: string;
}

export interface RedirectPlan {
  /** `_redirects` or the meta-refresh pages, and `redirects.json`. */
  files: OutputFile[];
  /** The host rules, in `_redirects` order (none for a host without rules). */
  rules: RedirectRule[];
  /** The applied entries, chains collapsed, as written to redirects.json. */
  table: Redirect[];
  /** Entries not applied, with the reason (log them). */
  skipped: SkippedRedirect[];
  /** Applied entries whose fromPath is a page's path (the page is no longer reached). */
  shadowing: Redirect[];
  /** Warnings for the operator: entries left out, pages shadowed, targets that are no page. */
  warnings: string[];
}

/**
 * Plans the redirect outputs. `pagePaths` are the paths of every route of the build. Throws
 * BuildErrors naming the entries of unusable form; everything else is applied or left out
 * with a warning.
 */
export function planRedirects(
  redirects: Redirect[],
  pagePaths: Set<string>,
  options: PlanRedirectsOptions = {},
): RedirectPlan {
  if (redirects.length > MAX_REDIRECTS) {
    throw new BuildError(
      `the redirect table has ${redirects.length} entries; at most ${MAX_REDIRECTS} are supported`,
      { field: "site.redirects" },
      {
        code: "E_LIMIT",
        hint: "each entry becomes a host rule or a page and a line of redirects.json, which every visitor's service worker precaches",
      },
    );
  }
  const host = options.host ?? hostProfile();
  const pages = new Map<string, string>();
  for (const page of pagePaths) pages.set(redirectKey(page), page);
  const { applied, skipped, shadowing } = acceptEntries(redirects, pages, options);
  const loops = collapseChains(applied);
  skipped.push(...loops);

  const table = [...applied.values()].map((entry) => entry.redirect).sort((a, b) => compare(a.fromPath, b.fromPath));
  const unreached = table.filter((entry) => !isExternalUrl(entry.toPath) && !pages.has(targetKey(entry.toPath)));
  const rules = host.rules ? hostRules(table, host) : [];
  const files: OutputFile[] = [
    ...(host.rules
      ? [{ path: "_redirects", contents: rules.map((rule) => `${rule.from} ${rule.to} ${rule.status}\n`).join("") }]
      : []),
    {
      path: "redirects.json",
      contents: `${JSON.stringify(table.map(({ fromPath, toPath }) => ({ fromPath, toPath })))}\n`,
    },
    // A page at the fromPath keeps its file on a host without rules; its boot script applies
    // the table on first load (spec 2.1).
    ...(host.rules ? [] : table.filter((entry) => !pages.has(redirectKey(entry.fromPath)))).map((entry) => ({
      path: redirectPageFile(entry.fromPath),
      contents: redirectPageHtml(entry.toPath, {
        siteUrl: options.siteUrl,
        contentSecurityPolicy: options.contentSecurityPolicy,
      }),
    })),
  ];
  const warnings = [
    ...skipped
      .filter((s) => s.kind !== "twin")
      .map(
        (s) =>
          `redirect ${s.redirect.fromPath} → ${s.redirect.toPath} (site.redirects[${s.index}]) left out: ${s.reason}`,
      ),
    ...shadowing
      .filter((entry) => entry.shadowsPage !== true)
      .map(
        (entry) =>
          `redirect ${entry.fromPath} → ${entry.toPath}: the page at ${entry.fromPath} is no longer reached; visitors are sent on (mark the entry "shadowsPage": true if that is meant)`,
      ),
    ...unreached.map((entry) => `redirect ${entry.fromPath} → ${entry.toPath}: the target is not a page of this build`),
  ];
  return { files, rules, table, skipped, shadowing, warnings };
}

export { redirectKey };

/** Hosts an absolute redirect target may name: the site, the ticketing provider, partner.json redirectHosts. */
export function redirectHostsOf(partner: Pick<PartnerConfig, "siteUrl" | "ticketing" | "redirectHosts">): string[] {
  return [new URL(partner.siteUrl).hostname, new URL(partner.ticketing.host).hostname, ...partner.redirectHosts].map(
    (host) => host.toLowerCase(),
  );
}

interface AcceptedEntry {
  redirect: Redirect;
  index: number;
}

interface AcceptedTable {
  /** By fromPath key, in table order. */
  applied: Map<string, AcceptedEntry>;
  skipped: SkippedRedirect[];
  shadowing: Redirect[];
}

/** The entries of usable form, first one per fromPath; throws for entries of unusable form. */
function acceptEntries(
  redirects: Redirect[],
  pages: Map<string, string>,
  options: PlanRedirectsOptions,
): AcceptedTable {
  const errors: BuildError[] = [];
  const skipped: SkippedRedirect[] = [];
  const shadowing: Redirect[] = [];
  const applied = new Map<string, AcceptedEntry>();
  const caseTwins = new Map<string, string>();
  for (const key of pages.keys()) caseTwins.set(key.toLowerCase(), key);
  const isAllowedHost = (host: string) =>
    options.allowedHosts === undefined || options.allowedHosts.includes(host.toLowerCase());
  for (const [index, original] of redirects.entries()) {
    const source = normalizeRedirectSource(original.fromPath);
    const target = normalizeRedirectTarget(original.toPath, isAllowedHost);
    const problem = !source.ok ? source.reason : !target.ok ? target.reason : checkSitePath(original.fromPath);
    if (problem) {
      errors.push(entryError(problem, original, index));
      continue;
    }
    const redirect: Redirect = { ...original, toPath: (target as { to: string }).to };
    const fromKey = redirectKey(redirect.fromPath);
    const twin = caseTwins.get(fromKey.toLowerCase());
    if (twin !== undefined && twin !== fromKey) {
      errors.push(
        entryError(
          `fromPath differs from '${twin}' only by letter case; on a case-insensitive file system one would overwrite the other`,
          original,
          index,
        ),
      );
      continue;
    }
    caseTwins.set(fromKey.toLowerCase(), fromKey);
    const page = pages.get(fromKey);
    if (page !== undefined && page !== redirect.fromPath) {
      skipped.push({
        redirect,
        index,
        kind: "twin",
        reason: `differs from page '${page}' only by a trailing slash; the page answers both forms`,
      });
      continue;
    }
    const earlier = applied.get(fromKey);
    if (earlier) {
      if (targetKey(earlier.redirect.toPath) !== targetKey(redirect.toPath)) {
        skipped.push({
          redirect,
          index,
          kind: "duplicate",
          reason: `site.redirects[${earlier.index}] already sends '${earlier.redirect.fromPath}' to '${earlier.redirect.toPath}'; the first entry wins`,
        });
      }
      continue;
    }
    if (page !== undefined) shadowing.push(redirect);
    applied.set(fromKey, { redirect, index });
  }
  if (errors.length > 0)
    throw new BuildErrors(errors, `${errors.length} bad redirect${errors.length === 1 ? "" : "s"}`);
  return { applied, skipped, shadowing };
}

/**
 * Points every entry at the end of its chain (A → B, B → C: A → C), so a visitor is sent once.
 * The entries of a loop (A → B → A, or A → A once slashes are ignored) lead nowhere: they are
 * removed from `applied` and returned.
 */
function collapseChains(applied: Map<string, AcceptedEntry>): SkippedRedirect[] {
  const inLoop = new Set<string>();
  const finals = new Map<string, string>();
  for (const [fromKey, start] of applied) {
    const seen = [fromKey];
    let current = start.redirect.toPath;
    while (!isExternalUrl(current) && applied.has(targetKey(current))) {
      const key = targetKey(current);
      if (seen.includes(key)) {
        for (const member of seen.slice(seen.indexOf(key))) inLoop.add(member);
        break;
      }
      seen.push(key);
      current = applied.get(key)!.redirect.toPath;
    }
    // A chain that runs into a loop ends at the loop's first fromPath, which the host then
    // answers itself (a page, or not found), since the loop's entries are left out.
    finals.set(fromKey, current);
  }
  const loops: SkippedRedirect[] = [];
  for (const [key, entry] of applied) {
    if (inLoop.has(key)) {
      loops.push({
        redirect: entry.redirect,
        index: entry.index,
        kind: "loop",
        reason: "part of a redirect loop, which would send visitors round forever",
      });
      applied.delete(key);
    } else if (finals.get(key) !== entry.redirect.toPath) {
      entry.redirect = { ...entry.redirect, toPath: finals.get(key)! };
    }
  }
  return loops.sort((a, b) => a.index - b.index);
}

function targetKey(toPath: string): string {
  if (isExternalUrl(toPath)) return toPath;
  return redirectKey(toPath.replace(/[?#].*$/, ""));
}

function entryError(message: string, entry: Redirect, index: number): BuildError {
  return new BuildError(
    `${message}: ${entry.fromPath} → ${entry.toPath}`,
    { field: `site.redirects[${index}]` },
    { code: "E_REDIRECT" },
  );
}

/**
 * Host rules: plain paths first, then any with placeholders or splats; each sorted. Netlify's
 * rules are forced ('301!'), since a build file at the fromPath (a page the redirect shadows)
 * would otherwise win; Cloudflare matches the exact path, so both slash forms get a rule.
 */
function hostRules(table: Redirect[], host: HostProfile): RedirectRule[] {
  const status = host.forceRedirects ? "301!" : "301";
  const rules: RedirectRule[] = [];
  for (const entry of table) {
    const to = isExternalUrl(entry.toPath) ? new URL(entry.toPath).href : encodeUrlPath(entry.toPath);
    const from = encodeUrlPath(entry.fromPath);
    rules.push({ from, to, status });
    if (host.slashTwinRules && from !== "/" && !from.endsWith(".html"))
      rules.push({ from: from.endsWith("/") ? from.replace(/\/+$/, "") : `${from}/`, to, status });
  }
  const isPattern = (rule: RedirectRule) => /(^|\/)[:*]/.test(rule.from);
  const byFrom = (a: RedirectRule, b: RedirectRule) => compare(a.from, b.from);
  return [...rules.filter((rule) => !isPattern(rule)).sort(byFrom), ...rules.filter(isPattern).sort(byFrom)];
}

/** Folder index like the pages ('/gammel' → 'gammel/index.html'), so both slash forms answer. */
export function redirectPageFile(fromPath: string): string {
  const trimmed = decodePath(fromPath).replace(/^\/+|\/+$/g, "");
  if (trimmed === "") return "index.html";
  if (trimmed.endsWith(".html")) return trimmed;
  return `${trimmed}/index.html`;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
