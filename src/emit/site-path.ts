/**
 * Whether a page path or a redirect's fromPath can be written as a folder of the output
 * (docs/security.md): a path the file system would refuse (ENAMETOOLONG), one that collides with a
 * file of the site (a page at '/_headers': EISDIR), one under '/assets' (then cached
 * immutable for a year) or a reserved device name must be a located error, never exit 70.
 */
import { MAX_PATH_BYTES, MAX_SEGMENT_BYTES } from "../validate/limits.js";
import { BuildError } from "../errors/index.js";
import { decodePath } from "../isomorphic/url.js";
import { CALENDAR_FEED_SUFFIX } from "../model/page-paths.js";

/** Root-level files the build writes; no page or redirect may take their name. */
export const SITE_FILES = [
  "_headers",
  "_redirects",
  "sw.js",
  "manifest.webmanifest",
  "redirects.json",
  "page-manifest.json",
  "robots.txt",
  "kalender.ics",
  "offline.html",
  "404.html",
  ".cinema-build.json",
];
/** Folders of the build's own files. */
export const SITE_FOLDERS = ["assets", "page-data"];
/** Names Windows and SMB shares refuse, whatever the extension. */
const DEVICE_NAME = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;

/** Why `pathname` cannot be a page folder of the output, or null when it can. */
export function checkSitePath(pathname: string): string | null {
  const decoded = decodePath(pathname);
  const segments = decoded.split("/").filter(Boolean);
  if (Buffer.byteLength(decoded) > MAX_PATH_BYTES)
    return `the path is ${Buffer.byteLength(decoded)} bytes long; at most ${MAX_PATH_BYTES} can be written`;
  const long = segments.find((segment) => Buffer.byteLength(segment) > MAX_SEGMENT_BYTES);
  if (long)
    return `the path segment '${long.slice(0, 40)}…' is ${Buffer.byteLength(long)} bytes; file systems take at most ${MAX_SEGMENT_BYTES}`;
  if (segments.length === 0) return null;
  if (SITE_FOLDERS.includes(segments[0].toLowerCase()))
    return `paths under /${segments[0]} belong to the site's own files (cached as immutable)`;
  if (
    segments.length === 1 &&
    (SITE_FILES.includes(segments[0].toLowerCase()) || /^sitemap(-\d+)?\.xml$/i.test(segments[0]))
  )
    return `'/${segments[0]}' is a file the build writes`;
  // A programme page's calendar feed is '<page>-kalender.ics' (docs/spec-decisions.md "Calendar").
  if (segments.at(-1)!.toLowerCase().endsWith(CALENDAR_FEED_SUFFIX))
    return `a path ending in '${CALENDAR_FEED_SUFFIX}' names a programme page's calendar feed`;
  const device = segments.find((segment) => DEVICE_NAME.test(segment));
  if (device) return `'${device}' is a reserved device name on Windows file systems`;
  if (segments.some((segment) => segment.startsWith(".")))
    return "a path segment starts with '.' (hidden files are not served by most hosts)";
  return null;
}

export interface WritablePathRoute {
  path: string;
  kind: string;
  /** Where the route comes from ("page /:production, production 123_movie_movie"). */
  origin: string;
  params: Record<string, string>;
}

/** Every route whose path cannot be written, as one error each naming page and field. */
export function unwritableRoutes(routes: readonly WritablePathRoute[], partner: number): BuildError[] {
  const errors: BuildError[] = [];
  for (const route of routes) {
    if (route.kind === "not-found") continue;
    const problem = checkSitePath(route.path) ?? calendarTypeProblem(route.path);
    if (!problem) continue;
    const params = Object.keys(route.params);
    errors.push(
      new BuildError(
        `${problem} (${route.origin})`,
        {
          partner,
          pagePath: route.path.slice(0, 120),
          field: params.length > 0 ? `route parameter ${params.map((p) => `@${p}`).join(", ")}` : "path",
        },
        { code: "E_PATH" },
      ),
    );
  }
  return errors;
}

/**
 * `_headers` serves every '.ics' path as a calendar (src/emit/headers.ts CALENDAR_RULE),
 * so a page's path may not end in '.ics' (a redirect's may: it answers with a redirect).
 */
function calendarTypeProblem(pathname: string): string | null {
  return /\.ics\/*$/i.test(decodePath(pathname))
    ? "a page's path may not end in '.ics': the host serves such paths as calendar feeds"
    : null;
}
