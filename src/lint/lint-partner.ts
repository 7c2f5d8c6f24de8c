import { readFile } from "node:fs/promises";
import path from "node:path";
import { BuildError, BuildErrors } from "../errors/index.js";
import { loadDataset } from "../load.js";
import { StageTimer } from "../log/index.js";
import type { LintFinding } from "./finding.js";
import { lintDataset } from "./index.js";
import { errorToFindings, type RawPages } from "./load-errors.js";

export interface LintOptions {
  partner: string | number;
  partnersDir: string;
  /** Where the data comes from (default: the snapshot); API options as for build. */
  source?: "snapshot" | "api";
  apiUrl?: string;
  now?: string;
}

export interface LintResult {
  findings: LintFinding[];
  errors: number;
  warnings: number;
}

/** Loads a partner's data (snapshot or API) and lints it; data that does not load is reported as findings. */
export async function lintPartner(options: LintOptions): Promise<LintResult> {
  let findings: LintFinding[];
  try {
    const { dataset } = await loadDataset({ ...options, source: options.source ?? "snapshot" }, new StageTimer());
    findings = lintDataset(dataset);
  } catch (error) {
    if (!(error instanceof BuildError || error instanceof BuildErrors)) throw error;
    // The snapshot's site.json names the page of a schema error in it; errors of an API
    // answer carry their endpoint, so there is no local file to read for them.
    const pages = (options.source ?? "snapshot") === "snapshot" ? await readRawPages(options) : [];
    findings = errorToFindings(error, options.partner, pages);
  }
  const errors = findings.filter((f) => f.severity === "error").length;
  return { findings, errors, warnings: findings.length - errors };
}

async function readRawPages(options: LintOptions): Promise<RawPages> {
  try {
    const site = JSON.parse(await readFile(path.join(options.partnersDir, String(options.partner), "snapshot", "site.json"), "utf8"));
    return Array.isArray(site?.pages) ? site.pages : [];
  } catch {
    return [];
  }
}
