import type { z } from "zod";
import type { PartnerConfig } from "../config/index.js";
import { SNAPSHOT_DATA_FILES, type EndpointKey } from "./snapshot-files.js";

export type ApiName = "publicApi" | "managementApi";
export type { EndpointKey } from "./snapshot-files.js";

/** One API answer the build needs: where it is asked for and the schema it is checked with (docs/data-format.md). */
export interface EndpointSpec {
  key: EndpointKey;
  api: ApiName;
  schema: z.ZodType;
  /** Path relative to the API's base URL, query included. */
  path: string;
}

/**
 * Every request of a fetch. Pages and the redirect table travel with the site record, and the
 * pages' data-source queries are answered from the events response by the query stage, so
 * four requests hold everything (spec 7.2, 7.3). Management requests carry the stable flag.
 */
export function listEndpoints(config: PartnerConfig): EndpointSpec[] {
  const site = config.siteId;
  const stable = encodeURIComponent(config.managementApi.stable);
  const requests: Omit<EndpointSpec, "schema">[] = [
    { key: "site", api: "publicApi", path: `sites/${site}` },
    { key: "events", api: "publicApi", path: `sites/${site}/events` },
    { key: "blockData", api: "managementApi", path: `site/${site}/block-data?stable=${stable}` },
    { key: "articles", api: "managementApi", path: `site/${site}/article?stable=${stable}` },
  ];
  return requests.map((request) => ({ ...request, schema: SNAPSHOT_DATA_FILES[request.key].schema }));
}

/** Resolves `path` against a base URL, which is treated as a folder even without a trailing slash. */
export function resolveUrl(base: string, path: string): URL {
  const folder = base.endsWith("/") ? base : `${base}/`;
  return new URL(path, folder);
}

/** The form an endpoint takes in messages: method and URL, never user info. */
export function describeEndpoint(method: string, url: URL): string {
  const shown = new URL(url);
  shown.username = "";
  shown.password = "";
  return `${method} ${shown.href}`;
}
