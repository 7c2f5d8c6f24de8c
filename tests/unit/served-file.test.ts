/**
 * `preview` and `dev` serve only files inside their folder (src/dev/served-file.ts) and follow
 * the redirect table only within the site (src/isomorphic/redirect-path.ts tableTarget): a symlink out
 * of the output or a tampered redirects.json must not reach the disk or another site.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPreviewServer, type PreviewServer } from "../../src/dev/index.js";
import { isServedFile } from "../../src/dev/served-file.js";

let root: string;
let site: string;
let server: PreviewServer;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "cb-served-"));
  const outside = path.join(root, "outside");
  await mkdir(outside, { recursive: true });
  await writeFile(path.join(outside, "passwd"), "root:x:0:0");
  await writeFile(path.join(outside, "index.html"), "<h1>not the site</h1>");
  // The output as a build leaves it: a symlink to the current build folder.
  const build = path.join(root, "builds", "1");
  await mkdir(path.join(build, "kinoprogram"), { recursive: true });
  await writeFile(path.join(build, "index.html"), "<h1>Forside</h1>");
  await writeFile(path.join(build, "kinoprogram", "index.html"), "<h1>Kinoprogram</h1>");
  await writeFile(path.join(build, "404.html"), "<h1>Fant ikke siden</h1>");
  await writeFile(
    path.join(build, "redirects.json"),
    JSON.stringify([
      { fromPath: "/lx1", toPath: "https://evil.example/" },
      { fromPath: "/lx2", toPath: "HTTPS://EVIL.EXAMPLE/x" },
      { fromPath: "/billett", toPath: "https://billett.kinoplattform.example/solvik" },
    ]),
  );
  // The meta-refresh page the build writes at an external redirect's fromPath.
  await mkdir(path.join(build, "billett"), { recursive: true });
  await writeFile(
    path.join(build, "billett", "index.html"),
    '<meta http-equiv="refresh" content="0; url=https://billett.kinoplattform.example/solvik">',
  );
  await symlink(outside, path.join(build, "leak"));
  await symlink(path.join(outside, "passwd"), path.join(build, "passwd.txt"));
  await symlink(path.join(build, "kinoprogram"), path.join(build, "program-lenke"));
  site = path.join(root, "site");
  await symlink(build, site);
  server = await startPreviewServer({ root: site, port: 0 });
});

afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

function get(rawPath: string): Promise<{ status: number; location: string | undefined; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: rawPath }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("files served by preview and dev", () => {
  it("serves files inside the folder, also through the output's own symlink and a symlink within it", async () => {
    expect(await isServedFile(site, path.join(site, "index.html"))).toBe(true);
    expect(await isServedFile(site, path.join(site, "program-lenke", "index.html"))).toBe(true);
    expect((await get("/program-lenke/")).body).toBe("<h1>Kinoprogram</h1>");
  });

  it("refuses a file whose real path is outside the folder", async () => {
    expect(await isServedFile(site, path.join(site, "leak", "passwd"))).toBe(false);
    expect(await isServedFile(site, path.join(site, "passwd.txt"))).toBe(false);
    expect(await isServedFile(site, site)).toBe(false);
    for (const probe of ["/leak/passwd", "/passwd.txt", "/leak/", "/leak"]) {
      const res = await get(probe);
      expect(res.status, probe).toBe(404);
      expect(res.body, probe).toBe("<h1>Fant ikke siden</h1>");
    }
  });
});

describe("the redirect table under preview", () => {
  it("never answers 301 to another host from redirects.json", async () => {
    for (const probe of ["/lx1", "/lx2"]) {
      const res = await get(probe);
      expect(res.status, probe).toBe(404);
      expect(res.location, probe).toBeUndefined();
    }
  });

  it("leaves an external redirect to the meta-refresh page the build wrote", async () => {
    const external = await get("/billett");
    expect(external.status).toBe(200);
    expect(external.location).toBeUndefined();
    expect(external.body).toContain("url=https://billett.kinoplattform.example/solvik");
  });
});
