import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { loadPartner, type PartnerConfig } from "../config/index.js";
import { debugFor } from "../log/index.js";
import type { ApiCredentials } from "../fetch/dev-credentials.js";
import { FaultInjector, replaceAtPath, type FaultPlan, type FaultRule, type ServedEndpoint } from "./faults.js";
import { basicEventsOf, corsHeaders } from "./basic-events.js";
import { checkRequestAuth, checkTokenRequest, resolveServerCredentials, TokenStore } from "./server-auth.js";
import { listEndpoints } from "./endpoint-list.js";
import { apiOf, matchEndpoint, readSnapshotBodies, type DataEndpoint } from "./snapshot-bodies.js";
import { readBody } from "./read-body.js";

export type { FaultPlan, FaultRule, ServedEndpoint } from "./faults.js";
export { describeFaultForms, FaultSpecError, parseFaultSpec } from "./fault-spec.js";

const debug = debugFor("api-server");

export interface ApiServerOptions {
  partnersDir: string;
  partner: string | number;
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Snapshot folder to serve; default <partnersDir>/<partner>/snapshot. */
  snapshotDir?: string;
  faults?: FaultPlan;
  /** Accepted credentials; default: from `env` by partner.json's variable names, else the development credentials. */
  credentials?: ApiCredentials;
  env?: Record<string, string | undefined>;
  /** Lifetime of issued tokens (default 3600 s). */
  tokenTtlSeconds?: number;
}

export interface ServedRequest {
  method: string;
  /** Path and query. */
  url: string;
  endpoint: ServedEndpoint | undefined;
  status: number;
  /** The Authorization header's scheme ('Basic', 'Bearer') or 'none'; never its value. */
  authScheme: string;
}

export interface ApiServerStats {
  requests: ServedRequest[];
  /** Tokens issued by the token endpoint. */
  readonly tokensIssued: number;
  /** Requests that named `endpoint`. */
  count(endpoint: ServedEndpoint): number;
}

export interface ApiServer {
  /** Base URL, e.g. http://127.0.0.1:4100 — pass it as --api-url. */
  url: string;
  stats: ApiServerStats;
  close(): Promise<void>;
}

/**
 * Serves a partner's snapshot over HTTP with the platform's endpoints and auth: the public
 * API (sites/…), the management API (site/…?stable=1) and a token endpoint (POST /oauth/token)
 * on one base URL, plus the faults of `options.faults` for tests.
 */
export async function startApiServer(options: ApiServerOptions): Promise<ApiServer> {
  const served = await prepareServedApi(options);
  const server = createServer((req, res) => {
    handleApiRequest(served, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    stats: served.stats,
    close: async () => {
      for (const timer of served.timers) clearTimeout(timer);
      served.timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What one API server serves and remembers: the snapshot's answers, its credentials, tokens, faults and requests. */
interface ServedApi {
  options: ApiServerOptions;
  config: PartnerConfig;
  bodies: Record<DataEndpoint, unknown>;
  basicEvents: ReturnType<typeof basicEventsOf>;
  /** Each endpoint's body as JSON text, made once. */
  serialized: Map<string, string>;
  credentials: ApiCredentials;
  tokens: TokenStore;
  faults: FaultInjector;
  /** Timers of injected delays, cleared on close. */
  timers: Set<NodeJS.Timeout>;
  requests: ServedRequest[];
  stats: ApiServerStats;
}

async function prepareServedApi(options: ApiServerOptions): Promise<ServedApi> {
  const loaded = await loadPartner(options.partnersDir, options.partner);
  const config = loaded.config;
  const bodies = await readSnapshotBodies(options.snapshotDir ?? path.join(loaded.dir, "snapshot"), config.partner);
  const tokens = new TokenStore(options.tokenTtlSeconds ?? 3600);
  const requests: ServedRequest[] = [];
  const stats: ApiServerStats = {
    requests,
    get tokensIssued() {
      return tokens.issued;
    },
    count: (endpoint) => requests.filter((request) => request.endpoint === endpoint).length,
  };
  return {
    options,
    config,
    bodies,
    basicEvents: basicEventsOf(bodies.events),
    serialized: new Map(Object.entries(bodies).map(([key, body]) => [key, JSON.stringify(body)])),
    credentials: options.credentials ?? resolveServerCredentials(config, options.env ?? process.env),
    tokens,
    faults: new FaultInjector(options.faults),
    timers: new Set(),
    requests,
    stats,
  };
}

function waitFor(served: ServedApi, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => (served.timers.delete(timer), resolve()), ms);
    served.timers.add(timer);
  });
}

async function handleApiRequest(served: ServedApi, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { config, faults, credentials, tokens } = served;
  const url = new URL(req.url ?? "/", "http://localhost");
  const endpoint = matchEndpoint(req.method ?? "GET", url.pathname, config.siteId);
  const record: ServedRequest = {
    method: req.method ?? "GET",
    url: `${url.pathname}${url.search}`,
    endpoint,
    status: 0,
    authScheme: req.headers.authorization?.split(" ")[0] || "none",
  };
  served.requests.push(record);
  const cors = endpoint === "basicEvents" ? corsHeaders(req.headers) : {};
  const send = (status: number, body: string, headers: Record<string, string> = {}) => {
    record.status = status;
    debug("%s %s -> %d", record.method, record.url, status);
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...cors, ...headers });
    res.end(body);
  };
  const fail = (status: number, error: string, headers?: Record<string, string>) =>
    send(status, JSON.stringify({ error }), headers);
  if (!endpoint && req.method === "GET" && url.pathname === "/")
    return send(200, JSON.stringify(listEndpoints(config, served.options.faults ?? []), null, 2));
  if (!endpoint) return fail(404, "not found; GET / lists the endpoints");

  const fault = faults.take(endpoint, (rule) => rule.kind !== "reject-token");
  if (fault?.kind === "slow") await waitFor(served, fault.delayMs);
  if (fault?.kind === "status") return fail(fault.status, "injected fault");
  if (fault?.kind === "rate-limit") return fail(429, "too many requests", { "retry-after": String(fault.retryAfter) });
  if (fault?.kind === "unauthorized") return fail(401, "unauthorized", { "www-authenticate": "Bearer" });

  if (endpoint === "basicEvents") {
    if (req.method === "OPTIONS") return send(204, "");
    return send(200, renderBody(fault, JSON.stringify(served.basicEvents), served.basicEvents));
  }
  if (endpoint === "token") {
    const body = await readBody(req);
    if (!checkTokenRequest(body, req.headers["content-type"], credentials)) return fail(401, "access_denied");
    const issued = tokens.issue();
    return send(
      200,
      JSON.stringify({ access_token: issued.token, token_type: "Bearer", expires_in: issued.expiresIn }),
    );
  }
  const api = apiOf(endpoint);
  const auth = checkRequestAuth(req, config[api].auth, credentials, tokens);
  const revoked = auth.tokenSerial !== undefined && auth.tokenSerial <= faults.rejectedTokenCount(endpoint);
  if (!auth.ok || revoked)
    return fail(401, "unauthorized", {
      "www-authenticate": config[api].auth.mode === "basic_auth" ? 'Basic realm="cinema"' : "Bearer",
    });
  if (api === "managementApi" && url.searchParams.get("stable") !== config.managementApi.stable) {
    return fail(400, `the management API needs stable=${config.managementApi.stable}`);
  }
  send(200, renderBody(fault, served.serialized.get(endpoint)!, served.bodies[endpoint]));
}

function renderBody(fault: FaultRule | undefined, serialized: string, body: unknown): string {
  if (fault?.kind === "malformed-json") return serialized.slice(0, Math.floor(serialized.length / 2));
  if (fault?.kind === "wrong-type") return JSON.stringify(replaceAtPath(body, fault.path, fault.value));
  return serialized;
}
