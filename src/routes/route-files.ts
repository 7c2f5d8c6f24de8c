/**
 * Where a route's files go. Every path gets a folder with index.html, so '/kinoprogram' and
 * '/kinoprogram/' both work on any static host; a path that already names an .html file
 * ('/404.html') is written as that file.
 */
export function routeFile(routePath: string): string {
  const trimmed = routePath.replace(/^\/+|\/+$/g, "");
  if (trimmed === "") return "index.html";
  if (trimmed.endsWith(".html")) return trimmed;
  return `${trimmed}/index.html`;
}

/** The page's jsonName: its path without slashes at the ends ('index' for '/'). */
export function jsonNameOf(routePath: string): string {
  const trimmed = routePath.replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? "index" : trimmed;
}

/** Public URL of a page data file. */
export function pageDataUrl(jsonName: string): string {
  return `/page-data/${jsonName}.json`;
}

/** Route parameter names of a page path: '/article/:slug' → ['slug']. */
export function paramNamesOf(pagePath: string): string[] {
  return pagePath
    .split("/")
    .filter((segment) => segment.startsWith(":"))
    .map((segment) => segment.slice(1));
}

/** A path segment that is safe as a folder name and a URL segment. */
export function isValidSegment(value: string): boolean {
  return value.length > 0 && value !== "." && value !== ".." && !/[/\\?#\s\u0000-\u001f]/.test(value);
}
