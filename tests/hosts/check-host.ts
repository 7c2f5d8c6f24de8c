/**
 * Serves a built site with a host's own runtime and checks it as a visitor and an operator
 * would (docs/hosts.md): `wrangler pages dev` for the cloudflare profile, `netlify dev
 * --offline` for netlify (run this script inside a network namespace with only loopback:
 * netlify dev listens on every interface), `cinema-build preview --host static` for static.
 * Prints one JSON object (HostReport) on stdout; tests/e2e/hosts.e2e.test.ts runs it.
 *
 *   tsx tests/hosts/check-host.ts --host cloudflare --root /dev/shm/x/site --port 8788 [--samples /,/kinoprogram,…] [--quick]
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { ARGS, CHROMIUM } from "../helpers/chromium.js";

export interface HostReport {
  host: string;
  /** Redirect sources asked with '?utm=x': [fromPath, status, location]. */
  redirects: [string, number, string][];
  /** Internal link, canonical and sitemap addresses asked: how many, and those not answered 200 directly. */
  addresses: number;
  notDirect: [string, number, string][];
  /** Headers of one path per page type: [path, 'status cache-control', has CSP, content-type]. */
  headers: [string, string, boolean, string][];
  /**
   * netlify only: the Cache-Control and Content-Type Netlify's own `_headers` parser and matcher
   * give each path (netlify dev's static server sends 'public, max-age=0' on every file whatever
   * the rules say).
   */
  ruleCacheControl?: [string, string, string][];
  /** Paths that must not be served, with their status. */
  private: [string, number][];
  /** Offline checks: [what, passed, detail]. */
  offline: [string, boolean, string][];
  /** Milliseconds per phase, for finding where a slow run spent its time. */
  timings: Record<string, number>;
}

const { values } = parseArgs({
  options: {
    host: { type: "string" },
    root: { type: "string" },
    port: { type: "string", default: "8790" },
    samples: { type: "string", default: "" },
    quick: { type: "boolean", default: false },
  },
});
const host = values.host as "static" | "netlify" | "cloudflare";
const root = path.resolve(values.root!);
const port = Number(values.port);
const origin = `http://127.0.0.1:${port}`;
const repo = path.resolve(import.meta.dirname, "../..");
const bin = (name: string) => path.join(repo, "node_modules/.bin", name);

async function main(): Promise<void> {
  const state = await mkdtemp(path.join(tmpdir(), `host-${host}-`));
  let since = performance.now();
  const timings: Record<string, number> = {};
  const lap = (phase: string) => {
    timings[phase] = Math.round(performance.now() - since);
    since = performance.now();
  };
  const server = startServer(state);
  try {
    await waitUntilUp(server);
    lap("start");
    const report: HostReport = {
      host,
      redirects: [],
      addresses: 0,
      notDirect: [],
      headers: [],
      private: [],
      offline: [],
      timings,
    };
    // --quick: the headers alone (a large site, whose every address would take minutes to ask).
    if (!values.quick) {
      report.redirects = await checkRedirects();
      lap("redirects");
      const addresses = await siteAddresses();
      report.addresses = addresses.length;
      report.notDirect = await notAnsweredDirectly(addresses);
      lap("addresses");
    }
    report.headers = await headersByPageType();
    if (host === "netlify")
      report.ruleCacheControl = await netlifyRuleCacheControl(report.headers.map(([sample]) => sample));
    for (const hidden of ["/.cinema-build.json", "/_headers", "/_redirects"])
      report.private.push([hidden, (await ask(hidden)).status]);
    lap("headers");
    if (!values.quick) report.offline = await checkOffline(server);
    lap("offline");
    process.stdout.write(`${JSON.stringify(report)}\n`);
  } finally {
    stop(server);
    await rm(state, { recursive: true, force: true });
  }
}

function startServer(state: string): ChildProcess {
  // netlify dev runs its edge-function layer on Deno and downloads one unless `deno` is on PATH:
  // the deno npm package puts it in node_modules/.bin.
  const env = {
    ...process.env,
    PATH: `${path.join(repo, "node_modules/.bin")}${path.delimiter}${process.env.PATH ?? ""}`,
    WRANGLER_SEND_METRICS: "false",
    NETLIFY_TELEMETRY_DISABLED: "1",
    BROWSER: "none",
    NO_COLOR: "1",
  };
  const options = { cwd: state, env, stdio: ["ignore", "pipe", "pipe"] as ("ignore" | "pipe")[], detached: true };
  const child =
    host === "cloudflare"
      ? spawn(
          bin("wrangler"),
          [
            "pages",
            "dev",
            root,
            "--port",
            String(port),
            "--ip",
            "127.0.0.1",
            "--compatibility-date=2026-05-01",
            "--log-level",
            "error",
          ],
          options,
        )
      : host === "netlify"
        ? spawn(bin("netlify"), ["dev", "--offline", "--dir", root, "--port", String(port), "--no-open"], options)
        : spawn(
            process.execPath,
            [
              path.join(repo, "bin/cinema-build.js"),
              "preview",
              "--out",
              root,
              "--port",
              String(port),
              "--host",
              "static",
            ],
            options,
          );
  let log = "";
  child.stdout?.on("data", (chunk) => (log += chunk));
  child.stderr?.on("data", (chunk) => (log += chunk));
  child.on("exit", (code) => {
    if (code !== null && code !== 0) process.stderr.write(`${host} server exited with ${code}:\n${log.slice(-2000)}\n`);
  });
  return child;
}

async function waitUntilUp(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`${host} server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${origin}/`, { redirect: "manual" })).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${host} server did not answer within 180 s`);
}

function stop(server: ChildProcess): void {
  try {
    process.kill(-server.pid!, "SIGTERM");
  } catch {
    // already gone
  }
}

async function ask(pathWithQuery: string): Promise<{ status: number; location: string; headers: Headers }> {
  const response = await fetch(`${origin}${pathWithQuery}`, { redirect: "manual" });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get("location") ?? "", headers: response.headers };
}

/** Each entry of the table the build wrote, asked with a query that must survive. */
async function checkRedirects(): Promise<[string, number, string][]> {
  const table = JSON.parse(await readFile(path.join(root, "redirects.json"), "utf8")) as {
    fromPath: string;
    toPath: string;
  }[];
  const out: [string, number, string][] = [];
  for (const { fromPath } of table) {
    const answer = await ask(`${encodeURI(fromPath)}?utm=x`);
    out.push([fromPath, answer.status, answer.location.replace(origin, "")]);
  }
  return out;
}

/** Every internal href/src of every HTML file, each canonical URL and each sitemap URL, as paths. */
async function siteAddresses(): Promise<string[]> {
  const siteUrl = /<loc>(https?:\/\/[^/<]+)/.exec(await readFile(path.join(root, "sitemap.xml"), "utf8"))?.[1] ?? "";
  const found = new Set<string>();
  const add = (value: string) => {
    const address = value.startsWith(siteUrl) && siteUrl ? value.slice(siteUrl.length) || "/" : value;
    if (!address.startsWith("/") || address.startsWith("//")) return;
    found.add(address.replace(/#.*$/, "").replace(/&amp;/g, "&"));
  };
  for (const file of await htmlFiles(root)) {
    const html = await readFile(file, "utf8");
    if (html.includes("<title>Siden har flyttet</title>")) continue;
    for (const match of html.matchAll(/\s(?:href|src)="([^"]+)"/g)) add(match[1]);
  }
  for (const sitemap of (await readdir(root)).filter((name) => /^sitemap.*\.xml$/.test(name))) {
    for (const match of (await readFile(path.join(root, sitemap), "utf8")).matchAll(/<loc>([^<]+)<\/loc>/g))
      add(match[1]);
  }
  found.delete("");
  return [...found].sort();
}

async function htmlFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== "assets" && entry.name !== "page-data")
      out.push(...(await htmlFiles(full)));
    else if (entry.isFile() && entry.name.endsWith(".html")) out.push(full);
  }
  return out;
}

async function notAnsweredDirectly(addresses: string[]): Promise<[string, number, string][]> {
  const bad: [string, number, string][] = [];
  let next = 0;
  const worker = async () => {
    while (next < addresses.length) {
      const address = addresses[next++];
      const answer = await ask(address);
      if (answer.status !== 200) bad.push([address, answer.status, answer.location.replace(origin, "")]);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return bad.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/** One path per page type (--samples, comma-separated), plus the page data, the worker and an asset. */
async function headersByPageType(): Promise<[string, string, boolean, string][]> {
  const manifest = JSON.parse(await readFile(path.join(root, "page-manifest.json"), "utf8")) as
    { pages?: { jsonName: string }[] } | { jsonName: string }[];
  const entries = Array.isArray(manifest) ? manifest : (manifest.pages ?? []);
  const asset = (await readdir(path.join(root, "assets"))).find((name) => name.endsWith(".css"));
  const samples = [
    ...(values.samples ? values.samples.split(",") : ["/"]),
    "/sw.js",
    `/page-data/${entries[0]?.jsonName ?? "index"}.json`,
    `/assets/${asset}`,
  ];
  const out: [string, string, boolean, string][] = [];
  for (const sample of samples) {
    const answer = await ask(sample);
    out.push([
      sample,
      `${answer.status} ${answer.headers.get("cache-control") ?? ""}`,
      answer.headers.has("content-security-policy"),
      answer.headers.get("content-type") ?? "",
    ]);
  }
  return out;
}

async function netlifyRuleCacheControl(samples: string[]): Promise<[string, string, string][]> {
  const { parseHeaders, headersForPath } = (await import(
    path.join(repo, "node_modules/netlify-cli/dist/utils/headers.js")
  )) as {
    parseHeaders: (options: { config: object; configPath?: string; headersFiles: string[] }) => Promise<unknown[]>;
    headersForPath: (rules: unknown[], pathname: string) => Record<string, string>;
  };
  const rules = await parseHeaders({ config: {}, headersFiles: [path.join(root, "_headers")] });
  return samples.map((sample) => {
    const headers = headersForPath(rules, sample);
    return [sample, headers["Cache-Control"] ?? "", headers["Content-Type"] ?? ""];
  });
}

/**
 * A page reached by an in-site link (the page loader) and one loaded in full stay usable
 * offline: reloaded, and opened again by their address, with the host stopped.
 */
async function checkOffline(server: ChildProcess): Promise<[string, boolean, string][]> {
  const samples = values.samples ? values.samples.split(",") : [];
  const [linked, full] = [samples[1] ?? "/kinoprogram", samples[2] ?? samples[1] ?? "/kinoprogram"];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const results: [string, boolean, string][] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const tab = await context.newPage();
    await tab.goto(`${origin}/`);
    await tab.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await tab.evaluate((href) => {
      const link = Object.assign(document.createElement("a"), { href, id: "host-check-link", textContent: "lenke" });
      // At the top, where no scroll is needed: a link scrolled to the viewport's edge can be
      // moved by the mousedown's focus, and the click lands elsewhere.
      document.querySelector("main")!.prepend(link);
    }, linked);
    await tab.click("#host-check-link");
    await tab.waitForFunction((p) => location.pathname === p, linked, { timeout: 15_000 });
    await storedByWorker(tab);
    const linkedHeading = await heading(tab);
    const fullTab = await context.newPage();
    await fullTab.goto(`${origin}${full}`);
    const fullHeading = await heading(fullTab);
    await storedByWorker(fullTab);
    stop(server);
    await untilGone();
    for (const [what, page, address, expected] of [
      ["linked page reloaded", tab, linked, linkedHeading],
      ["full page reloaded", fullTab, full, fullHeading],
    ] as const) {
      const outcome = (await tab.context().pages().includes(page))
        ? await page.reload().then(
            () => heading(page),
            (error: Error) => `error: ${error.message.split("\n")[0]}`,
          )
        : "no tab";
      results.push([what, outcome === expected && expected !== "", `${address}: ${outcome}`]);
    }
    const again = await context.newPage();
    for (const [what, address, expected] of [
      ["linked page opened again", linked, linkedHeading],
      ["full page opened again", full, fullHeading],
    ] as const) {
      const outcome = await again.goto(`${origin}${address}`).then(
        () => heading(again),
        (error: Error) => `error: ${error.message.split("\n")[0]}`,
      );
      results.push([what, outcome === expected && expected !== "", `${address}: ${outcome}`]);
    }
  } finally {
    await browser.close();
  }
  return results;
}

/** Waits until the service worker's caches hold the page shown (its network-first copy). */
async function storedByWorker(tab: import("playwright-core").Page): Promise<void> {
  await tab.waitForFunction(async () => (await caches.match(location.href)) !== undefined, undefined, {
    polling: 100,
    timeout: 15_000,
  });
}

/** Waits until the stopped server refuses connections: from then on the browser is offline. */
async function untilGone(): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    try {
      await fetch(`${origin}/`, { redirect: "manual" });
    } catch {
      return; // refused
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${host} server still answers 10 s after it was stopped`);
}

async function heading(tab: import("playwright-core").Page): Promise<string> {
  return ((await tab.textContent("h1").catch(() => null)) ?? "").trim();
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
