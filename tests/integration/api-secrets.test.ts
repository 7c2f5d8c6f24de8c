/**
 * Credentials never reach logs, errors or output (docs/data-format.md, Live APIs): sentinel values are configured on
 * both sides, then every kind of run, successful or failing, is searched for them.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { format, promisify } from "node:util";
import createDebug from "debug";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiServer, FaultPlan } from "../../src/api-server/index.js";
import { BuildError, BuildErrors } from "../../src/errors/index.js";
import { fetchPartnerData, takeSnapshot } from "../../src/fetch/index.js";
import {
  AUTH,
  createTestPartner,
  FAST,
  SENTINEL_CREDENTIALS,
  SENTINEL_FORMS,
  SENTINELS,
  serveTestPartner,
  type TestPartner,
} from "../fixtures/api/partners.js";

const run = promisify(execFile);
let partner: TestPartner;
let out: string;
const debugLines: string[] = [];
let restoreDebug: () => void;

/** A writable that keeps what it was given; `tty` makes it look like a terminal. */
function captureStream(tty: boolean): PassThrough & { text(): string } {
  const chunks: string[] = [];
  const stream = new PassThrough() as PassThrough & { text(): string; isTTY?: boolean };
  stream.on("data", (chunk) => chunks.push(String(chunk)));
  stream.isTTY = tty;
  stream.text = () => chunks.join("");
  return stream;
}

function expectNoSentinel(text: string, what: string): void {
  for (const sentinel of SENTINEL_FORMS) expect(text.includes(sentinel), `${what} contains ${sentinel}`).toBe(false);
}

function describeError(error: unknown): string {
  const all = error instanceof BuildErrors ? [error, ...error.errors] : [error];
  return all
    .map((e) =>
      [
        String((e as Error).stack),
        (e as BuildError).format?.(),
        JSON.stringify((e as BuildError).location),
        (e as BuildError).hint,
      ].join("\n"),
    )
    .join("\n");
}

beforeAll(async () => {
  partner = await createTestPartner({});
  out = await mkdtemp(path.join(tmpdir(), "cb-api-secrets-"));
  const previousLog = createDebug.log;
  createDebug.log = (...args: unknown[]) => void debugLines.push(format(...args));
  createDebug.enable("cinema-build:*");
  restoreDebug = () => {
    createDebug.disable();
    createDebug.log = previousLog;
  };
});

afterAll(async () => {
  restoreDebug();
  await partner.cleanup();
  await rm(out, { recursive: true, force: true });
});

async function withServer<T>(
  faults: FaultPlan,
  body: (server: ApiServer) => Promise<T>,
  auth: TestPartner = partner,
): Promise<T> {
  const server = await serveTestPartner(auth, { credentials: SENTINEL_CREDENTIALS, faults });
  try {
    return await body(server);
  } finally {
    await server.close();
  }
}

describe("sentinel credentials", () => {
  it("appear in no progress line, debug line or snapshot file of a successful run", async () => {
    const tty = captureStream(true);
    const plain = captureStream(false);
    await withServer(
      [
        { endpoint: "*", kind: "reject-token", tokens: 1 },
        { endpoint: "events", kind: "status", status: 500, times: 1 },
      ],
      async (server) => {
        await takeSnapshot({
          partner: 178,
          partnersDir: partner.partnersDir,
          out,
          apiUrl: server.url,
          env: SENTINELS,
          progress: tty,
          ...FAST,
        });
        await fetchPartnerData(partner.loaded, { apiUrl: server.url, env: SENTINELS, progress: plain, ...FAST });
      },
    );
    expect(tty.text()).toMatch(/fetch: 4\/4 requests, 3 retries/);
    expect(plain.text()).toContain("fetch: 4/4 answers received and validated");
    expectNoSentinel(tty.text(), "terminal progress");
    expectNoSentinel(plain.text(), "CI progress");
    expect(debugLines.length).toBeGreaterThan(0);
    expectNoSentinel(debugLines.join("\n"), "debug log");
    const files = await readdir(out);
    expect(files.sort()).toEqual(["articles.json", "block-data.json", "events.json", "meta.json", "site.json"]);
    for (const file of files) expectNoSentinel(await readFile(path.join(out, file), "utf8"), file);
  });

  it.each<[string, FaultPlan, Record<string, string>]>([
    ["a refused password", [], { CINEMA_PUBLIC_API_PASSWORD: `${SENTINELS.CINEMA_PUBLIC_API_PASSWORD}-x` }],
    [
      "refused client credentials",
      [],
      { CINEMA_MANAGEMENT_CLIENT_SECRET: `${SENTINELS.CINEMA_MANAGEMENT_CLIENT_SECRET}-x` },
    ],
    ["a second 401", [{ endpoint: "*", kind: "unauthorized" }], {}],
    [
      "5xx to the end",
      [
        { endpoint: "*", kind: "status", status: 502 },
        { endpoint: "token", kind: "status", status: 500 },
      ],
      {},
    ],
    ["timeouts", [{ endpoint: "*", kind: "slow", delayMs: 500 }], {}],
    [
      "a wrong-typed field",
      [{ endpoint: "site", kind: "wrong-type", path: ["title"], value: SENTINELS.CINEMA_PUBLIC_API_USER.length }],
      {},
    ],
  ])("appear in no error of a failing run: %s", async (_name, faults, env) => {
    const error = await withServer(faults, (server) =>
      fetchPartnerData(partner.loaded, {
        apiUrl: server.url,
        env: { ...SENTINELS, ...env },
        ...FAST,
        timeoutMs: 100,
        retries: 1,
      }).catch((e) => e),
    );
    expect(error instanceof BuildError || error instanceof BuildErrors).toBe(true);
    expectNoSentinel(describeError(error), "error");
    expectNoSentinel(debugLines.join("\n"), "debug log");
  });

  it("appear in no error of an unsupported mode or a missing variable", async () => {
    const odd = await createTestPartner({ publicApi: { ...AUTH.basic, mode: "digest" } });
    try {
      const error = await fetchPartnerData(odd.loaded, { env: SENTINELS }).catch((e) => e);
      expect(error.message).toBe("API authentication method (digest) not supported.");
      expectNoSentinel(describeError(error), "error");
    } finally {
      await odd.cleanup();
    }
    const missing = await fetchPartnerData(partner.loaded, {
      env: { ...SENTINELS, CINEMA_MANAGEMENT_CLIENT_SECRET: undefined },
    }).catch((e) => e);
    expect(missing.message).toBe("environment variable CINEMA_MANAGEMENT_CLIENT_SECRET is not set");
    expectNoSentinel(describeError(missing), "error");
  });

  it("appear in nothing the CLI prints, with DEBUG on, when it succeeds and when it fails", async () => {
    const cliOut = path.join(out, "cli");
    const env = { ...process.env, ...SENTINELS, DEBUG: "cinema-build:*", CINEMA_API_URL: "" };
    await withServer([], async (server) => {
      const ok = await run(
        process.execPath,
        [
          "bin/cinema-build.js",
          "snapshot",
          "--partner",
          "178",
          "--partners-dir",
          partner.partnersDir,
          "--api-url",
          server.url,
          "--out",
          cliOut,
        ],
        { env },
      );
      expect(ok.stdout).toContain("partner 178: snapshot captured at");
      expect(ok.stderr).toContain("fetch: 4/4 answers received and validated");
      expectNoSentinel(ok.stdout + ok.stderr, "CLI output");
    });
    await withServer([{ endpoint: "*", kind: "unauthorized" }], async (server) => {
      const failed = await run(
        process.execPath,
        [
          "bin/cinema-build.js",
          "build",
          "--partner",
          "178",
          "--partners-dir",
          partner.partnersDir,
          "--source",
          "api",
          "--out",
          path.join(out, "site"),
        ],
        {
          env: { ...env, CINEMA_API_URL: server.url },
        },
      ).catch((e) => e);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain("request failed with HTTP 401 Unauthorized (after refreshing the token once)");
      expectNoSentinel(failed.stdout + failed.stderr, "CLI output");
    });
  });
});
