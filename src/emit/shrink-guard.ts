/**
 * Guards against publishing a broken site (docs/security.md): a data source that answers with no
 * pages (an outage, a misconfigured site) or far fewer routes than the previous build would
 * otherwise replace the whole site with an empty shell. The build fails before writing,
 * naming what is missing, unless the operator passes --allow-shrink.
 */
import { BuildError } from "../errors/index.js";
import { totalRoutes, type OutputMarker } from "./output-marker.js";

/** Default share of the previous build's routes a new build must keep (--min-share). */
export const DEFAULT_MIN_SHARE = 0.5;
/** "The last build had many films": at least this many film pages. */
export const MANY_FILMS = 5;

export interface ShrinkCheckInput {
  partner: number;
  /** CMS pages in the new data. */
  pages: number;
  /** Routes of the new build by kind. */
  routes: Record<string, number>;
  /** The marker of the output being replaced, if any. */
  previous: OutputMarker | null;
  allowShrink?: boolean;
  minShare?: number;
}

/** Throws a BuildError naming what is missing when the new build would shrink the site drastically. */
export function checkShrink(input: ShrinkCheckInput): void {
  const problem = findShrink(input);
  if (problem && !input.allowShrink) {
    throw new BuildError(
      problem,
      { partner: input.partner },
      { code: "E_SHRINK", hint: "check the data source; pass --allow-shrink if the site really is meant to shrink" },
    );
  }
}

/** The reason the new build counts as drastic shrinking, or null. */
export function findShrink({ pages, routes, previous, minShare = DEFAULT_MIN_SHARE }: ShrinkCheckInput): string | null {
  if (pages === 0)
    return `the data has no pages (site.pages is empty)${previous ? `; the previous build had ${totalRoutes(previous.routes)} routes` : ""}`;
  if (!previous) return null;
  const before = totalRoutes(previous.routes);
  const after = totalRoutes(routes);
  const films = previous.routes.film ?? 0;
  if (films >= MANY_FILMS && (routes.film ?? 0) === 0)
    return `the data has no films; the previous build had ${films} film pages (${missingKinds(previous.routes, routes)})`;
  if (after < before * minShare) {
    return `the new build has ${after} routes, fewer than ${Math.round(minShare * 100)}% of the previous build's ${before} (${missingKinds(previous.routes, routes)})`;
  }
  return null;
}

/** 'film 90 → 0, article 40 → 2': the kinds that lost routes. */
function missingKinds(before: Record<string, number>, after: Record<string, number>): string {
  return Object.keys(before)
    .sort()
    .filter((kind) => (after[kind] ?? 0) < before[kind])
    .map((kind) => `${kind} pages ${before[kind]} → ${after[kind] ?? 0}`)
    .join(", ");
}
