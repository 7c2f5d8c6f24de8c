import type { Site } from "./index.js";

/**
 * Whether search engines may index the site (spec 3.2, 4.3: a site is published or not and has
 * a stage, 'production' when live). An unpublished site, or one on another stage, still builds
 * and deploys, so an editor can preview it on its real host; but every page says noindex,
 * robots.txt disallows everything and names no sitemap, and the build report says so
 * (docs/spec-decisions.md "Unpublished sites and stages").
 */
export function isIndexable(site: Pick<Site, "published" | "stage">): boolean {
  return site.published && site.stage === "production";
}

/** The build report's one line about a site search engines are kept out of; null when it is live. */
export function visibilityNote(site: Pick<Site, "published" | "stage">): string | null {
  if (isIndexable(site)) return null;
  const why = site.published
    ? `its stage is '${site.stage}', not 'production'`
    : "it is not published (site.published is false)";
  return `search engines are kept out: ${why}, so every page carries <meta name="robots" content="noindex"> and robots.txt disallows all`;
}
