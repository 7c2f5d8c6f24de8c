import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPreviewServer, type PreviewServer } from "../../src/dev/index.js";

let root: string;
let server: PreviewServer;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "cb-preview-"));
  const site = path.join(root, "site");
  const files: Record<string, string> = {
    "index.html": "<h1>Forside</h1>",
    "kinoprogram/index.html": "<h1>Kinoprogram</h1>",
    "404.html": "<h1>Fant ikke siden</h1>",
    "assets/main.0a1b2c3d.js": "console.log(1)",
    "robots.txt": "User-agent: *",
    "redirects.json": JSON.stringify([{ fromPath: "/program", toPath: "/kinoprogram" }]),
  };
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(site, file)), { recursive: true });
    await writeFile(path.join(site, file), text);
  }
  await writeFile(path.join(root, "secret.txt"), "outside the site");
  server = await startPreviewServer({ root: site, port: 0 });
});

afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

/** A raw GET (no URL normalisation, so '..' reaches the server as sent). */
function get(rawPath: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: rawPath }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the preview server", () => {
  it("answers a folder page with and without the trailing slash", async () => {
    for (const p of ["/kinoprogram", "/kinoprogram/"]) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.body).toBe("<h1>Kinoprogram</h1>");
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    }
  });

  it("answers an unknown path with 404.html and status 404", async () => {
    const res = await get("/finnes-ikke");
    expect(res.status).toBe(404);
    expect(res.body).toBe("<h1>Fant ikke siden</h1>");
  });

  it("applies the redirect table with a 301", async () => {
    const res = await get("/program");
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("/kinoprogram");
  });

  it("never serves a file outside the site", async () => {
    const res = await get("/../secret.txt");
    expect(res.body).not.toContain("outside the site");
  });

  it("caches like _headers says: hashed assets immutable, everything else revalidated", async () => {
    expect((await get("/assets/main.0a1b2c3d.js")).headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    for (const p of ["/", "/robots.txt", "/redirects.json", "/finnes-ikke"]) expect((await get(p)).headers["cache-control"], p).toBe("no-cache");
  });
});
