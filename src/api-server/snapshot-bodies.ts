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
      throw new BuildError(`cannot serve ${file}: ${(error as Error).message}`, { partner, file: full }, {
        hint: `the API server serves a snapshot folder; create one with 'cinema-build snapshot' or the generator`,
      });
    }
  }
  return out as Record<DataEndpoint, unknown>;
}

/** The data endpoint a request path names for this site, if any (docs/data-format.md, "Live APIs"). */
export function matchEndpoint(method: string, pathname: string, siteId: number): ServedEndpoint | undefined {
  if (method === "POST" && pathname === "/oauth/token") return "token";
  // basic_events is read by browsers (OPTIONS: a CORS preflight).
  if ((method === "GET" || method === "OPTIONS") && pathname.replace(/\/+$/, "") === `/sites/${siteId}/basic_events`) return "basicEvents";
  if (method !== "GET") return undefined;
  const routes: Record<string, DataEndpoint> = {
    [`/sites/${siteId}`]: "site",
    [`/sites/${siteId}/events`]: "events",
    [`/site/${siteId}/block-data`]: "blockData",
    [`/site/${siteId}/article`]: "articles",
  };
  return routes[pathname.replace(/\/+$/, "") || "/"];
}

/** Which API serves an endpoint, for its auth mode. */
export function apiOf(endpoint: DataEndpoint): "publicApi" | "managementApi" {
  return endpoint === "site" || endpoint === "events" ? "publicApi" : "managementApi";
}
