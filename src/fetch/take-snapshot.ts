import path from "node:path";
import { loadPartner } from "../config/index.js";
import { showPath } from "../shared/show-path.js";
import { fetchPartnerResponses, type FetchOptions } from "./fetch-partner-data.js";
import { SNAPSHOT_FILE_NAMES, writeSnapshot } from "./write-snapshot.js";

export interface TakeSnapshotOptions extends FetchOptions {
  partner: string | number;
  partnersDir: string;
  /** Default: <partnersDir>/<partner>/snapshot. */
  out?: string;
}

export interface TakeSnapshotResult {
  dir: string;
  capturedAt: string;
  files: string[];
}

/** `cinema-build snapshot`: config -> fetch from the APIs -> snapshot files an offline build reads. */
export async function takeSnapshot(options: TakeSnapshotOptions): Promise<TakeSnapshotResult> {
  const loaded = await loadPartner(options.partnersDir, options.partner);
  const fetched = await fetchPartnerResponses(loaded, options);
  const dir = options.out ?? path.join(loaded.dir, "snapshot");
  await writeSnapshot(dir, fetched.received);
  options.progress?.write(`snapshot: wrote ${showPath(dir)}\n`);
  return { dir, capturedAt: fetched.data.meta.capturedAt, files: SNAPSHOT_FILE_NAMES };
}
