/**
 * The live-data path against the local API server: every auth mode, the token cache, the 401
 * refresh-once rule and the stable flag (docs/data-format.md, Live APIs, spec 6 and 7.3).
 */
import { afterEach, describe, expect, it } from "vitest";
import { Agent } from "undici";
import type { ApiServer } from "../../src/api-server/index.js";
import { BuildError } from "../../src/errors/index.js";
import {
  createApiClient,
  createAuthenticator,
  DEFAULT_RETRY_POLICY,
  fetchPartnerData,
  readSnapshot,
} from "../../src/fetch/index.js";
import { BlockDataResponseSchema } from "../../src/model/index.js";
import {
  AUTH,
  createTestPartner,
  FAST,
  SENTINEL_CREDENTIALS,
  SENTINELS,
  serveTestPartner,
  SNAPSHOT_178,
  type TestPartner,
} from "../fixtures/api/partners.js";

let partner: TestPartner | undefined;
let server: ApiServer | undefined;

afterEach(async () => {
  await server?.close();
  await partner?.cleanup();
  server = partner = undefined;
});

async function setUp(
  auth: Parameters<typeof createTestPartner>[0],
  serverOptions: Parameters<typeof serveTestPartner>[1] = {},
) {
  partner = await createTestPartner(auth);
  server = await serveTestPartner(partner, serverOptions);
  return { partner, server };
}

function dataOnly<T extends { meta: unknown }>(raw: T): Omit<T, "meta"> {
  const { meta: _meta, ...rest } = raw;
  return rest;
}

describe("auth modes", () => {
  it("178's configuration (basic_auth + auth0) with the development credentials gives the snapshot's data", async () => {
    const { partner, server } = await setUp({});
    const raw = await fetchPartnerData(partner.loaded, { apiUrl: server.url, env: {} });
    const fromSnapshot = await readSnapshot(SNAPSHOT_178, partner.loaded.config);
    expect(dataOnly(raw)).toEqual(dataOnly(fromSnapshot));
    expect(raw.meta.source).toBe("api");
    expect(raw.meta.capturedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(server.stats.tokensIssued).toBe(1);
    const schemes = Object.fromEntries(server.stats.requests.map((r) => [r.endpoint, r.authScheme]));
    expect(schemes).toEqual({ site: "Basic", events: "Basic", token: "none", blockData: "Bearer", articles: "Bearer" });
  });

  it("management requests carry stable=1", async () => {
    const { partner, server } = await setUp({});
    await fetchPartnerData(partner.loaded, { apiUrl: server.url, env: {} });
    const urls = server.stats.requests
      .filter((r) => r.endpoint === "blockData" || r.endpoint === "articles")
      .map((r) => r.url);
    expect(urls.sort()).toEqual(["/site/178/article?stable=1", "/site/178/block-data?stable=1"]);
  });

  it("mode none sends no Authorization header", async () => {
    const { partner, server } = await setUp({ publicApi: AUTH.none, managementApi: AUTH.none });
    await fetchPartnerData(partner.loaded, { apiUrl: server.url, env: {} });
    expect(server.stats.requests.map((r) => r.authScheme)).toEqual(["none", "none", "none", "none"]);
    expect(server.stats.tokensIssued).toBe(0);
  });

  it("basic_auth reads username and password from the variables partner.json names", async () => {
    const { partner, server } = await setUp(
      { publicApi: AUTH.basic, managementApi: AUTH.basic },
      { credentials: SENTINEL_CREDENTIALS },
    );
    const raw = await fetchPartnerData(partner.loaded, { apiUrl: server.url, env: SENTINELS });
    expect(raw.articles.length).toBeGreaterThan(0);
    expect(server.stats.requests.every((r) => r.authScheme === "Basic" && r.status === 200)).toBe(true);
  });

  it("a wrong basic_auth password fails with endpoint and status, without retrying", async () => {
    const { partner, server } = await setUp(
      { publicApi: AUTH.basic, managementApi: AUTH.none },
      { credentials: SENTINEL_CREDENTIALS },
    );
    const env = { ...SENTINELS, CINEMA_PUBLIC_API_PASSWORD: "wrong" };
    const error = await fetchPartnerData(partner.loaded, { apiUrl: server.url, env, ...FAST }).catch((e) => e);
    expect(error.format()).toContain(`endpoint GET ${server.url}/sites/178: request failed with HTTP 401 Unauthorized`);
    expect(server.stats.count("site")).toBe(1);
    expect(server.stats.count("events")).toBe(1);
  });

  it("auth0 fetches one token for both management requests", async () => {
    const { partner, server } = await setUp(
      { publicApi: AUTH.auth0, managementApi: AUTH.auth0 },
      { credentials: SENTINEL_CREDENTIALS },
    );
    await fetchPartnerData(partner.loaded, { apiUrl: server.url, env: SENTINELS });
    expect(server.stats.count("token")).toBe(1);
    expect(server.stats.tokensIssued).toBe(1);
    expect(
      server.stats.requests
        .filter((r) => r.endpoint !== "token")
        .every((r) => r.authScheme === "Bearer" && r.status === 200),
    ).toBe(true);
  });

  it("auth0 with wrong client credentials fails at the token endpoint", async () => {
    const { partner, server } = await setUp({}, { credentials: SENTINEL_CREDENTIALS });
    const error = await fetchPartnerData(partner.loaded, {
      apiUrl: server.url,
      env: { ...SENTINELS, CINEMA_MANAGEMENT_CLIENT_SECRET: "nope" },
      ...FAST,
    }).catch((e) => e);
    expect(error).toBeInstanceOf(BuildError);
    expect(error.format()).toContain(
      `endpoint POST ${server.url}/oauth/token: token request failed with HTTP 401 Unauthorized`,
    );
  });

  it("many concurrent requests share one token", async () => {
    const { partner, server } = await setUp({});
    const dispatcher = new Agent();
    const send = { dispatcher, policy: { ...DEFAULT_RETRY_POLICY, ...FAST }, partner: 178 };
    const context = {
      env: {},
      allowDevDefaults: true,
      partner: 178,
      send,
      tokenUrl: new URL(`${server.url}/oauth/token`),
    };
    const client = createApiClient(
      server.url,
      createAuthenticator("managementApi", partner.loaded.config.managementApi.auth, context),
      send,
    );
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => client.getJson("site/178/block-data?stable=1", BlockDataResponseSchema)),
    );
    await dispatcher.close();
    expect(answers).toHaveLength(25);
    expect(server.stats.count("blockData")).toBe(25);
    expect(server.stats.tokensIssued).toBe(1);
  });

  it("a token refused with 401 is refreshed once and the request retried", async () => {
    const { partner, server } = await setUp({}, { faults: [{ endpoint: "*", kind: "reject-token", tokens: 1 }] });
    const raw = await fetchPartnerData(partner.loaded, { apiUrl: server.url, env: {}, ...FAST });
    expect(raw.blockData.length).toBeGreaterThan(0);
    // Both management requests met the revoked token at once and shared one refresh.
    expect(server.stats.tokensIssued).toBe(2);
    expect(server.stats.requests.filter((r) => r.endpoint === "blockData").map((r) => r.status)).toEqual([401, 200]);
    expect(server.stats.requests.filter((r) => r.endpoint === "articles").map((r) => r.status)).toEqual([401, 200]);
  });

  it("a second 401 after the refresh fails with endpoint and status", async () => {
    const { partner, server } = await setUp({}, { faults: [{ endpoint: "blockData", kind: "unauthorized" }] });
    const error = await fetchPartnerData(partner.loaded, { apiUrl: server.url, env: {}, ...FAST }).catch((e) => e);
    expect(error).toBeInstanceOf(BuildError);
    expect(error.location.endpoint).toBe(`GET ${server.url}/site/178/block-data?stable=1`);
    expect(error.message).toBe("request failed with HTTP 401 Unauthorized (after refreshing the token once)");
    expect(server.stats.count("blockData")).toBe(2);
    expect(server.stats.tokensIssued).toBe(2);
  });

  it.each(["oauth1", "api_key", ""])("any other mode (%j) fails with the spec's exact message", async (mode) => {
    const { partner, server } = await setUp({ managementApi: { mode } });
    const error = await fetchPartnerData(partner.loaded, { apiUrl: server.url, env: {} }).catch((e) => e);
    expect(error).toBeInstanceOf(BuildError);
    expect(error.message).toBe(`API authentication method (${mode}) not supported.`);
    expect(server.stats.requests).toHaveLength(0);
  });

  it("without --api-url a missing variable is an error naming the variable; development credentials are not used", async () => {
    partner = await createTestPartner({});
    const error = await fetchPartnerData(partner.loaded, { env: { CINEMA_PUBLIC_API_USER: "x" } }).catch((e) => e);
    expect(error).toBeInstanceOf(BuildError);
    expect(error.message).toBe("environment variable CINEMA_PUBLIC_API_PASSWORD is not set");
  });

  it("works with a concurrency of 1 (the token request does not wait for a request slot)", async () => {
    const { partner, server } = await setUp({});
    const raw = await fetchPartnerData(partner.loaded, { apiUrl: server.url, env: {}, concurrency: 1 });
    expect(raw.events.events.length).toBeGreaterThan(0);
  });
});
