/**
 * gzip and brotli for `preview`, as a production host or CDN sends them, so the bytes a
 * visitor downloads can be measured locally. Compressed bodies are kept per file and
 * modification time, by the server that sends them (createCompressedMemo): the 178 site
 * compresses once, then answers from memory.
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { createBoundedMemo, type BoundedMemo } from "../shared/bounded-memo.js";

export type Encoding = "br" | "gzip";

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
/** Below this a compressed answer is not worth the header. */
const MIN_BYTES = 512;

/** The encoding to answer with: brotli before gzip, each only if the client accepts it (q > 0). */
export function chooseEncoding(acceptEncoding: string | undefined, contentType: string, size: number): Encoding | null {
  if (!acceptEncoding || size < MIN_BYTES || !COMPRESSIBLE.test(contentType)) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  return ok("br") ? "br" : ok("gzip") ? "gzip" : null;
}

/** Compressed bodies by encoding and file key: one per server, dropped with it. */
export type CompressedMemo = BoundedMemo<string, Buffer>;

export function createCompressedMemo(): CompressedMemo {
  return createBoundedMemo(5000);
}

/** `body` compressed, kept in `memo` under `key` (file, modification time and size). */
export function compress(body: Buffer, encoding: Encoding, key: string, memo?: CompressedMemo): Buffer {
  const compressOnce = () =>
    encoding === "br"
      ? brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        })
      : gzipSync(body, { level: 9 });
  return memo ? memo.get(`${encoding}:${key}`, compressOnce) : compressOnce();
}
