/**
 * sitemap.xml and robots.txt (sitemaps.org protocol). Hand-written rather than through the
 * `sitemap` package's streams: the output is a few fixed lines per URL, this keeps it
 * synchronous and byte-deterministic (no build timestamps), and tests/unit/sitemap.test.ts
 * proves the escaping. Above 50,000 URLs (the protocol's limit per file) sitemap.xml becomes
 * a sitemap index over sitemap-1.xml, sitemap-2.xml, …
 */
import { osloOffset } from "../isomorphic/time/oslo.js";
import type { OutputFile } from "../model/output-file.js";
import { redirectKey } from "./redirects.js";
import { absoluteUrl, escapeXml } from "../isomorphic/url.js";

export interface SitemapRoute {
  /** Site path as routed, e.g. '/article/filmprek:-dune' or '/kløverkino'. */
  path: string;
  /**
   * Last modification: ISO 8601 ('2024-05-01', '2024-05-01T10:00:00+02:00'), a platform
   * local datetime ('YYYY-MM-DD HH:mm:ss', Europe/Oslo) or epoch milliseconds.
   */
  lastmod?: string | number | null;
}

export interface SitemapOptions {
  /** partner.siteUrl, without trailing slash. */
  siteUrl: string;
  routes: Iterable<SitemapRoute>;
  /** fromPaths of the redirect table: never listed. */
  redirectFromPaths?: Iterable<string>;
  /** URLs per file; 50,000 by the protocol (smaller in tests). */
  maxUrlsPerFile?: number;
}

/** Routes that are not public indexable content (spec 2.3): never in the sitemap. */
export const NOT_INDEXED_PATHS: readonly string[] = ["/404.html", "/min-side", "/search", "/test", "/offline.html"];

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

export function planSitemap(options: SitemapOptions): OutputFile[] {
  const limit = options.maxUrlsPerFile ?? 50_000;
  const excluded = new Set([...NOT_INDEXED_PATHS, ...(options.redirectFromPaths ?? [])].map(redirectKey));
  const byKey = new Map<string, { loc: string; lastmod: string | null }>();
  for (const route of options.routes) {
    const key = redirectKey(route.path);
    if (excluded.has(key) || isUnderExcluded(key, excluded)) continue;
    if (byKey.has(key)) continue;
    byKey.set(key, { loc: absoluteUrl(options.siteUrl, route.path), lastmod: formatLastmod(route.lastmod) });
  }
  const entries = [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, entry]) => entry);

  if (entries.length <= limit) return [{ path: "sitemap.xml", contents: urlset(entries) }];
  const files: OutputFile[] = [];
  const parts: { loc: string; lastmod: string | null }[] = [];
  for (let start = 0, n = 1; start < entries.length; start += limit, n += 1) {
    const slice = entries.slice(start, start + limit);
    const name = `sitemap-${n}.xml`;
    files.push({ path: name, contents: urlset(slice) });
    parts.push({ loc: absoluteUrl(options.siteUrl, `/${name}`), lastmod: latest(slice) });
  }
  const index = parts.map(
    (part) =>
      `<sitemap><loc>${escapeXml(part.loc)}</loc>${part.lastmod ? `<lastmod>${part.lastmod}</lastmod>` : ""}</sitemap>\n`,
  );
  files.unshift({
    path: "sitemap.xml",
    contents: `${XML_HEAD}<sitemapindex ${NS}>\n${index.join("")}</sitemapindex>\n`,
  });
  return files;
}

/**
 * robots.txt: everything public may be crawled except the personal and search pages. A site
 * that is not indexable (src/model/site-visibility.ts) disallows all and names no sitemap.
 */
export function planRobots(siteUrl: string, indexable = true): OutputFile {
  if (!indexable) return { path: "robots.txt", contents: "User-agent: *\nDisallow: /\n" };
  const lines = [
    "User-agent: *",
    "Disallow: /min-side",
    "Disallow: /search",
    "",
    `Sitemap: ${absoluteUrl(siteUrl, "/sitemap.xml")}`,
    "",
  ];
  return { path: "robots.txt", contents: lines.join("\n") };
}

function urlset(entries: { loc: string; lastmod: string | null }[]): string {
  const body = entries.map(
    (entry) =>
      `<url><loc>${escapeXml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ""}</url>\n`,
  );
  return `${XML_HEAD}<urlset ${NS}>\n${body.join("")}</urlset>\n`;
}

function isUnderExcluded(key: string, excluded: Set<string>): boolean {
  return key.startsWith("/min-side/") && excluded.has("/min-side");
}

/** The greatest lastmod of a part, compared as instants. */
function latest(entries: { lastmod: string | null }[]): string | null {
  let best: string | null = null;
  let bestTime = -Infinity;
  for (const { lastmod } of entries) {
    if (!lastmod) continue;
    const time = Date.parse(lastmod);
    if (time > bestTime) {
      bestTime = time;
      best = lastmod;
    }
  }
  return best;
}

/** W3C datetime for <lastmod>, or null when the value is missing or not understood. */
export function formatLastmod(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "number")
    return Number.isFinite(value) ? new Date(value).toISOString().replace(/\.\d{3}Z$/, "Z") : null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const local = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(value);
  if (local) return `${local[1]}T${local[2]}${osloOffset(local[1], local[2])}`;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return value;
  return null;
}
