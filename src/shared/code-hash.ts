/**
 * A hash of the generator's own code (templates, renderer, binder), part of the route cache's
 * site key: a new cinema-build, or an edited template in a checkout, renders every page again.
 * Compiled (dist/), that is the bundles next to this module; from the TypeScript sources
 * (tests, tsx), every file under src/, templates/ and client/.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fg from "fast-glob";
import { packageRoot } from "./package-root.js";

let memo: string | null = null;

export function hashOwnCode(): string {
  if (memo) return memo;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const root = packageRoot();
  const compiled = path.basename(here) === "dist";
  const files = compiled
    ? fg.sync("*.js", { cwd: here, absolute: true })
    : fg.sync(["src/**/*.{ts,tsx}", "templates/**/*", "client/**/*"], { cwd: root, absolute: true });
  const hash = createHash("sha256");
  for (const file of files.sort()) hash.update(path.relative(root, file)).update("\0").update(readFileSync(file));
  memo = hash.digest("hex");
  return memo;
}
