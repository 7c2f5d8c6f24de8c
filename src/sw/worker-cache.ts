/**
 * A disk memo for generated service workers. workbox's generateSW bundles its runtime with
 * rollup, babel and terser (~2.5 s on these machines), although its output depends only on its
 * options; generate-sw.ts asks for one worker per configuration, with placeholders where each
 * build's own values go, so every build and partner of a machine shares it (dev rebuilds, CI,
 * a platform's partners, the test suite). The key is a hash of everything the output depends
 * on, so a hit is byte-identical to a fresh run.
 */
import { createRequire } from "node:module";
import { readToolCache, toolCacheFile, writeToolCache } from "../shared/tool-cache.js";
import { debugFor } from "../log/index.js";

const debug = debugFor("sw");
const WORKBOX_VERSION: string = createRequire(import.meta.url)("workbox-build/package.json").version;

/**
 * The memo's key text: JSON, with functions and regular expressions written as their source
 * (JSON.stringify would drop the one and write '{}' for the other, and two configurations
 * differing only in a URL pattern would share a key).
 */
function keyText(inputs: unknown): string {
  return JSON.stringify({ workbox: WORKBOX_VERSION, inputs }, (_key, value) =>
    typeof value === "function" || value instanceof RegExp ? String(value) : value,
  );
}

/** Returns the cached worker for `inputs`, or runs `generate` and caches its result (src/shared/tool-cache.ts). */
export async function memoizeWorker(inputs: unknown, generate: () => Promise<string>): Promise<string> {
  const file = toolCacheFile("sw", [keyText(inputs)], "js");
  const cached = await readToolCache(file);
  if (cached) {
    debug("service worker from cache %s", file);
    return cached.toString("utf8");
  }
  const worker = await generate();
  await writeToolCache(file, worker);
  return worker;
}
