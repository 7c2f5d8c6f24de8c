import { readFile } from "node:fs/promises";
import path from "node:path";
import { BuildError } from "../errors/index.js";
import { SNAPSHOT_DATA_FILES } from "../fetch/snapshot-files.js";
import type { ServedEndpoint } from "./faults.js";

export type DataEndpoint = Exclude<ServedEndpoint, "token" | "basicEvents">;

/**
 * The snapshot's answers, served as they are (not validated: the server is also used to serve
 * broken data to the client under test).
 */
export async function readSnapshotBodies(dir: string, partner: number): Promise<Record<DataEndpoint, unknown>> {
  const out: Partial<Record<DataEndpoint, unknown>> = {};
  for (const [key, { file }] of Object.entries(SNAPSHOT_DATA_FILES) as [DataEndpoint, { file: string }][]) {
    const full = path.join(dir, file);
    try {
      out[key] = JSON.parse(await readFile(full, "utf8"));
    } catch (error) {
      throw new BuildError(
        `cannot serve ${file}: ${(error as Error).message}`,
        { partner, file: full },
        {
          code: "E_SNAPSHOT_SERVE",
          hint: `the API server serves a snapshot folder; create one with 'cinema-build snapshot' or the generator`,
        },
      );
    }
  }
  return out as Record<DataEndpoint, unknown>;
}

/** The GET path of each data endpoint for this site (docs/data-format.md, "Live APIs"). */
export function dataEndpointPaths(siteId: number): Record<DataEndpoint, string> {
  return {
    site: `/sites/${siteId}`,
    events: `/sites/${siteId}/events`,
    blockData: `/site/${siteId}/block-data`,
    articles: `/site/${siteId}/article`,
  };
}

/** The run-time showings endpoint's path (GET, spec 7.2 `sites/{site}/basic_events`; no auth, CORS). */
export function basicEventsPath(siteId: number): string {
  return `/sites/${siteId}/basic_events`;
}

/** The token endpoint's path (POST). */
export const TOKEN_PATH = "/oauth/token";

/** The data endpoint a request path names for this site, if any. */
export function matchEndpoint(method: string, pathname: string, siteId: number): ServedEndpoint | undefined {
  if (method === "POST" && pathname === TOKEN_PATH) return "token";
  // basic_events is read by browsers (OPTIONS: a CORS preflight).
  if ((method === "GET" || method === "OPTIONS") && pathname.replace(/\/+$/, "") === basicEventsPath(siteId))
    return "basicEvents";
  if (method !== "GET") return undefined;
  const path = pathname.replace(/\/+$/, "") || "/";
  const found = Object.entries(dataEndpointPaths(siteId)).find(([, endpointPath]) => endpointPath === path);
  return found ? (found[0] as DataEndpoint) : undefined;
}

/** Which API serves an endpoint, for its auth mode. */
export function apiOf(endpoint: DataEndpoint): "publicApi" | "managementApi" {
  return endpoint === "site" || endpoint === "events" ? "publicApi" : "managementApi";
}
