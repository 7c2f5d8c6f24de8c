import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { ASSETS_PREFIX, IMMUTABLE, NO_CACHE } from "../emit/headers.js";
import type { Redirect } from "../model/index.js";
import { contentTypeOf } from "./content-types.js";

export interface PreviewOptions {
  /** The built site (output/<partner>). */
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
 * Serves a built site the way a plain static host does: '/x' and '/x/' answer with
 * x/index.html, unknown paths get /404.html with status 404, and the redirect table
 * (redirects.json) answers 301 like the host rules in _redirects would.
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
    server.once("error", reject);
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
  const url = new URL(req.url ?? "/", "http://localhost");
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return send(res, 400, "text/plain; charset=utf-8", "bad request");
  }
  const redirect = await findRedirect(root, pathname);
  if (redirect) {
    res.writeHead(301, { location: redirect });
    res.end();
    return;
  }
  const file = await findFile(root, pathname);
  if (file) return sendFile(res, 200, file, pathname.startsWith(ASSETS_PREFIX));
  const notFound = path.join(root, "404.html");
  if (await isFile(notFound)) return sendFile(res, 404, notFound);
  return send(res, 404, "text/plain; charset=utf-8", "not found");
}

async function findFile(root: string, pathname: string): Promise<string | undefined> {
  const target = path.join(root, pathname);
  if (target !== root && !target.startsWith(root + path.sep)) return undefined;
  if (await isFile(target)) return target;
  const index = path.join(target, "index.html");
  if (await isFile(index)) return index;
  return undefined;
}

async function findRedirect(root: string, pathname: string): Promise<string | undefined> {
  let table: Redirect[];
  try {
    table = JSON.parse(await readFile(path.join(root, "redirects.json"), "utf8"));
  } catch {
    return undefined;
  }
  if (!Array.isArray(table)) return undefined;
  return table.find((entry) => entry.fromPath === pathname)?.toPath;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Caching as `_headers` tells a host (src/emit/headers.ts): hashed assets immutable, the rest revalidated. */
async function sendFile(res: ServerResponse, status: number, file: string, immutable = false): Promise<void> {
  const body = await readFile(file);
  res.writeHead(status, {
    "content-type": contentTypeOf(file),
    "cache-control": immutable ? IMMUTABLE : NO_CACHE,
    "content-length": body.length,
  });
  res.end(body);
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { "content-type": type });
  res.end(body);
}
