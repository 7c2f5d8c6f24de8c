/**
 * Host profiles: what the static host an operator uploads to does with the files, so that the
 * build writes the one form that host serves without a redirect (docs/hosts.md).
 *
 * Every profile keeps the spec's page addresses as they are ('/kinoprogram', spec 2.3): links,
 * canonical URLs, og:url, the sitemap, the page manifest and the service worker's keys name
 * them without a trailing slash. What differs is how a page's file is named and how the
 * redirect table (spec 2.1) and the response headers reach the host:
 *
 * - `static`: any host that serves folders of files (nginx, Caddy, S3, GitHub Pages) with
 *   clean URLs ('/x' answered by x/index.html). It reads no rule files, so none are written:
 *   each redirect source gets a meta-refresh page, and every page carries its CSP as a <meta>.
 * - `netlify`: x/index.html answers '/x' and '/x/' with 200. A `_redirects` rule without '!'
 *   applies only where no file exists, so every rule is forced ('301!'); no refresh pages.
 * - `cloudflare`: Cloudflare Pages answers '/x' from x.html with 200 and sends '/x/' and
 *   x/index.html's '/x' with a 308, so pages are written as x.html. Rules match the exact path,
 *   so each redirect is written for both slash forms. At most 100 header rules are read.
 */
export const HOST_NAMES = ["static", "netlify", "cloudflare"] as const;
export type HostName = (typeof HOST_NAMES)[number];

/** The default when --host is not given: see docs/hosts.md "Which profile by default". */
export const DEFAULT_HOST: HostName = "netlify";

export interface HostLimits {
  /** Files in one deploy: above `warn` the report warns, above `max` the build fails. */
  files?: { warn: number; max: number; plan: string };
  /** Bytes of one file. */
  fileBytes?: number;
  /** Redirect rules without placeholders or splats. */
  staticRedirects?: number;
  /** Redirect rules with placeholders or splats. */
  dynamicRedirects?: number;
  /** Rules of the `_headers` file. */
  headerRules?: number;
}

export interface HostProfile {
  name: HostName;
  /** 'folder': a page is <path>/index.html; 'file': <path>.html (the front page stays index.html). */
  pageFiles: "folder" | "file";
  /** 'rules': `_redirects` and `_headers`; 'pages': a meta-refresh page per redirect source, no rule files. */
  rules: boolean;
  /** Netlify applies a rule over an existing file only when it is forced with '!'. */
  forceRedirects: boolean;
  /** Cloudflare matches a rule's path exactly: '/a' and '/a/' each need their own rule. */
  slashTwinRules: boolean;
  limits: HostLimits;
}

const MiB = 1024 * 1024;

/** The hosts' documented limits (docs/hosts.md cites each). */
export const HOST_PROFILES: Record<HostName, HostProfile> = {
  static: {
    name: "static",
    pageFiles: "folder",
    rules: false,
    forceRedirects: false,
    slashTwinRules: false,
    limits: {},
  },
  netlify: {
    name: "netlify",
    pageFiles: "folder",
    rules: true,
    forceRedirects: true,
    slashTwinRules: false,
    limits: {},
  },
  cloudflare: {
    name: "cloudflare",
    pageFiles: "file",
    rules: true,
    forceRedirects: false,
    slashTwinRules: true,
    limits: {
      files: {
        warn: 20_000,
        max: 100_000,
        plan: "the free plan takes 20,000 files per deploy, the paid plans 100,000",
      },
      fileBytes: 25 * MiB,
      staticRedirects: 2_000,
      dynamicRedirects: 100,
      headerRules: 100,
    },
  },
};

export function hostProfile(name: HostName = DEFAULT_HOST): HostProfile {
  return HOST_PROFILES[name];
}

export function isHostName(value: string): value is HostName {
  return (HOST_NAMES as readonly string[]).includes(value);
}
