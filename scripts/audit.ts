/**
 * Lighthouse audit of partner 178 (method and figures in docs/performance.md).
 *
 *   npm run audit [-- --out /dev/shm/cinema-audit] [--port 0] [--keep] [--reports <dir>] [--pages front,film] [--runs 3]
 *
 * Builds 178 with the compiled CLI (dist/), serves it like a static host (brotli or gzip by
 * Accept-Encoding, long caching for the hashed assets, 404.html for unknown paths), and runs
 * Lighthouse 12 (mobile, simulated throttling) in Debian's Chromium on the front page,
 * /kinoprogram, a film page and an article. Prints the four category scores, LCP, TBT, CLS,
 * and the gzip bytes of the page's own JS, CSS and HTML per page type. Nothing leaves the
 * machine: Chromium resolves every host but 127.0.0.1 to nothing (the partner's image CDN
 * and third-party scripts fail fast), so scores are for what this tool controls. The site is
 * built against the local member service (src/member-server, as `dev --with-services` does),
 * so the film page's member rating loads as it would for a visitor instead of logging spec 8's
 * 'movie info failed' only because the real service is out of reach. Each page is audited
 * `--runs` times (default 3) and the median run is printed (Lighthouse's computeMedianRun):
 * on a shared machine one run's blocking time moves the performance score by tens of points.
 * Set CHROME_PATH to use another Chromium (default /usr/bin/chromium). `--reports <dir>` also
 * writes each page's Lighthouse report (`<type>.json`) there, to read what a failing audit found;
 * `--pages` audits only the named page types (front, programme, film, article). The load average
 * is printed beside each median and before and after the audits: simulated throttling scales what
 * this machine measured, so TBT and the performance score fall when the machine is busy.
 * `--help` prints the flags (scripts/audit-options.ts).
 */
import { execFileSync } from "node:child_process";
import { mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import { AUDIT_USAGE, AuditUsageError, parseAuditArgs, type AuditOptions } from "./audit-options.js";

const options = parseOrExit(process.argv.slice(2));
// Lighthouse and the build load only now: `--help` and a bad flag answer at once.
const chromeLauncher = await import("chrome-launcher");
const { default: lighthouse } = await import("lighthouse");
const { computeMedianRun } = await import("lighthouse/core/lib/median-run.js");
const { contentTypeOf } = await import("../src/shared/content-types.js");
const { startMemberServer } = await import("../src/member-server/index.js");

const out = path.resolve(options.out, "178");
process.env.NODE_ENV ??= "production";
execFileSync(process.execPath, ["scripts/compile.mjs"]);
const { build } = (await import(pathToFileURL(path.resolve("dist/index.js")).href)) as typeof import("../src/index.js");
const member = await startMemberServer({ partner: "178", partnersDir: path.resolve("partners"), port: 0 });
await build({
  partner: "178",
  partnersDir: path.resolve("partners"),
  source: "snapshot",
  out,
  cache: false,
  memberUrl: member.url,
});

const pages = Object.fromEntries(
  Object.entries(await pickPages(out)).filter(([type]) => (options.pages as string[]).includes(type)),
);
const server = await serveCompressed(out, options.port);
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
  ],
});

const loadAtStart = loadAverage();
const rows: string[] = [];
try {
  for (const [type, pagePath] of Object.entries(pages)) {
    const runs = [];
    for (let run = 0; run < options.runs; run += 1) {
      const runner = await lighthouse(
        `${origin}${pagePath}`,
        { port: chrome.port, output: "json", logLevel: "error" },
        {
          extends: "lighthouse:default",
          settings: {
            formFactor: "mobile",
            throttlingMethod: "simulate",
            onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          },
        },
      );
      runs.push(runner!.lhr);
    }
    const lhr = computeMedianRun(runs) as (typeof runs)[number];
    if (options.reports) {
      await mkdir(options.reports, { recursive: true });
      await writeFile(path.join(options.reports, `${type}.json`), JSON.stringify(lhr));
    }
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (id: string) => lhr.audits[id];
    const failing = Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 0.9 &&
          a.scoreDisplayMode !== "informative" &&
          a.scoreDisplayMode !== "notApplicable" &&
          a.scoreDisplayMode !== "manual",
      )
      .map((a) => a.id);
    const bytes = await ownBytes(
      out,
      origin,
      (audit("network-requests").details as unknown as { items: { url: string; resourceType: string }[] }).items,
    );
    rows.push(
      `| ${type} | ${pagePath} | ${score("performance")} | ${score("accessibility")} | ${score("best-practices")} | ${score("seo")} | ` +
        `${Math.round(audit("largest-contentful-paint").numericValue ?? 0)} ms | ${Math.round(audit("total-blocking-time").numericValue ?? 0)} ms | ${(audit("cumulative-layout-shift").numericValue ?? 0).toFixed(3)} | ` +
        `${bytes.Script} | ${bytes.Stylesheet} | ${bytes.Document} | ${audit("dom-size")?.numericValue ?? "?"} | ${loadAverage()} | ${failing.join(", ") || "-"} |`,
    );
    console.log(`audited ${type} ${pagePath}`);
  }
} finally {
  await chrome.kill();
  server.close();
  await member.close();
}
console.log(
  "\n| page | path | perf | a11y | best practices | SEO | LCP | TBT | CLS | JS gzip | CSS gzip | HTML gzip | DOM nodes | load avg 1/5/15 min | audits below 0.9 |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
console.log(rows.join("\n"));
// Simulated throttling scales what this machine measured: a busy machine lowers TBT-driven scores.
console.log(
  `\nload average (1/5/15 min) on ${os.cpus().length} cores: ${loadAtStart} before the first audit, ${loadAverage()} after the last`,
);
if (!options.keep) await rm(options.out, { recursive: true, force: true });

/** The flags, or the usage on --help (exit 0), or one line on a bad flag (exit 1). */
function parseOrExit(argv: string[]): AuditOptions {
  try {
    const parsed = parseAuditArgs(argv);
    if (!parsed.help) return parsed.options;
    process.stdout.write(AUDIT_USAGE);
    process.exit(0);
  } catch (error) {
    if (!(error instanceof AuditUsageError)) throw error;
    process.stderr.write(`audit: ${error.message} (npm run audit -- --help)\n`);
    process.exit(1);
  }
}

/** os.loadavg() as '1.52 / 1.31 / 1.20': printed beside each median, since load moves TBT. */
function loadAverage(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(" / ");
}

/** The four page types, found in the build rather than named: the first film and article routes of the manifest. */
async function pickPages(root: string): Promise<Record<string, string>> {
  const events = JSON.parse(await readFile(path.resolve("partners/178/snapshot/events.json"), "utf8")) as {
    productions: { object: string; parentSlug: string }[];
  };
  const manifest = JSON.parse(await readFile(path.join(root, "page-manifest.json"), "utf8")) as { path: string }[];
  const film = events.productions.find((p) => p.object === "movie")!;
  const article = manifest.find((entry) => entry.path.startsWith("/article/"))!;
  return { front: "/", programme: "/kinoprogram", film: `/${film.parentSlug}`, article: article.path };
}

/** gzip -9 bytes of the same-origin scripts, stylesheets and documents the page loaded. */
async function ownBytes(
  root: string,
  base: string,
  items: { url: string; resourceType: string }[],
): Promise<Record<string, number>> {
  const totals: Record<string, number> = { Script: 0, Stylesheet: 0, Document: 0 };
  for (const item of items) {
    if (!item.url.startsWith(base) || !(item.resourceType in totals)) continue;
    const file = await fileFor(root, decodeURIComponent(new URL(item.url).pathname));
    if (file) totals[item.resourceType] += gzipSync(await readFile(file), { level: 9 }).byteLength;
  }
  return totals;
}

async function fileFor(root: string, urlPath: string): Promise<string | null> {
  const target = path.join(root, urlPath);
  if (!target.startsWith(root)) return null;
  for (const candidate of [target, path.join(target, "index.html")]) {
    const info = await stat(candidate).catch(() => null);
    if (info?.isFile()) return candidate;
  }
  return null;
}

/** A static host: brotli or gzip as the browser asks, hashed assets cached for a year, HTML revalidated. */
async function serveCompressed(root: string, port: number) {
  const cache = new Map<string, { br: Buffer; gzip: Buffer; raw: Buffer }>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const urlPath = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
      let file = await fileFor(root, urlPath);
      let status = 200;
      if (!file) {
        file = path.join(root, "404.html");
        status = 404;
      }
      let entry = cache.get(file);
      if (!entry) {
        const raw = await readFile(file);
        entry = {
          raw,
          gzip: gzipSync(raw, { level: 9 }),
          br: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        };
        cache.set(file, entry);
      }
      const accept = String(req.headers["accept-encoding"] ?? "");
      const encoding = /\bbr\b/.test(accept) ? "br" : /\bgzip\b/.test(accept) ? "gzip" : null;
      res.writeHead(status, {
        "content-type": contentTypeOf(file),
        "cache-control": urlPath.startsWith("/assets/")
          ? "public, max-age=31536000, immutable"
          : "public, max-age=0, must-revalidate",
        vary: "accept-encoding",
        ...(encoding ? { "content-encoding": encoding } : {}),
      });
      res.end(encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : entry.raw);
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return server;
}
