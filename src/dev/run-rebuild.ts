/**
 * One dev rebuild, as the rebuild worker runs it: build (dev assets, the build cache), then
 * lint, each failure turned into the text the terminal prints and the overlay shows. Runs in
 * the worker (src/dev/rebuild-worker.ts) so that templates can be reloaded by replacing it.
 */
import { build, type BuildOptions, type BuildResult } from "../build.js";
import { reportError } from "../cli/report-error.js";
import { formatFindingsText, lintPartner } from "../lint/index.js";

/** Build options that cross into the worker (plain data). */
export type DevBuildOptions = Pick<BuildOptions, "partner" | "partnersDir" | "source" | "apiUrl" | "memberUrl" | "now" | "out" | "env">;

export interface RebuildSummary {
  files: number;
  bytes: number;
  wallMs: number;
  /** Routes rendered by kind. */
  routes: BuildResult["routes"];
  /** Routes taken from the build cache, and the paths rendered anew. */
  reused: number;
  rendered: string[];
  warnings: string[];
}

export type RebuildOutcome =
  | { ok: true; summary: RebuildSummary; lint: string | null }
  | { ok: false; message: string };

export async function runRebuild(options: DevBuildOptions): Promise<RebuildOutcome> {
  let result: BuildResult;
  try {
    result = await build({ ...options, dev: true, workers: 1 });
  } catch (error) {
    return { ok: false, message: formatFailure(error) };
  }
  const summary: RebuildSummary = { files: result.files, bytes: result.bytes, wallMs: result.wallMs, routes: result.routes, reused: result.reused, rendered: result.rendered, warnings: result.warnings };
  return { ok: true, summary, lint: await lintErrors(options) };
}

/** Lint errors as text (warnings stay in `cinema-build lint`), or null when there are none. */
async function lintErrors(options: DevBuildOptions): Promise<string | null> {
  try {
    const result = await lintPartner({ partner: options.partner, partnersDir: options.partnersDir, source: options.source, apiUrl: options.apiUrl, now: options.now });
    const errors = result.findings.filter((finding) => finding.severity === "error");
    return errors.length > 0 ? `lint: ${errors.length} error${errors.length === 1 ? "" : "s"}\n${formatFindingsText(errors)}` : null;
  } catch (error) {
    return formatFailure(error);
  }
}

/** The same text `cinema-build build` prints for the failure. */
function formatFailure(error: unknown): string {
  let text = "";
  reportError(error, { write: (chunk: string) => ((text += chunk), true) } as unknown as NodeJS.WritableStream);
  return text.trim();
}
