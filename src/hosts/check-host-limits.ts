/**
 * The chosen host's limits (src/hosts/host-profile.ts), checked before anything is written:
 * a deploy the host would refuse, or cut short without a word (Cloudflare reads only the first
 * 100 header rules and skips the rest), fails the build with what is over and what to do; a
 * file count only a paid plan takes is a warning.
 */
import { BuildError } from "../errors/index.js";
import type { HostProfile } from "./host-profile.js";

export interface HostLimitInput {
  partner: number;
  /** Files the deploy will hold (pages, page data, site files, assets), as far as known before rendering. */
  files: number;
  /** Files already known with their size: the site files and assets. */
  sizes: { path: string; bytes: number }[];
  /** Redirect rules: plain paths, and rules with placeholders or splats. */
  staticRedirects: number;
  dynamicRedirects: number;
  headerRules: number;
}

export interface HostLimitResult {
  errors: BuildError[];
  warnings: string[];
}

export function checkHostLimits(host: HostProfile, input: HostLimitInput): HostLimitResult {
  const { limits } = host;
  const errors: BuildError[] = [];
  const warnings: string[] = [];
  const at = { partner: input.partner };
  const over = (what: string, count: number, max: number, hint: string, field?: string) =>
    errors.push(
      new BuildError(
        `--host ${host.name}: ${what} is ${count}, over the host's limit of ${max}`,
        { ...at, ...(field ? { field } : {}) },
        { code: "E_HOST_LIMIT", hint },
      ),
    );
  if (limits.files) {
    if (input.files > limits.files.max)
      over(
        "the number of files",
        input.files,
        limits.files.max,
        `${limits.files.plan}; build for another host, or split the site`,
      );
    else if (input.files > limits.files.warn)
      warnings.push(`--host ${host.name}: the site has ${input.files} files; ${limits.files.plan}`);
  }
  if (limits.fileBytes !== undefined) {
    for (const file of input.sizes)
      if (file.bytes > limits.fileBytes)
        over(`the size of ${file.path}`, file.bytes, limits.fileBytes, "the host refuses larger files");
  }
  if (limits.staticRedirects !== undefined && input.staticRedirects > limits.staticRedirects) {
    over(
      "the number of redirect rules",
      input.staticRedirects,
      limits.staticRedirects,
      "each redirect is written for both slash forms; shorten the redirect table",
      "site.redirects",
    );
  }
  if (limits.dynamicRedirects !== undefined && input.dynamicRedirects > limits.dynamicRedirects) {
    over(
      "the number of redirect rules with placeholders",
      input.dynamicRedirects,
      limits.dynamicRedirects,
      "shorten the redirect table",
      "site.redirects",
    );
  }
  if (limits.headerRules !== undefined && input.headerRules > limits.headerRules) {
    over(
      "the number of _headers rules",
      input.headerRules,
      limits.headerRules,
      "each top-level folder with pages below it needs a rule; fewer page folders (page paths with fewer top-level names) fit",
    );
  }
  return { errors, warnings };
}
