import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { ASSETS_PREFIX, IMMUTABLE, NO_CACHE } from "../emit/headers.js";
import { BuildError } from "../errors/index.js";
import { chooseEncoding, compress, createCompressedMemo, type CompressedMemo } from "./compression.js";
import { contentTypeOf } from "../shared/content-types.js";
import type { HostName } from "../hosts/host-profile.js";
import { headersFor, parseHeadersFile, type HeaderRule } from "./host-headers.js";
import { answerFor, detectHost, readRedirectRules } from "./host-emulation.js";

export interface PreviewOptions {
  /** The built site (output/<partner>, or any folder a build wrote). */
  root: string;
  port?: number;
  /** Loopback only by default: the preview is for the developer's own browser. */
  host?: string;
  /** Serve like this host (src/dev/host-emulation.ts); default: the host the folder was built for. */
  hostProfile?: HostName;
  /** Sees each request first; returning true means it was answered (tests use it to go offline). */
  intercept?: (req: IncomingMessage, res: ServerResponse) => boolean;
}

export interface PreviewServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves a built site the way its host does (src/dev/host-emulation.ts): the host's
 * trailing-slash rules, its `_redirects` rules (301 with the query kept; a Netlify rule without
 * '!' shadowed by a file), /404.html with status 404 for unknown paths, and the `_headers`
 * values the host would apply (CSP, HSTS, caching …; Cloudflare reads only the first 100 rules).
 * Only files whose real path is inside the folder are served (src/dev/served-file.ts). Text is
 * sent gzip- or brotli-compressed when the browser accepts it, and HEAD answers with the
 * headers alone.
 */
export async function startPreviewServer(options: PreviewOptions): Promise<PreviewServer> {
  const root = path.resolve(options.root);
  const host = options.host ?? "127.0.0.1";
  const compressed = createCompressedMemo();
  const server = createServer((req, res) => {
    if (options.intercept?.(req, res)) return;
    handle(root, options.hostProfile, compressed, req, res).catch((error) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE" || error.code === "EACCES") {
        reject(
          new BuildError(
            `cannot listen on ${host}:${options.port}: ${error.code === "EADDRINUSE" ? "the port is in use" : "permission denied"}`,
            {},
            { hint: "pass --port with another number, or --port 0 for any free port", code: "E_PORT" },
          ),
        );
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

async function handle(
  root: string,
  hostName: HostName | undefined,
  compressed: CompressedMemo,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
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
  // Read on each request: a rebuild in place (dev) may change them.
  const host = hostName ?? (await detectHost(root));
  const rules = host === "static" ? null : await readHeaderRules(root, host);
  const answer = await answerFor(
    host,
    root,
    host === "static" ? [] : await readRedirectRules(root),
    url.pathname,
    pathname,
    url.search,
  );
  if (answer.kind === "redirect") {
    res.writeHead(answer.status, { ...(rules ? headersFor(rules, url.pathname) : {}), location: answer.location });
    return void res.end();
  }
  if (answer.kind === "file")
    return sendFile(req, res, {
      status: answer.status,
      file: answer.file,
      pathname: answer.pathname,
      rules,
      head,
      compressed,
    });
  return send(res, 404, "text/plain; charset=utf-8", "not found", head);
}

async function readHeaderRules(root: string, host: HostName): Promise<HeaderRule[] | null> {
  try {
    return parseHeadersFile(await readFile(path.join(root, "_headers"), "utf8"), host);
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
  /** The server's compressed bodies. */
  compressed: CompressedMemo;
}

/**
 * A file with the `_headers` values for its path; without a `_headers` file, caching as
 * src/emit/headers.ts would have written it (hashed assets immutable, the rest revalidated).
 */
async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  { status, file, pathname, rules, head, compressed }: SendFileOptions,
): Promise<void> {
  const [body, info] = await Promise.all([readFile(file), stat(file)]);
  const type = contentTypeOf(file);
  const hostHeaders = rules
    ? headersFor(rules, pathname)
    : { "cache-control": pathname.startsWith(ASSETS_PREFIX) ? IMMUTABLE : NO_CACHE };
  const encoding = chooseEncoding(req.headers["accept-encoding"], type, body.length);
  const sent = encoding ? compress(body, encoding, `${file}:${info.mtimeMs}:${info.size}`, compressed) : body;
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
