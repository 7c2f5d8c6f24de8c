import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { normalizeRedirectSource, redirectKey, tableTarget } from "../../client/redirect-path.js";
import { ASSETS_PREFIX, IMMUTABLE, NO_CACHE } from "../emit/headers.js";
import { BuildError } from "../errors/index.js";
import { chooseEncoding, compress } from "./compression.js";
import { contentTypeOf } from "./content-types.js";
import { headersFor, parseHeadersFile, type HeaderRule } from "./host-headers.js";
import { isServedFile } from "./served-file.js";

export interface PreviewOptions {
  /** The built site (output/<partner>, or any folder a build wrote). */
  root: string;
  port?: number;
  /** Loopback only by default: the preview is for the developer's own browser. */
  host?: string;
  /** Sees each request first; returning true means it was answered (tests use it to go offline). */
  intercept?: (req: IncomingMessage, res: ServerResponse) => boolean;
}

export interface PreviewServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves a built site the way a static host with Netlify/Cloudflare rules does: '/x' and
 * '/x/' answer with x/index.html, unknown paths get /404.html with status 404, the redirect
 * table answers 301 (through the same normaliser as the build and the browser,
 * client/redirect-path.ts), every answer carries the `_headers` values that match it (CSP,
 * HSTS, caching …), text is sent gzip- or brotli-compressed when the browser accepts it, and
 * HEAD answers with the headers alone.
 */
export async function startPreviewServer(options: PreviewOptions): Promise<PreviewServer> {
  const root = path.resolve(options.root);
  const host = options.host ?? "127.0.0.1";
  const server = createServer((req, res) => {
    if (options.intercept?.(req, res)) return;
    handle(root, req, res).catch((error) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE" || error.code === "EACCES") {
        reject(new BuildError(`cannot listen on ${host}:${options.port}: ${error.code === "EADDRINUSE" ? "the port is in use" : "permission denied"}`, {}, { hint: "pass --port with another number, or --port 0 for any free port", code: "E_PORT" }));
      } else reject(error);
    });
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return { url: `http://${host}:${port}`, close: () => closeServer(server) };
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections?.();
  return new Promise((resolve) => server.close(() => resolve()));
}

async function handle(root: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" });
    return void res.end("method not allowed");
  }
  const head = req.method === "HEAD";
  const url = new URL(req.url ?? "/", "http://localhost");
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return send(res, 400, "text/plain; charset=utf-8", "bad request", head);
  }
  const rules = await readHeaderRules(root);
  const redirect = await findRedirect(root, url.pathname);
  if (redirect) {
    const location = /[?#]/.test(redirect) ? redirect : `${redirect}${url.search}`;
    res.writeHead(301, { ...(rules ? headersFor(rules, url.pathname) : {}), location });
    return void res.end();
  }
  const file = await findFile(root, pathname);
  if (file) return sendFile(req, res, { status: 200, file, pathname: url.pathname, rules, head });
  const notFound = path.join(root, "404.html");
  if (await isServedFile(root, notFound)) return sendFile(req, res, { status: 404, file: notFound, pathname: "/404.html", rules, head });
  return send(res, 404, "text/plain; charset=utf-8", "not found", head);
}

async function findFile(root: string, pathname: string): Promise<string | undefined> {
  // Dotfiles (the build marker) are cinema-build's own, not the site's; '.well-known' is.
  if (pathname.split("/").some((segment) => segment.startsWith(".") && segment !== ".well-known")) return undefined;
  const target = path.join(root, pathname);
  if (target !== root && !target.startsWith(root + path.sep)) return undefined;
  if (await isServedFile(root, target)) return target;
  const index = path.join(target, "index.html");
  if (await isServedFile(root, index)) return index;
  return undefined;
}

/** The redirect table the build wrote, each entry through the shared normaliser. */
async function findRedirect(root: string, pathname: string): Promise<string | undefined> {
  let table: unknown;
  try {
    table = JSON.parse(await readFile(path.join(root, "redirects.json"), "utf8"));
  } catch {
    return undefined;
  }
  if (!Array.isArray(table)) return undefined;
  const key = redirectKey(pathname);
  for (const entry of table as { fromPath?: unknown; toPath?: unknown }[]) {
    if (typeof entry?.fromPath !== "string" || typeof entry.toPath !== "string") continue;
    if (redirectKey(entry.fromPath) !== key || !normalizeRedirectSource(entry.fromPath).ok) continue;
    const target = tableTarget(entry.toPath, null);
    return target.ok ? target.to : undefined;
  }
  return undefined;
}

async function readHeaderRules(root: string): Promise<HeaderRule[] | null> {
  try {
    return parseHeadersFile(await readFile(path.join(root, "_headers"), "utf8"));
  } catch {
    return null;
  }
}

interface SendFileOptions {
  status: number;
  file: string;
  /** The request path the `_headers` rules are matched against. */
  pathname: string;
  rules: HeaderRule[] | null;
  head: boolean;
}

/**
 * A file with the `_headers` values for its path; without a `_headers` file, caching as
 * src/emit/headers.ts would have written it (hashed assets immutable, the rest revalidated).
 */
async function sendFile(req: IncomingMessage, res: ServerResponse, { status, file, pathname, rules, head }: SendFileOptions): Promise<void> {
  const [body, info] = await Promise.all([readFile(file), stat(file)]);
  const type = contentTypeOf(file);
  const hostHeaders = rules ? headersFor(rules, pathname) : { "cache-control": pathname.startsWith(ASSETS_PREFIX) ? IMMUTABLE : NO_CACHE };
  const encoding = chooseEncoding(req.headers["accept-encoding"], type, body.length);
  const sent = encoding ? compress(body, encoding, `${file}:${info.mtimeMs}:${info.size}`) : body;
  res.writeHead(status, {
    ...hostHeaders,
    "content-type": type,
    "content-length": sent.length,
    vary: "Accept-Encoding",
    ...(encoding ? { "content-encoding": encoding } : {}),
  });
  res.end(head ? undefined : sent);
}

function send(res: ServerResponse, status: number, type: string, body: string, head = false): void {
  res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body) });
  res.end(head ? undefined : body);
}
