/**
 * `cinema-build dev` (docs/dev.md) on a temporary copy of the 178 snapshot: a changed article title
 * is served after the rebuild; a corrupt JSON file is reported with its location while the last
 * good site is still served, and the next good save recovers. Browser behaviour (reload, CSS
 * swap, overlay) is in tests/e2e/dev.e2e.test.ts.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { get, request } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDev, type DevSession } from "../../src/dev/index.js";
import type { DevEvent } from "../../src/isomorphic/dev-protocol.js";

let root: string;
let partnersDir: string;
let session: DevSession;
const events: DevEvent[] = [];
const log: string[] = [];
let articles: string;

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  return response.text();
}

/** Polls until `check` passes (a rebuild is asynchronous), at most 20 s. */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting for the dev rebuild");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function listenToEvents(url: string): void {
  get(`${url}/__dev/events`, (res) => {
    let buffer = "";
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = frame.split("\n").find((line) => line.startsWith("data: "));
        if (data) events.push(JSON.parse(data.slice(6)) as DevEvent);
      }
    });
  });
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "cb-dev-"));
  partnersDir = path.join(root, "partners");
  await cp(path.resolve("partners/178"), path.join(partnersDir, "178"), { recursive: true });
  articles = path.join(partnersDir, "178", "snapshot", "articles.json");
  session = await startDev({
    partner: 178,
    partnersDir,
    source: "snapshot",
    out: path.join(root, "out"),
    port: 0,
    log: (line) => log.push(line),
  });
  listenToEvents(session.url);
});

afterAll(async () => {
  await session?.close();
  await rm(root, { recursive: true, force: true });
});

describe("cinema-build dev", () => {
  it("serves the site with the dev client, like preview", async () => {
    const html = await fetchText(`${session.url}/kinoprogram`);
    expect(html).toContain('<script type="module" src="/__dev/client.js"></script>');
    expect(html).toMatch(/href="\/assets\/site\.css"/);
    expect(await fetchText(`${session.url}/__dev/client.js`)).toContain("EventSource");
    expect(session.rebuilds[0]).toMatchObject({ trigger: "start", ok: true });
  });

  it("refuses every Host but this machine's names, also on the event stream (DNS rebinding)", async () => {
    const statusFor = (pathname: string, host: string) =>
      new Promise<number>((resolve, reject) => {
        const { hostname, port } = new URL(session.url);
        const req = request({ hostname, port, path: pathname, headers: { host } }, (res) => {
          resolve(res.statusCode ?? 0);
          res.destroy();
        });
        req.on("error", reject);
        req.end();
      });
    for (const pathname of ["/kinoprogram", "/__dev/events", "/__dev/client.js"]) {
      expect(await statusFor(pathname, "rebind.evil.example:4361"), pathname).toBe(421);
      expect(await statusFor(pathname, `localhost:${new URL(session.url).port}`), pathname).toBe(200);
    }
  });

  it("serves an article's new title after the article is saved", async () => {
    const count = session.rebuilds.length;
    const list = JSON.parse(await readFile(articles, "utf8"));
    const article = list[0];
    article.title = "Ny tittel fra dev-testen";
    await writeFile(articles, JSON.stringify(list));
    await until(async () =>
      (await fetchText(`${session.url}/article/${article.slug}`)).includes("<title>Ny tittel fra dev-testen |"),
    );
    await until(async () => session.rebuilds.length > count);
    const rebuild = session.rebuilds.at(-1)!;
    expect(rebuild.ok).toBe(true);
    expect(rebuild.trigger).toContain("articles.json");
    // Only what shows the article is rendered again (its page, the lists that show it); the
    // rest comes from the build cache, and the log names the pages.
    expect(rebuild.rendered).toContain(`/article/${article.slug}`);
    expect(rebuild.rendered!.length).toBeLessThan(20);
    expect(rebuild.reused).toBeGreaterThan(200);
    expect(log.join("\n")).toContain(`/article/${article.slug}`);
    await until(async () => events.some((event) => event.type === "reload"));
  });

  it("reports a corrupt JSON file with its location and keeps serving the last good site, then recovers", async () => {
    const good = await readFile(articles, "utf8");
    const count = session.rebuilds.length;
    await writeFile(articles, '{"broken": ');
    await until(async () => session.rebuilds.length > count);
    const failed = session.rebuilds.at(-1)!;
    expect(failed.ok).toBe(false);
    expect(failed.message).toMatch(/partner 178, .*articles\.json: invalid JSON/);
    expect(log.join("\n")).toContain("the last good site is still served");
    await until(async () => events.some((event) => event.type === "error" && event.message.includes("articles.json")));
    expect(await fetchText(`${session.url}/kinoprogram`)).toContain("<title>");

    await writeFile(articles, good.replace("Ny tittel fra dev-testen", "Tittelen etter feilen"));
    await until(async () => session.rebuilds.length > count + 1 && session.rebuilds.at(-1)!.ok);
    const list = JSON.parse(good);
    await until(async () =>
      (await fetchText(`${session.url}/article/${list[0].slug}`)).includes("Tittelen etter feilen"),
    );
  });
});
