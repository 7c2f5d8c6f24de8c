/**
 * The redirect table (spec 2.1) as three outputs, because static hosts differ:
 * - `_redirects` for hosts with redirect rules (Netlify, Cloudflare Pages): a real 301;
 * - a meta-refresh page at each fromPath for hosts without rules (and for crawlers);
 * - `redirects.json`, which the browser client applies on first load and every navigation.
 * A fromPath that names a page of this build (also when it differs only by a trailing slash)
 * is skipped: the page wins and is never overwritten (docs/redirects.md).
 */
import { normalizeRedirectSource, normalizeRedirectTarget, redirectKey } from "../../client/redirect-path.js";
import type { PartnerConfig } from "../config/partner-schema.js";
import { BuildError, BuildErrors } from "../errors/index.js";
import { MAX_REDIRECTS } from "../validate/limits.js";
import { checkSitePath } from "./site-path.js";
import type { Redirect } from "../model/index.js";
import type { OutputFile } from "./output-file.js";
import { absoluteUrl, decodePath, encodeUrlPath, escapeXml, isExternalUrl } from "./url.js";

export interface RedirectRule {
  from: string;
  to: string;
  status: 301;
}

export interface SkippedRedirect {
  redirect: Redirect;
  /** 'twin': a page's path with or without its trailing slash (expected, harmless); 'shadowed': exactly a page's path. */
  kind: "twin" | "shadowed";
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
}

export interface RedirectPlan {
  /** `_redirects`, `redirects.json` and one meta-refresh page per applied entry. */
  files: OutputFile[];
  /** The applied entries as host rules, in `_redirects` order. */
  rules: RedirectRule[];
  /** The applied entries, as written to redirects.json. */
  table: Redirect[];
  /** Entries not applied, with the reason (log them as warnings). */
  skipped: SkippedRedirect[];
  /** Applied entries whose target is not a page of this build. */
  warnings: string[];
}

/**
 * Plans the redirect outputs. `pagePaths` are the paths of every route of the build.
 * Throws BuildErrors naming the entries when the table has loops, chains, conflicting
 * duplicates or unusable paths.
 */
export function planRedirects(redirects: Redirect[], pagePaths: Set<string>, options: PlanRedirectsOptions = {}): RedirectPlan {
  const pages = new Map<string, string>();
  for (const page of pagePaths) pages.set(redirectKey(page), page);
  const errors: BuildError[] = [];
  const skipped: SkippedRedirect[] = [];
  const applied = new Map<string, Redirect>();

  const caseTwins = new Map<string, string>();
  for (const key of pages.keys()) caseTwins.set(key.toLowerCase(), key);
  const isAllowedHost = (host: string) => options.allowedHosts === undefined || options.allowedHosts.includes(host.toLowerCase());
  if (redirects.length > MAX_REDIRECTS) {
    throw new BuildError(`the redirect table has ${redirects.length} entries; at most ${MAX_REDIRECTS} are supported`, { field: "site.redirects" }, { code: "E_LIMIT", hint: "each entry becomes a page, a host rule and a line of redirects.json, which every visitor's service worker precaches" });
  }
  for (const [index, original] of redirects.entries()) {
    const source = normalizeRedirectSource(original.fromPath);
    const target = normalizeRedirectTarget(original.toPath, isAllowedHost);
    const written = source.ok ? checkSitePath(original.fromPath) : null;
    const problem = !source.ok ? source.reason : !target.ok ? target.reason : written;
    if (problem) {
      errors.push(entryError(problem, [original], undefined, index));
      continue;
    }
    const redirect = { fromPath: original.fromPath, toPath: (target as { to: string }).to };
    const fromKey = redirectKey(redirect.fromPath);
    const twin = caseTwins.get(fromKey.toLowerCase());
    if (twin !== undefined && twin !== fromKey) {
      errors.push(entryError(`fromPath differs from '${twin}' only by letter case; on a case-insensitive file system one would overwrite the other`, [original], undefined, index));
      continue;
    }
    caseTwins.set(fromKey.toLowerCase(), fromKey);
    const page = pages.get(fromKey);
    if (page !== undefined) {
      skipped.push(
        page === redirect.fromPath
          ? { redirect, kind: "shadowed", reason: `page '${page}' exists; the page wins` }
          : { redirect, kind: "twin", reason: `differs from page '${page}' only by a trailing slash; the page answers both forms` },
      );
      continue;
    }
    const earlier = applied.get(fromKey);
    if (earlier) {
      if (targetKey(earlier.toPath) !== targetKey(redirect.toPath)) errors.push(entryError("one fromPath has two different targets", [earlier, redirect]));
      continue;
    }
    if (!isExternalUrl(redirect.toPath) && targetKey(redirect.toPath) === fromKey) {
      errors.push(entryError("redirects to itself (a loop on hosts that ignore trailing slashes)", [redirect]));
      continue;
    }
    applied.set(fromKey, redirect);
  }
  errors.push(...findChains(applied));
  if (errors.length > 0) throw new BuildErrors(errors, `${errors.length} bad redirect${errors.length === 1 ? "" : "s"}`);

  const table = [...applied.values()].sort((a, b) => compare(a.fromPath, b.fromPath));
  const warnings = table
    .filter((entry) => !isExternalUrl(entry.toPath) && !pages.has(targetKey(entry.toPath)))
    .map((entry) => `redirect ${entry.fromPath} → ${entry.toPath}: the target is not a page of this build`);
  const rules = hostRules(table);
  const files: OutputFile[] = [
    { path: "_redirects", contents: rules.map((rule) => `${rule.from} ${rule.to} ${rule.status}\n`).join("") },
    { path: "redirects.json", contents: `${JSON.stringify(table.map(({ fromPath, toPath }) => ({ fromPath, toPath })))}\n` },
    ...table.map((entry) => ({ path: redirectPageFile(entry.fromPath), contents: renderRedirectPage(entry.toPath, options.siteUrl) })),
  ];
  return { files, rules, table, skipped, warnings };
}

export { redirectKey };

/** Hosts an absolute redirect target may name: the site, the ticketing provider, partner.json redirectHosts. */
export function redirectHostsOf(partner: Pick<PartnerConfig, "siteUrl" | "ticketing" | "redirectHosts">): string[] {
  return [new URL(partner.siteUrl).hostname, new URL(partner.ticketing.host).hostname, ...partner.redirectHosts].map((host) => host.toLowerCase());
}

function targetKey(toPath: string): string {
  if (isExternalUrl(toPath)) return toPath;
  return redirectKey(toPath.replace(/[?#].*$/, ""));
}


/** A target that is itself redirected is a chain (A → B → C) or a loop (A → B → A). */
function findChains(applied: Map<string, Redirect>): BuildError[] {
  const errors: BuildError[] = [];
  const reported = new Set<string>();
  for (const [fromKey, start] of applied) {
    if (isExternalUrl(start.toPath) || !applied.has(targetKey(start.toPath))) continue;
    const path: Redirect[] = [start];
    const visited = new Set([fromKey]);
    let next = applied.get(targetKey(start.toPath));
    let loop = false;
    while (next) {
      const key = redirectKey(next.fromPath);
      if (visited.has(key)) {
        loop = true;
        break;
      }
      visited.add(key);
      path.push(next);
      next = isExternalUrl(next.toPath) ? undefined : applied.get(targetKey(next.toPath));
    }
    const id = [...visited].sort().join("|");
    if (reported.has(id)) continue;
    reported.add(id);
    const hint = loop ? "remove one entry of the loop" : `point '${start.fromPath}' straight at the final target`;
    errors.push(entryError(loop ? "redirect loop" : "redirect chain", path, hint));
  }
  return errors;
}

function entryError(message: string, entries: Redirect[], hint?: string, index?: number): BuildError {
  const chain = entries.map((entry) => `${entry.fromPath} → ${entry.toPath}`).join(", ");
  return new BuildError(`${message}: ${chain}`, { field: index === undefined ? "site.redirects" : `site.redirects[${index}]` }, { hint, code: "E_REDIRECT" });
}

/** Host rules: plain paths first, then any with placeholders or splats; each sorted. */
function hostRules(table: Redirect[]): RedirectRule[] {
  const rules = table.map((entry) => ({ from: encodeUrlPath(entry.fromPath), to: isExternalUrl(entry.toPath) ? new URL(entry.toPath).href : encodeUrlPath(entry.toPath), status: 301 as const }));
  const isPattern = (rule: RedirectRule) => /(^|\/)[:*]/.test(rule.from);
  return [...rules.filter((rule) => !isPattern(rule)), ...rules.filter(isPattern)];
}

/** Folder index like the pages ('/gammel' → 'gammel/index.html'), so both slash forms answer. */
export function redirectPageFile(fromPath: string): string {
  const trimmed = decodePath(fromPath).replace(/^\/+|\/+$/g, "");
  if (trimmed === "") return "index.html";
  if (trimmed.endsWith(".html")) return trimmed;
  return `${trimmed}/index.html`;
}

function renderRedirectPage(toPath: string, siteUrl: string | undefined): string {
  const href = escapeXml(isExternalUrl(toPath) ? new URL(toPath).href : encodeUrlPath(toPath));
  const canonical = escapeXml(siteUrl ? absoluteUrl(siteUrl, toPath) : isExternalUrl(toPath) ? new URL(toPath).href : encodeUrlPath(toPath));
  return [
    "<!DOCTYPE html>",
    '<html lang="nb">',
    "<head>",
    '<meta charset="utf-8">',
    "<title>Siden har flyttet</title>",
    '<meta name="robots" content="noindex">',
    `<meta http-equiv="refresh" content="0; url=${href}">`,
    `<link rel="canonical" href="${canonical}">`,
    "</head>",
    "<body>",
    `<p>Siden har flyttet til <a href="${href}">${escapeXml(decodePath(toPath))}</a>.</p>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
