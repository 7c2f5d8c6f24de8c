/**
 * Several partners built in one process, one after the other (`cinema-build build --partner
 * 178,118` or `--all`; docs/performance.md "A platform in one process"): each is build() with
 * its own output folder, sharing the bundles, the render workers and the Pagefind service
 * (build-tools.ts). A partner that fails is reported and the next one builds.
 */
import path from "node:path";
import { build, type BuildOptions, type BuildResult } from "../build.js";
import { listPartners } from "../config/index.js";
import { BuildError } from "../errors/index.js";
import { createBuildTools } from "./build-tools.js";

export interface BuildPartnersOptions extends Omit<BuildOptions, "partner" | "out" | "tools"> {
  /**
   * Parent folder: each partner's site goes to `<out>/<partner>`. Default: output/<partner>,
   * as a single build (docs/spec-decisions.md "Several partners in one process").
   */
  out?: string;
  /** Called after each partner's build, within it: what it throws fails that partner (--strict). */
  check?: (result: BuildResult) => void;
  /** Called with each partner's outcome as soon as it is known. */
  onOutcome?: (outcome: PartnerOutcome) => void;
}

export type PartnerOutcome =
  { partner: string; result: BuildResult; error?: undefined } | { partner: string; result?: undefined; error: unknown };

export async function buildPartners(partners: string[], options: BuildPartnersOptions): Promise<PartnerOutcome[]> {
  const { out, check, onOutcome, ...shared } = options;
  const tools = createBuildTools();
  const outcomes: PartnerOutcome[] = [];
  try {
    for (const partner of partners) {
      let outcome: PartnerOutcome;
      try {
        const onWarning =
          shared.onWarning && ((message: string) => shared.onWarning!(`partner ${partner}: ${message}`));
        const result = await build({ ...shared, partner, out: out && path.join(out, partner), onWarning, tools });
        check?.(result);
        outcome = { partner, result };
      } catch (error) {
        outcome = { partner, error };
      }
      outcomes.push(outcome);
      onOutcome?.(outcome);
    }
  } finally {
    await tools.close();
  }
  return outcomes;
}

/** Every partner of `partnersDir` (folders with a partner.json), sorted by id; none is an error. */
export async function listAllPartners(partnersDir: string): Promise<string[]> {
  const partners = await listPartners(partnersDir);
  if (partners.length === 0)
    throw new BuildError(
      `no partner in ${partnersDir}: no folder there holds a partner.json`,
      {},
      { code: "E_NO_PARTNERS", hint: "pass the folder that holds partners/<id>/partner.json with --partners-dir" },
    );
  return partners;
}
