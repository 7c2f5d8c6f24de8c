import { redirectKey } from "../isomorphic/redirect-path.js";
import type { Redirect } from "../model/index.js";
import { MAX_REDIRECTS } from "../validate/limits.js";
import type { Route } from "./route.js";

/**
 * The other reading of an article's path (spec 2.6: "one reading gives article paths as
 * /article-{slug}"), so a link written in either form reaches every article. Each article
 * route gets a redirect entry from its other form to itself: '/article-x' → '/article/x'
 * (or the reverse for a partner whose articles live at '/article-x'). A redirect rather than
 * a second rendered page: one canonical address, no duplicate content for search engines, and
 * a tiny file at most (docs/spec-decisions.md "Both article paths").
 *
 * Left out where the editors have decided already: when the other form is a page, or a
 * fromPath of the table (their entry stands), or the article itself is a fromPath (the alias
 * would only start a chain).
 */
export function articleAliasRedirects(routes: readonly Route[], redirects: readonly Redirect[]): Redirect[] {
  // An editors' table over the limit fails the build on its own count (src/emit/redirects.ts).
  if (redirects.length > MAX_REDIRECTS) return [];
  const redirected = new Set(redirects.map((entry) => redirectKey(entry.fromPath)));
  const taken = new Set([...routes.map((route) => redirectKey(route.path)), ...redirected]);
  const aliases: Redirect[] = [];
  for (const route of routes) {
    if (route.kind !== "article" || redirected.has(redirectKey(route.path))) continue;
    const alias = otherArticlePath(route.path);
    if (alias === null || taken.has(redirectKey(alias))) continue;
    taken.add(redirectKey(alias));
    aliases.push({ fromPath: alias, toPath: route.path });
  }
  return aliases;
}

/** '/article/x' ↔ '/article-x'; null for a path of neither form. */
export function otherArticlePath(routePath: string): string | null {
  const nested = /^\/article\/([^/]+)$/.exec(routePath);
  if (nested) return `/article-${nested[1]}`;
  const flat = /^\/article-([^/]+)$/.exec(routePath);
  return flat ? `/article/${flat[1]}` : null;
}
