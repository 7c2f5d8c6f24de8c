/**
 * The local member service (docs/member.md): every endpoint of spec 7.1 on localhost, from the
 * partner's member-service configuration, with cookie sessions, CORS with credentials for
 * the site's origin, seeded members, tickets, watch lists and reviews (./seed.ts), and
 * switches that make an endpoint fail, answer slowly or answer malformed JSON (./faults.ts),
 * set at start or at run time (setFault, or POST /__member-server/faults for browser tests).
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { loadPartner } from "../config/index.js";
import type { MemberEndpointKey } from "../model/partner-schema.js";
import { BuildError } from "../errors/index.js";
import { readSnapshot } from "../fetch/index.js";
import { debugFor } from "../log/index.js";
import { DEFAULT_FLOOD_COUNT, DEFAULT_SLOW_MS, type MemberFault, type MemberFaults } from "./faults.js";
import { serveMemberImage } from "./images.js";
import { createHandlers, type MemberReply } from "./handlers.js";
import { createMemberRouter } from "./routes.js";
import { buildSeed, type SeedMember } from "./seed.js";
import { readBody } from "../api-server/read-body.js";

export { parseMemberFault, type MemberFault, type MemberFaults } from "./faults.js";
export { HOSTILE_COMMENT, SEED_LEGACY_TOKEN, SEED_MEMBER, SEED_QR_URL_MEMBER } from "./seed.js";

const debug = debugFor("member-server");
export const SESSION_COOKIE = "cw_member_session";
export const FAULTS_PATH = "/__member-server/faults";

export interface MemberServerOptions {
  partnersDir: string;
  partner: string | number;
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Origins allowed to call with credentials; default: any http origin on 127.0.0.1 or localhost. */
  allowedOrigins?: string[];
  faults?: MemberFaults;
}

export interface MemberServedRequest {
  method: string;
  url: string;
  key: MemberEndpointKey | undefined;
  status: number;
  /** Whether the request carried the session cookie. */
  withSession: boolean;
  /** The X-Token header was present (its value is never recorded). */
  withToken: boolean;
}

export interface MemberServer {
  /** Base URL, e.g. http://127.0.0.1:4351/ — pass it as --member-url. */
  url: string;
  requests: MemberServedRequest[];
  setFault(key: MemberEndpointKey, fault: MemberFault | null): void;
  clearFaults(): void;
  close(): Promise<void>;
}

export async function startMemberServer(options: MemberServerOptions): Promise<MemberServer> {
  const service = await prepareMemberService(options);
  const { faults, timers } = service;
  const server = createServer((req, res) => {
    handleMemberRequest(service, req, res).catch((error) => {
      debug("internal error %O", error);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}/`,
    requests: service.requests,
    setFault: (key, fault) => {
      if (fault) faults[key] = fault;
      else delete faults[key];
    },
    clearFaults: () => {
      for (const key of Object.keys(faults) as MemberEndpointKey[]) delete faults[key];
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What one member server answers from and remembers: the seed's handlers, sessions, faults and requests. */
interface MemberService {
  options: MemberServerOptions;
  /** The partner's media folder (member images). */
  mediaDir: string;
  handlers: ReturnType<typeof createHandlers>;
  route: ReturnType<typeof createMemberRouter>;
  /** Session cookie value -> member. */
  sessions: Map<string, SeedMember>;
  faults: MemberFaults;
  requests: MemberServedRequest[];
  /** Timers of injected delays, cleared on close. */
  timers: Set<NodeJS.Timeout>;
}

async function prepareMemberService(options: MemberServerOptions): Promise<MemberService> {
  const loaded = await loadPartner(options.partnersDir, options.partner);
  const config = loaded.memberService;
  if (!config)
    throw new BuildError(
      `partner ${options.partner} has no member service (partner.json memberService is null)`,
      { partner: options.partner, field: "memberService" },
      { code: "E_NO_MEMBER_SERVICE" },
    );
  const raw = await readSnapshot(path.join(loaded.dir, "snapshot"), loaded.config);
  const seed = buildSeed(raw.events.productions, loaded.config.partners[0]);
  return {
    options,
    mediaDir: path.join(loaded.dir, "media"),
    handlers: createHandlers(seed),
    route: createMemberRouter(config),
    sessions: new Map(),
    faults: { ...options.faults },
    requests: [],
    timers: new Set(),
  };
}

/** CORS preflight, the test-only fault control and member images; then the member endpoints. */
async function handleMemberRequest(service: MemberService, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { faults } = service;
  const url = new URL(req.url ?? "/", "http://localhost");
  const origin = req.headers.origin;
  const cors: Record<string, string> = isAllowedOrigin(service.options, origin)
    ? { "access-control-allow-origin": origin!, "access-control-allow-credentials": "true", vary: "Origin" }
    : { vary: "Origin" };
  if (req.method === "OPTIONS") {
    res.writeHead(204, {
      ...cors,
      "access-control-allow-methods": "GET, POST",
      "access-control-allow-headers": "Content-Type, X-Token",
      "access-control-max-age": "600",
    });
    return void res.end();
  }
  if (url.pathname === FAULTS_PATH && req.method === "POST") {
    Object.assign(faults, JSON.parse((await readBody(req)) || "{}"));
    for (const key of Object.keys(faults) as MemberEndpointKey[]) if (!faults[key]) delete faults[key];
    res.writeHead(200, { ...cors, "content-type": "application/json" });
    return void res.end(JSON.stringify(faults));
  }
  if (req.method === "GET") {
    const image = await serveMemberImage(url.pathname, service.mediaDir);
    if (image) {
      res.writeHead(200, { "content-type": image.contentType, "cache-control": "no-store" });
      return void res.end(image.body);
    }
  }
  return serveMemberEndpoint(service, req, res, url, cors);
}

function isAllowedOrigin(options: MemberServerOptions, origin: string | undefined): boolean {
  return (
    origin !== undefined &&
    (options.allowedOrigins
      ? options.allowedOrigins.includes(origin)
      : /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(origin))
  );
}

/** One member endpoint's answer, with the faults injected for it. */
async function serveMemberEndpoint(
  service: MemberService,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  cors: Record<string, string>,
): Promise<void> {
  const matched = service.route(req.method ?? "GET", url.pathname);
  const member = service.sessions.get(readCookie(req.headers.cookie, SESSION_COOKIE) ?? "");
  const record: MemberServedRequest = {
    method: req.method ?? "GET",
    url: `${url.pathname}${url.search}`,
    key: matched?.key,
    status: 0,
    withSession: member !== undefined,
    withToken: req.headers["x-token"] !== undefined,
  };
  service.requests.push(record);
  const send = (status: number, body: string, headers: Record<string, string> = {}) => {
    record.status = status;
    debug("%s %s -> %d", record.method, record.url, status);
    res.writeHead(status, {
      ...cors,
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      ...headers,
    });
    res.end(body);
  };
  if (!matched) return send(404, JSON.stringify({ Message: "Not found" }));
  const fault = service.faults[matched.key];
  if (fault?.kind === "slow") await waitFor(service, fault.delayMs ?? DEFAULT_SLOW_MS);
  if (fault?.kind === "fail") return send(500, JSON.stringify({ Message: "Injected failure" }));
  let body: Record<string, unknown> = {};
  if (req.method === "POST") {
    try {
      const text = await readBody(req);
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      return send(400, JSON.stringify({ Message: "Body is not JSON" }));
    }
  }
  const base = `http://${req.headers.host ?? "127.0.0.1"}/`;
  const reply: MemberReply = service.handlers[matched.key]({
    params: matched.params,
    query: url.searchParams,
    body,
    headers: req.headers,
    member,
    base,
  });
  const headers: Record<string, string> = {};
  if (reply.session) {
    const id = randomBytes(16).toString("hex");
    service.sessions.set(id, reply.session);
    headers["set-cookie"] = `${SESSION_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000`;
  }
  if (fault?.kind === "flood" && Array.isArray(reply.body) && reply.body.length > 0) {
    record.status = reply.status;
    res.writeHead(reply.status, {
      ...cors,
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      ...headers,
    });
    return writeFlood(res, reply.body, fault.count ?? DEFAULT_FLOOD_COUNT);
  }
  const text = typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body);
  send(reply.status, fault?.kind === "malformed" ? `${text.slice(0, Math.floor(text.length / 2))}{` : text, headers);
}

function waitFor(service: MemberService, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => (service.timers.delete(timer), resolve()), ms);
    service.timers.add(timer);
  });
}

/**
 * A 'flood' answer: the list repeated to `count` items, written a thousand at a time as a
 * large answer streams from a real server; it stops when the client hangs up (it has read
 * what it asked for, src/isomorphic/member/read-list.ts).
 */
async function writeFlood(res: ServerResponse, items: unknown[], count: number): Promise<void> {
  const texts = items.map((item) => JSON.stringify(item));
  res.write("[");
  for (let start = 0; start < count && !res.destroyed; start += 1000) {
    const chunk = [];
    for (let index = start; index < Math.min(count, start + 1000); index++) chunk.push(texts[index % texts.length]);
    if (!res.write(`${start > 0 ? "," : ""}${chunk.join(",")}`)) await drainedOrClosed(res);
  }
  if (!res.destroyed) res.end("]");
}

function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done).off("close", done);
      resolve();
    };
    res.on("drain", done).on("close", done);
  });
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}
