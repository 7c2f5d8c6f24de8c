import path from "node:path";
import type { BuildResult } from "../build.js";
import type { LinkReport } from "../links/index.js";

const KIND_LABELS: Record<string, string> = {
  static: "pages",
  film: "films",
  culture: "culture events",
  article: "articles",
  "not-found": "not-found page",
};

/** Broken links listed by the report; the rest are counted. */
export const BROKEN_LINKS_LISTED = 5;

/**
 * The report printed at the end of a build: pages by type, files and bytes, broken internal
 * links, time per stage, and notes. Every line says what it means in plain words, and a note
 * says whether anything needs doing (docs/architecture.md, links).
 */
export function formatBuildReport(result: BuildResult): string {
  const s = result.summary;
  // A fixed order: with render workers the counts arrive in any order.
  const routes = Object.keys(KIND_LABELS)
    .filter((kind) => result.routes[kind as keyof typeof result.routes])
    .map((kind) => `${result.routes[kind as keyof typeof result.routes]} ${KIND_LABELS[kind]}`)
    .join(", ");
  const total = Object.values(result.routes).reduce((sum, n) => sum + (n ?? 0), 0);
  const stages = result.timings.map((t) => `${t.stage} ${formatMs(t.ms)}`).join(", ");
  const out = path.relative(process.cwd(), result.out) || result.out;
  const upcoming =
    s.placeholders > 0
      ? `, ${s.placeholders} upcoming film${s.placeholders === 1 ? "" : "s"} with no showing yet (shown by premiere date)`
      : "";
  return [
    `Built partner ${result.partner} into ${out} (data captured ${result.capturedAt}, reference time ${result.now})`,
    `  data: ${s.pages} CMS pages, ${s.films} films, ${s.culture} culture events, ${s.showings} showings${upcoming}, ${s.articles} articles, ${s.redirects} redirects`,
    `  routes: ${total} (${routes}); previous build: ${result.previousRoutes ?? "none"}${result.reused > 0 ? `; ${result.reused} reused from the build cache, ${total - result.reused} rendered` : ""}`,
    `  wrote ${result.files} files, ${formatBytes(result.bytes)}`,
    formatChanges(result),
    ...formatLinks(result.links),
    `  ${formatMs(result.wallMs)}: ${stages}`,
    ...result.notes.map((note) => `  note: ${note}`),
    "",
  ].join("\n");
}

/**
 * What an upload of only the changes sends (README "Deployment"), and where the deploy manifest
 * that lists them is: 'changed since the last build: 7 files, 118.0 KiB (7 changed)'.
 */
export function formatChanges(result: Pick<BuildResult, "changes" | "manifest">): string {
  const manifest = path.relative(process.cwd(), result.manifest) || result.manifest;
  const { changes } = result;
  if (!changes)
    return `  changed since the last build: unknown (no deploy manifest from it); every file is listed in ${manifest}`;
  const count = changes.added.length + changes.changed.length;
  const parts = [
    `${changes.added.length} added`,
    `${changes.changed.length} changed`,
    `${changes.removed.length} removed`,
  ];
  return `  changed since the last build: ${count} file${count === 1 ? "" : "s"}, ${formatBytes(changes.bytes)} (${parts.join(", ")}); deploy manifest ${manifest}`;
}

/** The link check: a count when all is well; else the count, the first few, and what to do. */
export function formatLinks(links: LinkReport): string[] {
  const checked = `${links.checked} internal link${links.checked === 1 ? "" : "s"} in ${links.pages} pages checked`;
  if (links.broken.length === 0) return [`  links: ${checked}, none broken`];
  const n = links.broken.length;
  const lines = [
    `  links: ${n} broken internal link${n === 1 ? "" : "s"} (${checked}); visitors following ${n === 1 ? "it" : "them"} get the not-found page. Fix the link in the CMS; 'cinema-build lint' names the page, block and field of bound links:`,
  ];
  for (const link of links.broken.slice(0, BROKEN_LINKS_LISTED))
    lines.push(`    on ${link.page}: ${link.url} (${link.from}: ${link.reason})`);
  if (n > BROKEN_LINKS_LISTED) lines.push(`    … and ${n - BROKEN_LINKS_LISTED} more`);
  return lines;
}

function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

/**
 * A partner's line in a build of several partners (docs/spec-decisions.md "Several partners in
 * one process"): where it went, routes (rendered and reused), files, bytes, broken links, time.
 */
export function formatPartnerLine(result: BuildResult): string {
  const total = Object.values(result.routes).reduce((sum, n) => sum + (n ?? 0), 0);
  const out = path.relative(process.cwd(), result.out) || result.out;
  const broken = result.links.broken.length;
  const links = broken > 0 ? `, ${broken} broken internal link${broken === 1 ? "" : "s"}` : "";
  return `partner ${result.partner}: built into ${out}: ${total} routes (${total - result.reused} rendered, ${result.reused} reused), ${result.files} files, ${formatBytes(result.bytes)}${links}, ${formatMs(result.wallMs)}\n`;
}

/** The last line of a build of several partners. */
export function formatPartnersSummary(built: number, failed: string[], wallMs: number): string {
  const all = built + failed.length;
  const failures = failed.length > 0 ? `; failed: ${failed.join(", ")}` : "";
  return `Built ${built} of ${all} partner${all === 1 ? "" : "s"} in ${formatMs(wallMs)}${failures}\n`;
}
