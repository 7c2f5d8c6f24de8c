import { existsSync } from "node:fs";
import { hostProfile, type HostName } from "../hosts/host-profile.js";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { BuildError, BuildErrors } from "../errors/index.js";
import { AuthSchema, type PartnerConfig } from "../model/partner-schema.js";
import { loadDataset } from "../load.js";
import { collectMediaRefs } from "../media/media-refs.js";
import { StageTimer } from "../log/index.js";
import type { LintFinding } from "./finding.js";
import { lintDataset } from "./lint-dataset.js";
import { errorToFindings, type RawPages } from "./load-errors.js";

export interface LintOptions {
  partner: string | number;
  partnersDir: string;
  /** Where the data comes from (default: the snapshot); API options as for build. */
  source?: "snapshot" | "api";
  apiUrl?: string;
  now?: string;
  /** The host the site is built for: its limits are checked (src/hosts/check-host-limits.ts). */
  host?: HostName;
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
    const { dataset, loaded } = await loadDataset(
      { ...options, source: options.source ?? "snapshot" },
      new StageTimer(),
    );
    findings = [
      ...lintDataset(dataset, hostProfile(options.host)),
      ...missingMedia(collectMediaRefs(dataset), path.join(loaded.dir, "media"), dataset.partner.partner),
      ...unsupportedAuth(dataset.partner),
    ];
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

/** An API authentication mode `--source api` and `snapshot` would refuse (spec 8's message), said before anyone needs them. */
function unsupportedAuth(partner: PartnerConfig): LintFinding[] {
  return (["publicApi", "managementApi"] as const)
    .filter((api) => !AuthSchema.safeParse(partner[api].auth).success)
    .map((api) => ({
      severity: "error",
      partner: partner.partner,
      field: `${api}.auth.mode`,
      message: `API authentication method (${partner[api].auth.mode}) not supported.`,
      hint: "use none, basic_auth or auth0 (docs/data-format.md, partner.json)",
    }));
}

/** 'media:' references without their file: the build stops at them (src/media/plan-media.ts). */
function missingMedia(refs: readonly string[], dir: string, partner: number): LintFinding[] {
  return refs
    .filter((ref) => ref.split("/").includes("..") || !existsSync(path.join(dir, ...ref.split("/"))))
    .map((ref) => ({
      severity: "error",
      partner,
      field: `media:${ref}`,
      message: `names no file in ${path.relative(process.cwd(), dir) || dir}`,
      hint: "put the file under the partner's media/ folder or fix the reference (docs/data-format.md, Local media)",
    }));
}

async function readRawPages(options: LintOptions): Promise<RawPages> {
  try {
    const site = JSON.parse(
      await readFile(path.join(options.partnersDir, String(options.partner), "snapshot", "site.json"), "utf8"),
    );
    return Array.isArray(site?.pages) ? site.pages : [];
  } catch {
    return [];
  }
}
