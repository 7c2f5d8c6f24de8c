/**
 * Where a route's HTML goes (src/hosts/host-profile.ts). 'folder': <path>/index.html, so
 * '/kinoprogram' and '/kinoprogram/' both work on hosts with clean URLs; 'file': <path>.html,
 * which Cloudflare Pages answers at '/kinoprogram' without a redirect. A path that already names
 * an .html file ('/404.html') is written as that file, and the front page is index.html.
 */
export function routeFile(routePath: string, pageFiles: "folder" | "file" = "folder"): string {
  const trimmed = routePath.replace(/^\/+|\/+$/g, "");
  if (trimmed === "") return "index.html";
  if (trimmed.endsWith(".html")) return trimmed;
  return pageFiles === "file" ? `${trimmed}.html` : `${trimmed}/index.html`;
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

/**
 * Route parameter names of a page path: '/article/:slug' → ['slug']. A parameter starts a
 * segment or follows a hyphen and runs to the end of its segment, so the readings
 * '/article-:slug' (spec 2.4, 2.6 "one reading gives /article-{slug}") and '/:production'
 * both work, while a colon inside a static path ('/article/filmprek:-dune') is text.
 */
export function paramNamesOf(pagePath: string): string[] {
  return [...pagePath.matchAll(PARAM)].map((match) => match[1]);
}

const PARAM = /(?<=\/|-):([A-Za-z_][A-Za-z0-9_]*)(?=\/|$)/g;

/** The page path with its parameter filled in. */
export function fillParam(pagePath: string, name: string, value: string): string {
  return pagePath.replace(PARAM, (whole, param: string) => (param === name ? value : whole));
}

/** A path segment that is safe as a folder name and a URL segment. */
export function isValidSegment(value: string): boolean {
  return value.length > 0 && value !== "." && value !== ".." && !/[/\\?#\s\u0000-\u001f\u007f-\u009f]/.test(value);
}
