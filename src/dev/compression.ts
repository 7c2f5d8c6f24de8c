/**
 * gzip and brotli for `preview`, as a production host or CDN sends them, so the bytes a
 * visitor downloads can be measured locally. Compressed bodies are kept per file and
 * modification time: the 178 site compresses once, then answers from memory.
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

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

const cache = new Map<string, Buffer>();

export function compress(body: Buffer, encoding: Encoding, key: string): Buffer {
  const cacheKey = `${encoding}:${key}`;
  let compressed = cache.get(cacheKey);
  if (!compressed) {
    compressed = encoding === "br" ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }) : gzipSync(body, { level: 9 });
    if (cache.size > 5000) cache.clear();
    cache.set(cacheKey, compressed);
  }
  return compressed;
}
