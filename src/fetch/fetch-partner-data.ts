import pLimit from "p-limit";
import { Agent } from "undici";
import type { LoadedPartner } from "../config/index.js";
import { BuildError, BuildErrors } from "../errors/index.js";
import type { RawPartnerData } from "../model/index.js";
import { createApiClient, type ApiClient } from "./api-client.js";
import { createAuthenticator } from "./auth.js";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./backoff.js";
import { listEndpoints, resolveUrl, type ApiName, type EndpointKey } from "./endpoints.js";
import type { SendContext } from "./http-request.js";
import { formatOsloIso } from "../isomorphic/time/oslo.js";
import { createProgress } from "./progress.js";

export interface FetchOptions {
  /** One base for the public API, the management API and the token endpoint (the local API server). */
  apiUrl?: string;
  /** Where credentials come from (the variables partner.json names). */
  env: Record<string, string | undefined>;
  progress?: NodeJS.WritableStream;
  /** Per-attempt timeout (default 30 s). */
  timeoutMs?: number;
  /** Retries per request after the first attempt (default 3). */
  retries?: number;
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** First backoff delay (default 500 ms); tests make it small. */
  retryDelayMs?: number;
  /** Ceiling of a Retry-After the client honours (default 60 s). */
  maxRetryAfterMs?: number;
  /** Capture time stamped into meta (default: now). */
  clock?: () => Date;
}

/** The fetched answers as received (written as snapshot files) and as validated (for the build). */
export interface FetchedPartnerData {
  data: RawPartnerData;
  received: SnapshotContent;
}

/** What a snapshot folder holds, one value per file; RawPartnerData fits it too. */
export interface SnapshotContent {
  meta: { partner?: number; siteId?: number; capturedAt: string; source: string };
  site: unknown;
  events: unknown;
  blockData: unknown;
  articles: unknown;
}

/** The fetch stage from the live APIs: meta.source 'api', meta.capturedAt the fetch time. */
export async function fetchPartnerData(loaded: LoadedPartner, options: FetchOptions): Promise<RawPartnerData> {
  return (await fetchPartnerResponses(loaded, options)).data;
}

/**
 * Fetches every endpoint (docs/data-format.md, "Live APIs") with bounded concurrency, checks
 * every answer with its schema and reports every failure at once.
 */
export async function fetchPartnerResponses(loaded: LoadedPartner, options: FetchOptions): Promise<FetchedPartnerData> {
  const config = loaded.config;
  const base = options.apiUrl ? checkApiUrl(options.apiUrl, config.partner) : undefined;
  const endpoints = listEndpoints(config);
  const progress = createProgress(options.progress, "fetch", endpoints.length);
  const policy: RetryPolicy = {
    retries: options.retries ?? DEFAULT_RETRY_POLICY.retries,
    baseDelayMs: options.retryDelayMs ?? DEFAULT_RETRY_POLICY.baseDelayMs,
    maxDelayMs: DEFAULT_RETRY_POLICY.maxDelayMs,
    maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULT_RETRY_POLICY.maxRetryAfterMs,
    timeoutMs: options.timeoutMs ?? DEFAULT_RETRY_POLICY.timeoutMs,
  };
  const dispatcher = new Agent({ connections: options.concurrency ?? 4 });
  const send: SendContext = { dispatcher, policy, partner: config.partner, onRetry: () => progress.retried() };
  try {
    const clients = createClients(loaded, base, options, send);
    const capturedAt = formatOsloIso((options.clock ?? (() => new Date()))());
    progress.stage(
      `partner ${config.partner}: ${endpoints.length} requests to ${base ? base.href : "the platform's APIs"}`,
    );
    const limit = pLimit(options.concurrency ?? 4);
    const settled = await Promise.allSettled(
      endpoints.map((endpoint) =>
        limit(async () => {
          const answer = await clients[endpoint.api].getJson(endpoint.path, endpoint.schema);
          progress.requestDone();
          return [endpoint.key, answer] as const;
        }),
      ),
    );
    progress.finish();
    const answers = collectAnswers(settled);
    const retries =
      progress.retries > 0 ? ` (${progress.retries} ${progress.retries === 1 ? "retry" : "retries"})` : "";
    progress.stage(`${endpoints.length}/${endpoints.length} answers received and validated${retries}`);
    const meta = { partner: config.partner, siteId: config.siteId, capturedAt, source: "api" };
    const data = {
      meta,
      ...Object.fromEntries(Object.entries(answers).map(([key, answer]) => [key, answer.data])),
    } as unknown as RawPartnerData;
    const received = {
      meta,
      ...Object.fromEntries(Object.entries(answers).map(([key, answer]) => [key, answer.received])),
    } as SnapshotContent;
    return { data, received };
  } finally {
    progress.finish();
    await dispatcher.close();
  }
}

function createClients(
  loaded: LoadedPartner,
  base: URL | undefined,
  options: FetchOptions,
  send: SendContext,
): Record<ApiName, ApiClient> {
  const config = loaded.config;
  const context = {
    env: options.env,
    allowDevDefaults: base !== undefined,
    partner: config.partner,
    send,
    tokenUrl: base ? resolveUrl(base.href, "oauth/token") : undefined,
    tokenCaches: new Map(),
  };
  const create = (api: ApiName) =>
    createApiClient(base?.href ?? config[api].baseUrl, createAuthenticator(api, config[api].auth, context), send);
  return { publicApi: create("publicApi"), managementApi: create("managementApi") };
}

type Answer = { received: unknown; data: unknown };

/**
 * Every failure of every endpoint in one BuildErrors, so a run shows all that is wrong. A
 * failure shared by several requests (one failed token request) is reported once.
 */
function collectAnswers(settled: PromiseSettledResult<readonly [EndpointKey, Answer]>[]): Record<EndpointKey, Answer> {
  const errors: BuildError[] = [];
  const answers: Partial<Record<EndpointKey, Answer>> = {};
  const add = (error: BuildError) => {
    if (!errors.some((known) => known.format() === error.format())) errors.push(error);
  };
  for (const result of settled) {
    if (result.status === "fulfilled") answers[result.value[0]] = result.value[1];
    else if (result.reason instanceof BuildErrors) result.reason.errors.forEach(add);
    else if (result.reason instanceof BuildError) add(result.reason);
    else throw result.reason;
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new BuildErrors(errors, `fetching from the APIs failed`);
  return answers as Record<EndpointKey, Answer>;
}

/** --api-url: an http(s) URL without credentials (they belong in the environment, not in logs). */
function checkApiUrl(apiUrl: string, partner: number): URL {
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    throw new BuildError(
      "the API URL is not a valid URL",
      { partner },
      { hint: "pass an http(s) URL such as http://127.0.0.1:4100", code: "E_API_URL" },
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new BuildError(`the API URL must be http or https, got ${url.protocol}`, { partner }, { code: "E_API_URL" });
  if (url.username || url.password) {
    throw new BuildError(
      "the API URL must not contain credentials",
      { partner },
      { hint: "set them in the environment variables named in partner.json", code: "E_API_URL" },
    );
  }
  if (!url.pathname.endsWith("/")) url.pathname += "/";
  return url;
}
