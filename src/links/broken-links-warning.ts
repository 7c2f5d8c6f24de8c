import type { LinkReport } from "./link-checker.js";

/** Pages a broken-links warning names; the report lists the links themselves. */
export const BROKEN_LINK_PAGES_NAMED = 3;

/**
 * The build's warning when its own link check found internal links that lead nowhere, said as
 * a warning naming the first pages, not only in the report (docs/spec-decisions.md, "Broken
 * internal links and `--strict`"):
 * '3 broken internal links on 2 pages (/kinoprogram, /filmer): …'. Null when none are broken.
 * `--strict` turns the same finding into a failed build (src/cli/commands.ts).
 */
export function brokenLinksWarning(links: Pick<LinkReport, "broken">): string | null {
  const n = links.broken.length;
  if (n === 0) return null;
  const pages = [...new Set(links.broken.map((link) => link.page))];
  const named = pages.slice(0, BROKEN_LINK_PAGES_NAMED).join(", ");
  const more = pages.length > BROKEN_LINK_PAGES_NAMED ? ` and ${pages.length - BROKEN_LINK_PAGES_NAMED} more` : "";
  const first = links.broken[0];
  return `${n} broken internal link${n === 1 ? "" : "s"} on ${pages.length} page${pages.length === 1 ? "" : "s"} (${named}${more}); the first: ${first.url} on ${first.page} (${first.reason}). Visitors following them get the not-found page; the report lists them`;
}
