import type { PartnerConfig } from "../config/index.js";
import type { FaultRule } from "./faults.js";
import { FAULT_FORMS } from "./fault-spec.js";
import { apiOf, basicEventsPath, dataEndpointPaths, TOKEN_PATH, type DataEndpoint } from "./snapshot-bodies.js";

/** One line of the `/` listing. */
export interface ListedEndpoint {
  name: string;
  method: "GET" | "POST";
  path: string;
  /** The auth mode the request must satisfy ('basic_auth', 'auth0', 'none', 'client credentials'). */
  auth: string;
  /** Query parameters the request must carry. */
  query?: Record<string, string>;
}

/**
 * What `GET /` answers (docs/data-format.md, One base URL and the local API server): the server's endpoints with method, path and auth,
 * and the faults it was started with, so a newcomer who opens the URL sees what to call.
 */
export function listEndpoints(config: PartnerConfig, faults: readonly FaultRule[]): object {
  const paths = dataEndpointPaths(config.siteId);
  const endpoints: ListedEndpoint[] = (Object.keys(paths) as DataEndpoint[]).map((name) => {
    const api = apiOf(name);
    const listed: ListedEndpoint = { name, method: "GET", path: paths[name], auth: config[api].auth.mode };
    if (api === "managementApi") listed.query = { stable: config.managementApi.stable };
    return listed;
  });
  endpoints.push({
    name: "basicEvents",
    method: "GET",
    path: basicEventsPath(config.siteId),
    auth: "none (read by browsers, CORS)",
  });
  endpoints.push({
    name: "token",
    method: "POST",
    path: TOKEN_PATH,
    auth: "client credentials (JSON body: grant_type, client_id, client_secret, audience)",
  });
  return {
    partner: config.partner,
    siteId: config.siteId,
    endpoints,
    faults,
    faultForms: FAULT_FORMS.map((f) => `${f.form}: ${f.does}`),
  };
}
