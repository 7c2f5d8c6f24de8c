import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPreviewServer, type PreviewServer } from "../../src/dev/index.js";
import { BuildError } from "../../src/errors/index.js";

let root: string;
let server: PreviewServer;
let builtServer: PreviewServer;
let cloudflareServer: PreviewServer;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "cb-preview-"));
  const site = path.join(root, "site");
  const files: Record<string, string> = {
    "index.html": "<h1>Forside</h1>",
    "kinoprogram/index.html": "<h1>Kinoprogram</h1>",
    "404.html": "<h1>Fant ikke siden</h1>",
    "assets/main.0a1b2c3d.js": "console.log(1)",
    "robots.txt": "User-agent: *",
    "kalender.ics": "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n",
    "redirects.json": JSON.stringify([{ fromPath: "/program", toPath: "/kinoprogram" }]),
  };
  await writeSite(site, files);
  await writeFile(path.join(root, "secret.txt"), "outside the site");
  server = await startPreviewServer({ root: site, port: 0 });
  // A second site as a build writes it: _headers, a larger page, hostile redirect targets.
  const built = path.join(root, "built");
  const builtFiles: Record<string, string> = {
    "index.html": `<h1>Forside</h1>${"<p>Kinoprogram for uka.</p>".repeat(200)}`,
    "assets/site.0a1b2c3d.css": "body{}",
    ".cinema-build.json": "{}",
    _headers:
      "/*\n  Content-Security-Policy: default-src 'self'; frame-ancestors 'self'\n  Strict-Transport-Security: max-age=31536000\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n/\n  Cache-Control: no-cache\n/:page\n  Cache-Control: no-cache\n",
    "redirects.json": JSON.stringify([
      { fromPath: "/gammel", toPath: "/" },
      { fromPath: "/ut", toPath: "/\\evil.example" },
      { fromPath: "/ut2", toPath: "//evil.example" },
      { fromPath: "/ut3", toPath: "/%5Cevil.example" },
    ]),
    _redirects: "/gammel / 301!\n/skygge /kinoprogram 301\n/tvunget /kinoprogram 301!\n",
    "skygge/index.html": "<h1>Skygge</h1>",
    "tvunget/index.html": "<h1>Tvunget</h1>",
  };
  await writeSite(built, builtFiles);
  builtServer = await startPreviewServer({ root: built, port: 0 });
  // A site as --host cloudflare writes it: pages as <path>.html.
  const cloudflare = path.join(root, "cloudflare");
  const cloudflareFiles: Record<string, string> = {
    "index.html": "<h1>Forside</h1>",
    "kinoprogram.html": "<h1>Kinoprogram</h1>",
    "kinoprogram/dag/2026-11-24.html": "<h1>Tirsdag</h1>",
    "404.html": "<h1>Fant ikke siden</h1>",
    _headers: "/*\n  X-Frame-Options: SAMEORIGIN\n",
    _redirects: "/program /kinoprogram 301\n/program/ /kinoprogram 301\n",
  };
  await writeSite(cloudflare, cloudflareFiles);
  cloudflareServer = await startPreviewServer({ root: cloudflare, port: 0 });
});

afterAll(async () => {
  await server.close();
  await builtServer.close();
  await cloudflareServer.close();
  await rm(root, { recursive: true, force: true });
});

async function writeSite(dir: string, files: Record<string, string>): Promise<void> {
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
}

/** A raw request (no URL normalisation, so '..' reaches the server as sent). */
function get(
  rawPath: string,
  options: { on?: PreviewServer; method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string; bytes: Buffer }> {
  const { hostname, port } = new URL((options.on ?? server).url);
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname, port, path: rawPath, method: options.method ?? "GET", headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
            bytes: Buffer.concat(chunks),
          }),
        );
      },
    );
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

  it("serves the calendar feed as text/calendar", async () => {
    const res = await get("/kalender.ics");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
  });

  it("answers an unknown path with 404.html and status 404", async () => {
    const res = await get("/finnes-ikke");
    expect(res.status).toBe(404);
    expect(res.body).toBe("<h1>Fant ikke siden</h1>");
  });

  it("serves a folder without rule files as a plain static server: no redirect rules, the build's redirect pages do it", async () => {
    const res = await get("/program");
    expect(res.status).toBe(404);
    expect(res.headers.location).toBeUndefined();
  });

  it("applies _redirects as Netlify does: 301 with the query kept, a rule without '!' shadowed by a file", async () => {
    const forced = await get("/tvunget/?utm=x", { on: builtServer });
    expect(forced.status).toBe(301);
    expect(forced.headers.location).toBe("/kinoprogram?utm=x");
    const shadowed = await get("/skygge", { on: builtServer });
    expect(shadowed.status).toBe(200);
    expect(shadowed.body).toBe("<h1>Skygge</h1>");
    for (const p of ["/_redirects", "/_headers"]) expect((await get(p, { on: builtServer })).status, p).toBe(404);
  });

  it("answers like Cloudflare Pages: page.html at '/page', a 308 for the other forms, rules before files", async () => {
    const page = await get("/kinoprogram", { on: cloudflareServer });
    expect(page.status).toBe(200);
    expect(page.body).toBe("<h1>Kinoprogram</h1>");
    expect((await get("/kinoprogram/dag/2026-11-24", { on: cloudflareServer })).body).toBe("<h1>Tirsdag</h1>");
    for (const [p, location] of [
      ["/kinoprogram/", "/kinoprogram"],
      ["/kinoprogram.html?a=1", "/kinoprogram?a=1"],
      ["/404.html", "/404"],
      ["/index.html", "/"],
    ]) {
      const res = await get(p, { on: cloudflareServer });
      expect(res.status, p).toBe(308);
      expect(res.headers.location, p).toBe(location);
    }
    for (const p of ["/program", "/program/"]) {
      const res = await get(`${p}?utm=x`, { on: cloudflareServer });
      expect(res.status, p).toBe(301);
      expect(res.headers.location, p).toBe("/kinoprogram?utm=x");
    }
    expect((await get("/finnes-ikke", { on: cloudflareServer })).status).toBe(404);
  });

  it("never serves a file outside the site", async () => {
    const res = await get("/../secret.txt");
    expect(res.body).not.toContain("outside the site");
  });

  it("caches like _headers says: hashed assets immutable, everything else revalidated", async () => {
    expect((await get("/assets/main.0a1b2c3d.js")).headers["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    for (const p of ["/", "/robots.txt", "/redirects.json", "/finnes-ikke"])
      expect((await get(p)).headers["cache-control"], p).toBe("no-cache");
  });

  it("sends the _headers values that match each path, as a host with rules does", async () => {
    const page = await get("/", { on: builtServer });
    expect(page.headers["content-security-policy"]).toBe("default-src 'self'; frame-ancestors 'self'");
    expect(page.headers["strict-transport-security"]).toBe("max-age=31536000");
    expect(page.headers["cache-control"]).toBe("no-cache");
    const asset = await get("/assets/site.0a1b2c3d.css", { on: builtServer });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers["content-security-policy"]).toBe("default-src 'self'; frame-ancestors 'self'");
  });

  it("compresses with brotli or gzip as the browser accepts, and answers HEAD without a body", async () => {
    const plain = await get("/", { on: builtServer });
    const br = await get("/", { on: builtServer, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.bytes).toString("utf8")).toBe(plain.body);
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 10);
    const gz = await get("/", { on: builtServer, headers: { "accept-encoding": "gzip, br;q=0" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.bytes).toString("utf8")).toBe(plain.body);
    expect(gz.headers.vary).toBe("Accept-Encoding");
    const head = await get("/", { on: builtServer, method: "HEAD", headers: { "accept-encoding": "br" } });
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBe(br.bytes.length);
    expect((await get("/", { on: builtServer, method: "POST" })).status).toBe(405);
  });

  it("never redirects off the site, whatever redirects.json says: the host's rules decide", async () => {
    const ok = await get("/gammel?x=1", { on: builtServer });
    expect(ok.status).toBe(301);
    expect(ok.headers.location).toBe("/?x=1");
    for (const p of ["/ut", "/ut2", "/ut3"]) {
      const res = await get(p, { on: builtServer });
      expect(res.status, p).toBe(404);
      expect(res.headers.location, p).toBeUndefined();
    }
  });

  it("hides the build marker and reports a busy port as a user error", async () => {
    expect((await get("/.cinema-build.json", { on: builtServer })).status).toBe(404);
    const port = Number(new URL(builtServer.url).port);
    const error = await startPreviewServer({ root, port }).catch((e) => e);
    expect(error).toBeInstanceOf(BuildError);
    expect(error.format()).toBe(
      `cannot listen on 127.0.0.1:${port}: the port is in use (pass --port with another number, or --port 0 for any free port)`,
    );
  });
});
