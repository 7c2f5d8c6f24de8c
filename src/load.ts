/**
 * The first three stages, shared by build and lint: config -> fetch (snapshot or API) ->
 * validate. Returns the partner's validated, linked Dataset.
 */
import path from "node:path";
import { loadPartner, type LoadedPartner } from "./config/index.js";
import { fetchPartnerData, readSnapshot, type SnapshotMemo } from "./fetch/index.js";
import type { StageTimer } from "./log/index.js";
import type { Dataset } from "./model/index.js";
import { linkDataset } from "./validate/index.js";

export interface LoadOptions {
  partner: string | number;
  partnersDir: string;
  source: "snapshot" | "api";
  /** One base URL for every API (the local API server); default: the partner's URLs. */
  apiUrl?: string;
  /**
   * Base URL of the member service the site calls (the local member service); default: the
   * chosen configuration's. Ignored for a partner without the member service.
   */
  memberUrl?: string;
  /** Reference time (ISO). Default: capture time for snapshots, the current time for API builds. */
  now?: string;
  /**
   * Snapshot builds: islands follow the visitor's clock instead of the reference time plus
   * the time since load (--live-clock). API builds always follow the visitor's clock.
   */
  liveClock?: boolean;
  env?: Record<string, string | undefined>;
  /** Where fetch progress goes (a TTY gets one updating line). */
  progress?: NodeJS.WritableStream;
}

export interface LoadResult {
  loaded: LoadedPartner;
  dataset: Dataset;
}

/** `memo`: kept by a long-lived caller (the dev session) so unchanged snapshot files are not read and parsed again. */
export async function loadDataset(options: LoadOptions, timer: StageTimer, memo?: SnapshotMemo): Promise<LoadResult> {
  const partner = await timer.time("config", () => loadPartner(options.partnersDir, options.partner));
  const loaded: LoadedPartner =
    options.memberUrl && partner.memberService
      ? { ...partner, memberService: { ...partner.memberService, baseUrl: options.memberUrl } }
      : partner;
  const fromApi = options.source === "api";
  const snapshotDir = path.join(loaded.dir, "snapshot");
  const raw = await timer.time("fetch", () =>
    fromApi
      ? fetchPartnerData(loaded, {
          apiUrl: options.apiUrl,
          env: options.env ?? process.env,
          progress: options.progress,
        })
      : readSnapshot(snapshotDir, loaded.config, memo),
  );
  // API builds show the programme as of now; snapshot builds as of their capture time, so
  // that two builds of one snapshot are identical (docs/generator.md, Determinism).
  const now = options.now ?? (fromApi ? new Date().toISOString() : undefined);
  const dataset = await timer.time("validate", () =>
    linkDataset(loaded, raw, {
      now,
      origin: fromApi ? "api" : path.relative(process.cwd(), snapshotDir) || snapshotDir,
    }),
  );
  // Where the browser reads live seat counts: the local API server a build was pointed at
  // (--api-url), else the partner's public, credential-less liveData URL (never the
  // credentialled data API: docs/spec-decisions.md "Live programme").
  const live = {
    clock: fromApi || options.liveClock ? ("visitor" as const) : ("reference" as const),
    apiUrl: options.apiUrl ?? loaded.config.liveData?.url ?? null,
  };
  return { loaded, dataset: { ...dataset, live } };
}
