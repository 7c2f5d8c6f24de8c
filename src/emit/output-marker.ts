/**
 * The marker file cinema-build writes into every output folder it builds (docs/security.md). It is
 * how a later run knows the folder is its own to replace, and what the previous build held:
 * the shrink guard (src/emit/shrink-guard.ts) compares the new route counts with it.
 * No time stamp: two builds of one input stay byte-identical.
 */
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { packageRoot } from "../shared/package-root.js";

export const MARKER_FILE = ".cinema-build.json";

export const OutputMarkerSchema = z.object({
  generator: z.literal("cinema-build"),
  version: z.string(),
  partner: z.number(),
  /** Routes by kind ('static', 'film', 'culture', 'article', 'not-found') and their total. */
  routes: z.record(z.string(), z.number()),
  /** CMS pages of the site the output was built from. */
  pages: z.number(),
});
export type OutputMarker = z.infer<typeof OutputMarkerSchema>;

/** Total of a marker's or a build's route counts. */
export function totalRoutes(routes: Record<string, number | undefined>): number {
  return Object.values(routes).reduce<number>((sum, n) => sum + (n ?? 0), 0);
}

export function serializeMarker(marker: OutputMarker): string {
  const routes = Object.fromEntries(Object.entries(marker.routes).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return `${JSON.stringify({ ...marker, routes }, null, 2)}\n`;
}

/**
 * The marker of an output folder: the parsed marker, 'missing' when the folder has none, or
 * 'invalid' when a file of that name is not one of ours.
 */
export async function readMarker(dir: string): Promise<OutputMarker | "missing" | "invalid"> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MARKER_FILE), "utf8");
  } catch {
    return "missing";
  }
  try {
    const parsed = OutputMarkerSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : "invalid";
  } catch {
    return "invalid";
  }
}

let version: string | undefined;

/** cinema-build's version, from its package.json (also what --version prints). */
export function toolVersion(): string {
  version ??= (JSON.parse(readFileSync(path.join(packageRoot(), "package.json"), "utf8")) as { version: string })
    .version;
  return version;
}
