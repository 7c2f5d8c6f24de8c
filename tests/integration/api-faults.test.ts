/**
 * Robustness of the live-data path against the local server's injected faults: retries within
 * bounds for 5xx, 429 and timeouts, none for other 4xx, and malformed answers named by
 * endpoint and field (docs/data-format.md, Live APIs).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseFaultSpec, type ApiServer, type FaultPlan } from "../../src/api-server/index.js";
import { BuildError, BuildErrors } from "../../src/errors/index.js";
import { fetchPartnerData } from "../../src/fetch/index.js";
import { createTestPartner, FAST, serveTestPartner, type TestPartner } from "../fixtures/api/partners.js";

let partner: TestPartner;
let server: ApiServer | undefined;

beforeAll(async () => {
  partner = await createTestPartner({});
});
afterAll(() => partner.cleanup());
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function fetchWith(faults: FaultPlan, options: Partial<Parameters<typeof fetchPartnerData>[1]> = {}) {
  server = await serveTestPartner(partner, { faults });
  return fetchPartnerData(partner.loaded, { apiUrl: server.url, env: {}, ...FAST, ...options });
}

async function failureOf(
  faults: FaultPlan,
  options: Partial<Parameters<typeof fetchPartnerData>[1]> = {},
): Promise<BuildError> {
  const error = await fetchWith(faults, options).then(
    () => undefined,
    (e) => e,
  );
  expect(error).toBeInstanceOf(BuildError);
  return error as BuildError;
}

const eventsEndpoint = () => `GET ${server!.url}/sites/178/events`;

describe("retries", () => {
  it("retries a 500 and succeeds when the server recovers", async () => {
    const raw = await fetchWith([{ endpoint: "events", kind: "status", status: 500, times: 2 }]);
    expect(raw.events.events.length).toBeGreaterThan(0);
    expect(server!.stats.requests.filter((r) => r.endpoint === "events").map((r) => r.status)).toEqual([500, 500, 200]);
  });

  it("gives up after the configured retries with endpoint and status", async () => {
    const error = await failureOf([{ endpoint: "events", kind: "status", status: 503 }]);
    expect(error.location.endpoint).toBe(eventsEndpoint());
    expect(error.message).toBe("request failed with HTTP 503 Service Unavailable after 3 attempts");
    expect(server!.stats.count("events")).toBe(FAST.retries + 1);
  });

  it("does not retry other 4xx", async () => {
    const error = await failureOf([{ endpoint: "events", kind: "status", status: 404 }]);
    expect(error.format()).toContain(`endpoint ${eventsEndpoint()}: request failed with HTTP 404 Not Found`);
    expect(server!.stats.count("events")).toBe(1);
  });

  it("honours Retry-After on a 429", async () => {
    const started = Date.now();
    const raw = await fetchWith([{ endpoint: "site", kind: "rate-limit", retryAfter: 1, times: 1 }]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(raw.site.id).toBe(178);
    expect(server!.stats.requests.filter((r) => r.endpoint === "site").map((r) => r.status)).toEqual([429, 200]);
  });

  it("caps Retry-After and fails on a 429 that does not end", async () => {
    const started = Date.now();
    const error = await failureOf([{ endpoint: "articles", kind: "rate-limit", retryAfter: 3600 }], {
      maxRetryAfterMs: 20,
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error.message).toBe("request failed with HTTP 429 Too Many Requests after 3 attempts");
    expect(error.location.endpoint).toBe(`GET ${server!.url}/site/178/article?stable=1`);
  });

  it("retries a slow answer beyond the timeout", async () => {
    const raw = await fetchWith([{ endpoint: "blockData", kind: "slow", delayMs: 1_500, times: 1 }], {
      timeoutMs: 500,
    });
    expect(raw.blockData.length).toBeGreaterThan(0);
    expect(server!.stats.count("blockData")).toBe(2);
  });

  it("fails with the endpoint when every attempt times out", async () => {
    const failure = await fetchWith([{ endpoint: "events", kind: "slow", delayMs: 2_000 }], {
      timeoutMs: 300,
      retries: 1,
    }).catch((e) => e);
    // On a loaded machine another endpoint may time out too; the events error must be there.
    const errors: BuildError[] = failure instanceof BuildErrors ? failure.errors : [failure];
    const error = errors.find((e) => e.location?.endpoint === eventsEndpoint());
    expect(error).toBeInstanceOf(BuildError);
    expect(error!.message).toBe("request failed: no answer within 300 ms (timeout) (2 attempts)");
    expect(server!.stats.count("events")).toBe(2);
  });

  it("fails on a refused connection after retrying", async () => {
    server = await serveTestPartner(partner);
    const url = server.url;
    await server.close();
    server = undefined;
    const error = await fetchPartnerData(partner.loaded, { apiUrl: url, env: {}, ...FAST }).catch((e) => e);
    expect(error).toBeInstanceOf(BuildErrors);
    expect((error as BuildErrors).errors.map((e) => e.message)).toContain(
      "request failed: network error ECONNREFUSED (3 attempts)",
    );
  });
});

describe("malformed answers", () => {
  it("names endpoint and field for a body that is not JSON", async () => {
    const error = await failureOf([{ endpoint: "events", kind: "malformed-json" }]);
    expect(error.location).toMatchObject({ endpoint: eventsEndpoint(), field: "(body)" });
    expect(error.message).toMatch(/^the answer is not valid JSON: /);
    expect(server!.stats.count("events")).toBe(1);
  });

  it("names endpoint, record and field for a field of the wrong type", async () => {
    server = await serveTestPartner(partner, {
      faults: [
        { endpoint: "events", kind: "wrong-type", path: ["events", 0, "ticketSales", 0, "available"], value: "many" },
      ],
    });
    const error = await fetchPartnerData(partner.loaded, { apiUrl: server.url, env: {}, ...FAST }).catch((e) => e);
    expect(error).toBeInstanceOf(BuildError);
    expect(error.location).toMatchObject({
      endpoint: eventsEndpoint(),
      record: "events[0]",
      field: "ticketSales[0].available",
    });
    expect(error.format()).toContain(`endpoint ${eventsEndpoint()}, events[0], field ticketSales[0].available: `);
    expect(error.message).toMatch(/expected number/);
  });

  it("reports every failing endpoint at once", async () => {
    const error = await fetchWith([
      { endpoint: "site", kind: "wrong-type", path: ["title"], value: 42 },
      { endpoint: "articles", kind: "status", status: 400 },
    ]).catch((e) => e);
    expect(error).toBeInstanceOf(BuildErrors);
    const lines = (error as BuildErrors).errors.map((e) => e.format());
    expect(lines).toHaveLength(2);
    expect(lines.some((line) => line.includes("/sites/178, field title:"))).toBe(true);
    expect(
      lines.some((line) => line.includes("/site/178/article?stable=1: request failed with HTTP 400 Bad Request")),
    ).toBe(true);
  });
});

describe("faults written as on the command line, and the / listing (docs/data-format.md, One base URL and the local API server)", () => {
  it("'401-once' on the management API is survived by refreshing the token once", async () => {
    const raw = await fetchWith([parseFaultSpec("blockData:401-once")]);
    expect(raw.blockData.length).toBeGreaterThan(0);
    expect(server!.stats.requests.filter((r) => r.endpoint === "blockData").map((r) => r.status)).toEqual([401, 200]);
  });

  it("GET / lists every endpoint with method, path and auth, and the faults in force", async () => {
    server = await serveTestPartner(partner, { faults: [parseFaultSpec("slow=3000")] });
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      endpoints: { name: string; method: string; path: string; auth: string; query?: object }[];
      faults: unknown[];
    };
    expect(body.endpoints.map((e) => `${e.method} ${e.path}`)).toEqual([
      "GET /sites/178",
      "GET /sites/178/events",
      "GET /site/178/block-data",
      "GET /site/178/article",
      "GET /sites/178/basic_events",
      "POST /oauth/token",
    ]);
    expect(body.endpoints.find((e) => e.name === "blockData")).toMatchObject({ auth: "auth0", query: { stable: "1" } });
    expect(body.faults).toEqual([{ endpoint: "*", kind: "slow", delayMs: 3000 }]);
    const missing = await fetch(`${server.url}/nowhere`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "not found; GET / lists the endpoints" });
  });
});
