import { BuildError, BuildErrors } from "../errors/index.js";
import type { LintFinding } from "./finding.js";

/** Raw pages of site.json, to name the page and block of a schema error ('pages[3]'). */
export type RawPages = { path?: unknown; blocks?: { id?: unknown; component?: unknown }[] }[];

/**
 * BuildError(s) of loading (schema, cross-record checks, routes) as findings. A schema error
 * inside site.json's pages names the page path and block, like every other finding.
 */
export function errorToFindings(
  error: BuildError | BuildErrors,
  partner: number | string,
  pages: RawPages = [],
): LintFinding[] {
  const errors = error instanceof BuildErrors ? error.errors : [error];
  return errors.map((e) => {
    const loc = e.location;
    const finding: LintFinding = { severity: "error", partner: loc.partner ?? partner, message: e.message };
    let field = loc.field;
    const pageIndex = /^pages\[(\d+)\]$/.exec(loc.record ?? "");
    const page = pageIndex && loc.file?.endsWith("site.json") ? pages[Number(pageIndex[1])] : undefined;
    if (page && typeof page.path === "string") {
      finding.pagePath = page.path;
      const block = /^blocks\[(\d+)\]/.exec(field ?? "");
      const raw = block ? page.blocks?.[Number(block[1])] : undefined;
      if (raw && typeof raw.id === "string") {
        finding.blockId = raw.id;
        if (typeof raw.component === "string") finding.component = raw.component;
      }
    } else if (loc.file || loc.endpoint || loc.record) {
      finding.message = `${[loc.file, loc.endpoint, loc.record].filter(Boolean).join(" ")}: ${e.message}`;
    }
    if (loc.pagePath) finding.pagePath = loc.pagePath;
    if (loc.blockId) finding.blockId = loc.blockId;
    if (loc.component) finding.component = loc.component;
    if (field === "(record)") field = undefined;
    if (field) finding.field = field;
    if (e.hint) finding.hint = e.hint;
    return finding;
  });
}
