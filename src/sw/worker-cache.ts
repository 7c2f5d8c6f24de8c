/**
 * A disk memo for generated service workers. workbox's generateSW bundles its runtime with
 * rollup, babel and terser: about 7 s on these machines, on every build, although its output
 * depends only on its options. Builds of one site mostly keep their hashed assets, so the
 * same worker is asked for again and again (dev rebuilds, CI, the test suite). The key is a
 * hash of everything the output depends on, so a hit is byte-identical to a fresh run.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { packageRoot } from "../emit/package-root.js";
import { debugFor } from "../log/index.js";

const debug = debugFor("sw");
const WORKBOX_VERSION: string = createRequire(import.meta.url)("workbox-build/package.json").version;

/**
 * node_modules/.cache/cinema-build/sw of cinema-build's own package, the usual place for a
 * tool's disposable cache (never the folder the command happens to run in).
 */
function cacheDir(): string {
  return path.resolve(process.env.CINEMA_BUILD_CACHE_DIR ?? path.join(packageRoot(), "node_modules", ".cache", "cinema-build", "sw"));
}

/**
 * The memo's key text: JSON, with functions and regular expressions written as their source
 * (JSON.stringify would drop the one and write '{}' for the other, and two configurations
 * differing only in a URL pattern would share a key).
 */
function keyText(inputs: unknown): string {
  return JSON.stringify({ workbox: WORKBOX_VERSION, inputs }, (_key, value) => (typeof value === "function" || value instanceof RegExp ? String(value) : value));
}

/** Returns the cached worker for `inputs`, or runs `generate` and caches its result. */
export async function memoizeWorker(inputs: unknown, generate: () => Promise<string>): Promise<string> {
  if (process.env.CINEMA_BUILD_CACHE === "0") return generate();
  const key = createHash("sha256").update(keyText(inputs)).digest("hex").slice(0, 32);
  const file = path.join(cacheDir(), `${key}.js`);
  try {
    const cached = await readFile(file, "utf8");
    debug("service worker from cache %s", key);
    return cached;
  } catch {
    // not cached yet
  }
  const worker = await generate();
  try {
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename: a parallel build never reads half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, worker);
    await rename(tmp, file);
  } catch (error) {
    debug("could not cache the service worker: %s", (error as Error).message);
  }
  return worker;
}
