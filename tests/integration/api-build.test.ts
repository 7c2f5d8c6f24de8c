/**
 * docs/data-format.md, Live APIs: building partner 178 from the local API server (serving the embedded
 * snapshot) gives byte-identical output to building it from the snapshot, at the same
 * reference time, and none of the credentials it sent ends up in a file.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startApiServer, type ApiServer } from "../../src/api-server/index.js";
import { build } from "../../src/build.js";
import { BuildError } from "../../src/errors/index.js";
import { hashTree, listFiles } from "../helpers/files.js";
import { REPO_PARTNERS, SENTINEL_CREDENTIALS, SENTINEL_FORMS, SENTINELS } from "../fixtures/api/partners.js";

const NOW = "2026-11-20T09:00:00+01:00";
let server: ApiServer;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "cb-api-build-"));
  server = await startApiServer({ partnersDir: REPO_PARTNERS, partner: 178, credentials: SENTINEL_CREDENTIALS });
});
afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

describe("building from the API", () => {
  it("writes the same files, byte for byte, as building from the snapshot", async () => {
    const fromSnapshot = path.join(root, "snapshot");
    const fromApi = path.join(root, "api");
    // The pages' live programme differs by source on purpose (an API build follows the
    // visitor's clock and reads basic_events from the API URL): give the snapshot build the same.
    await build({
      partner: "178",
      partnersDir: REPO_PARTNERS,
      source: "snapshot",
      now: NOW,
      out: fromSnapshot,
      apiUrl: server.url,
      liveClock: true,
    });
    await build({
      partner: "178",
      partnersDir: REPO_PARTNERS,
      source: "api",
      apiUrl: server.url,
      env: SENTINELS,
      now: NOW,
      out: fromApi,
    });
    const snapshotHashes = await hashTree(fromSnapshot);
    const apiHashes = await hashTree(fromApi);
    expect(Object.keys(snapshotHashes).length).toBeGreaterThan(100);
    expect(apiHashes).toEqual(snapshotHashes);
    expect(server.stats.requests.map((r) => r.status).every((status) => status === 200)).toBe(true);
    // The sentinel credentials the build sent appear in no output file.
    for (const file of await listFiles(fromApi)) {
      const text = (await readFile(path.join(fromApi, file))).toString("latin1");
      for (const sentinel of SENTINEL_FORMS)
        expect(text.includes(sentinel), `${file} contains a credential`).toBe(false);
    }
  }, 180_000);

  it("leaves the previous output untouched when the fetch fails", async () => {
    const out = path.join(root, "api");
    const before = await hashTree(out);
    expect(Object.keys(before).length).toBeGreaterThan(100);
    const broken = await startApiServer({
      partnersDir: REPO_PARTNERS,
      partner: 178,
      env: {},
      faults: [{ endpoint: "events", kind: "status", status: 502 }],
    });
    try {
      const error = await build({
        partner: "178",
        partnersDir: REPO_PARTNERS,
        source: "api",
        apiUrl: broken.url,
        env: {},
        now: NOW,
        out,
      }).catch((e) => e);
      expect(error).toBeInstanceOf(BuildError);
      expect(error.format()).toContain(
        `endpoint GET ${broken.url}/sites/178/events: request failed with HTTP 502 Bad Gateway after 4 attempts`,
      );
    } finally {
      await broken.close();
    }
    expect(await hashTree(out)).toEqual(before);
  }, 60_000);
});
