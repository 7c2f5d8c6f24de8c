/**
 * `cinema-build snapshot` against a local server serving 178's embedded snapshot writes the
 * same bytes back, and reading them gives the same data (docs/data-format.md, Live APIs: a snapshot then an offline
 * build reproduces the same output).
 */
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type ApiServer } from "../../src/api-server/index.js";
import { BuildError } from "../../src/errors/index.js";
import { readSnapshot, takeSnapshot, writeSnapshot } from "../../src/fetch/index.js";
import { loadPartner } from "../../src/config/index.js";
import { FAST, REPO_PARTNERS, SNAPSHOT_178 } from "../fixtures/api/partners.js";

const run = promisify(execFile);
const DATA_FILES = ["site.json", "events.json", "block-data.json", "articles.json"];
let server: ApiServer;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "cb-api-snapshot-"));
  server = await startApiServer({ partnersDir: REPO_PARTNERS, partner: 178, env: {} });
});
afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

describe("cinema-build snapshot", () => {
  it("writes the served snapshot back byte for byte, with meta.source 'api'", async () => {
    const dir = path.join(root, "programmatic");
    const result = await takeSnapshot({
      partner: 178,
      partnersDir: REPO_PARTNERS,
      out: dir,
      apiUrl: server.url,
      env: {},
      clock: () => new Date("2026-11-20T08:00:00Z"),
    });
    expect(result.capturedAt).toBe("2026-11-20T09:00:00+01:00");
    for (const file of DATA_FILES) {
      expect((await readFile(path.join(dir, file))).equals(await readFile(path.join(SNAPSHOT_178, file))), file).toBe(
        true,
      );
    }
    expect(JSON.parse(await readFile(path.join(dir, "meta.json"), "utf8"))).toEqual({
      partner: 178,
      siteId: 178,
      capturedAt: "2026-11-20T09:00:00+01:00",
      source: "api",
    });
  });

  it("reads back as the same RawPartnerData as the embedded snapshot (meta aside)", async () => {
    const dir = path.join(root, "programmatic");
    const { config } = await loadPartner(REPO_PARTNERS, 178);
    const { meta: written, ...fromApi } = await readSnapshot(dir, config);
    const { meta: original, ...embedded } = await readSnapshot(SNAPSHOT_178, config);
    expect(fromApi).toEqual(embedded);
    expect(JSON.stringify(fromApi)).toBe(JSON.stringify(embedded));
    expect([written.source, original.source]).toEqual(["api", "generator"]);
  });

  it("runs from the command line with --api-url, and in summer time stamps +02:00 offsets", async () => {
    const dir = path.join(root, "cli");
    const { stdout, stderr } = await run(
      process.execPath,
      ["bin/cinema-build.js", "snapshot", "--partner", "178", "--api-url", server.url, "--out", dir],
      {
        env: { ...process.env, CINEMA_API_URL: "", TZ: "UTC" },
      },
    );
    expect(stdout).toMatch(/^partner 178: snapshot captured at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0[12]:00 in /);
    expect(stderr.split("\n").filter(Boolean)).toEqual([
      `fetch: partner 178: 4 requests to ${server.url}/`,
      "fetch: 4/4 answers received and validated",
      `snapshot: wrote ${dir}`,
    ]);
    for (const file of DATA_FILES)
      expect((await readFile(path.join(dir, file))).equals(await readFile(path.join(SNAPSHOT_178, file))), file).toBe(
        true,
      );
    const summer = await takeSnapshot({
      partner: 178,
      partnersDir: REPO_PARTNERS,
      out: path.join(root, "summer"),
      apiUrl: server.url,
      env: {},
      clock: () => new Date("2026-07-01T10:00:00Z"),
    });
    expect(summer.capturedAt).toBe("2026-07-01T12:00:00+02:00");
  });

  it("leaves the previous snapshot untouched when the fetch fails", async () => {
    const dir = path.join(root, "kept");
    await cp(SNAPSHOT_178, dir, { recursive: true });
    const broken = await startApiServer({
      partnersDir: REPO_PARTNERS,
      partner: 178,
      env: {},
      faults: [{ endpoint: "articles", kind: "status", status: 500 }],
    });
    try {
      const error = await takeSnapshot({
        partner: 178,
        partnersDir: REPO_PARTNERS,
        out: dir,
        apiUrl: broken.url,
        env: {},
        ...FAST,
      }).catch((e) => e);
      expect(error).toBeInstanceOf(BuildError);
    } finally {
      await broken.close();
    }
    for (const file of [...DATA_FILES, "meta.json"])
      expect((await readFile(path.join(dir, file))).equals(await readFile(path.join(SNAPSHOT_178, file))), file).toBe(
        true,
      );
  });

  it("writeSnapshot leaves the previous snapshot whole and no temporary file when one file cannot be written", async () => {
    const dir = path.join(root, "half-written");
    await cp(SNAPSHOT_178, dir, { recursive: true });
    const { config } = await loadPartner(REPO_PARTNERS, 178);
    const raw = await readSnapshot(SNAPSHOT_178, config);
    // A folder where articles.json's temporary file would go makes that one write fail.
    const blocker = `articles.json.${process.pid}.tmp`;
    await mkdir(path.join(dir, blocker));
    await expect(writeSnapshot(dir, { ...raw, events: { productions: [], events: [] } })).rejects.toThrow();
    for (const file of [...DATA_FILES, "meta.json"])
      expect((await readFile(path.join(dir, file))).equals(await readFile(path.join(SNAPSHOT_178, file))), file).toBe(
        true,
      );
    expect((await readdir(dir)).sort()).toEqual([...DATA_FILES, "meta.json", blocker].sort());
  });

  it("writeSnapshot accepts RawPartnerData too and always marks the source 'api'", async () => {
    const dir = path.join(root, "raw");
    const { config } = await loadPartner(REPO_PARTNERS, 178);
    const raw = await readSnapshot(SNAPSHOT_178, config);
    await writeSnapshot(dir, raw);
    const meta = JSON.parse(await readFile(path.join(dir, "meta.json"), "utf8"));
    expect(meta.source).toBe("api");
    const again = await readSnapshot(dir, config);
    expect(again.events).toEqual(raw.events);
  });
});
