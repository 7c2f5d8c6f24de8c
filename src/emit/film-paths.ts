/**
 * The film pages by edi number, for the member islands (/min-side links a watch-list film to
 * its page). It grows with the catalogue, so it is not in any page (docs/spec-decisions.md, Bounded listings: no page
 * grows with the number of films): one content-hashed JSON file the island fetches when a
 * logged-in member's list has films. Not precached by the service worker (site-files.ts).
 */
import { createHash } from "node:crypto";
import type { OutputFile } from "./index.js";
import type { Dataset } from "../model/index.js";

/**
 * Film pages by edi number (the production's reference): a film page is '/' + the
 * production's parentSlug (spec 2.6, as the programme links it, spec 3.5).
 */
export function filmPathsOf(dataset: Dataset): Record<string, string> {
  const paths: Record<string, string> = {};
  for (const production of dataset.productions) {
    if (
      production.object === "culture" ||
      typeof production.reference !== "string" ||
      typeof production.parentSlug !== "string" ||
      !production.parentSlug
    )
      continue;
    paths[production.reference] = `/${production.parentSlug}`;
  }
  return paths;
}

/** The file and its URL, or null for a site without member service (nothing reads it). */
export function planFilmPathsFile(dataset: Dataset): { file: OutputFile; url: string } | null {
  if (!dataset.memberService) return null;
  const known = planned.get(dataset);
  if (known) return known;
  const contents = Buffer.from(JSON.stringify(filmPathsOf(dataset)));
  const hash = createHash("sha256").update(contents).digest("hex").slice(0, 8);
  const filePath = `assets/film-paths.${hash}.json`;
  const plan = { file: { path: filePath, contents }, url: `/${filePath}` };
  planned.set(dataset, plan);
  return plan;
}

/** Planned once per dataset: the renderer, the build cache's site key and the site files ask. */
const planned = new WeakMap<Dataset, { file: OutputFile; url: string }>();
