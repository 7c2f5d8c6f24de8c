/**
 * The installed version of a dependency, read from its package.json without loading the
 * package (sharp's native library, Pagefind's service): memo keys name the version whose
 * output they hold. Packages that export no package.json are found from their entry module.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { packageRoot } from "./package-root.js";

const versions = new Map<string, string>();

export function installedVersion(name: string): string {
  let version = versions.get(name);
  if (version === undefined) {
    version = (JSON.parse(readFileSync(packageJsonOf(name), "utf8")) as { version: string }).version;
    versions.set(name, version);
  }
  return version;
}

function packageJsonOf(name: string): string {
  let dir = path.dirname(entryOf(name));
  for (;;) {
    const file = path.join(dir, "package.json");
    if (existsSync(file) && (JSON.parse(readFileSync(file, "utf8")) as { name?: string }).name === name) return file;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`internal: no package.json of '${name}' above ${entryOf(name)}`);
    dir = parent;
  }
}

function entryOf(name: string): string {
  try {
    return createRequire(import.meta.url).resolve(name);
  } catch {
    // ESM-only packages (Pagefind) have no require entry; vitest's module runner has no
    // import.meta.resolve: then the package's usual place.
    try {
      return fileURLToPath(import.meta.resolve(name));
    } catch {
      return path.join(packageRoot(), "node_modules", name, "package.json");
    }
  }
}
