/**
 * What each host profile's real host answers for a path (src/hosts/host-profile.ts), so that
 * `preview --host <name>` shows what visitors of that host get (docs/hosts.md):
 * - `static`: a plain web server with clean URLs: a file, else <path>/index.html; the rule
 *   files mean nothing to it (the redirect sources have their meta-refresh pages).
 * - `netlify`: `_redirects` rules whose path matches with or without a trailing slash; a rule
 *   without '!' applies only where no file answers the path; '/x' and '/x/' answer from
 *   x/index.html or x.html.
 * - `cloudflare`: Cloudflare Pages' asset server (workers-sdk, pages-shared/asset-server):
 *   `_redirects` rules on the exact path first; then x.html answers '/x', '/x/' and
 *   '/x.html' are sent to '/x' with a 308, and '/x' is sent to '/x/' when x/index.html holds it.
 * Every host keeps the request's query on a redirect whose target has none, and answers an
 * unknown path with /404.html and status 404. `_headers` and `_redirects` are never served, nor
 * a file whose real path is outside the folder (src/dev/served-file.ts).
 */
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { redirectKey } from "../isomorphic/redirect-path.js";
import type { HostName } from "../hosts/host-profile.js";
import { isServedFile } from "./served-file.js";

export interface RedirectLine {
  from: string;
  to: string;
  status: number;
  force: boolean;
}

export type HostAnswer =
  | { kind: "redirect"; status: 301 | 302 | 308; location: string }
  | { kind: "file"; status: 200 | 404; file: string; pathname: string }
  | { kind: "none" };

/** Files a host reads as configuration and never serves. */
export const RULE_FILES = new Set(["/_headers", "/_redirects"]);

export function parseRedirectsFile(text: string): RedirectLine[] {
  const lines: RedirectLine[] = [];
  for (const line of text.split(/\r?\n/)) {
    const parts = line.trim().split(/\s+/);
    if (parts.length < 2 || parts[0].startsWith("#")) continue;
    const status = parts[2] ?? "301";
    lines.push({
      from: parts[0],
      to: parts[1],
      status: Number.parseInt(status, 10) || 301,
      force: status.endsWith("!"),
    });
  }
  return lines;
}

/**
 * The answer of `host` for a request path (`encoded`: as sent; `decoded`: percent-decoded),
 * and `search` (the query with its '?', or '').
 */
export async function answerFor(
  host: HostName,
  root: string,
  rules: readonly RedirectLine[],
  encoded: string,
  decoded: string,
  search: string,
): Promise<HostAnswer> {
  if (RULE_FILES.has(decoded)) return notFound(root);
  if (host === "cloudflare") return answerLikeCloudflare(root, rules, encoded, decoded, search);
  const file = await fileForCleanUrl(root, decoded);
  if (host === "netlify") {
    const rule = rules.find(
      (candidate) => redirectKey(candidate.from) === redirectKey(encoded) && (candidate.force || !file),
    );
    if (rule) return redirect(rule.status, rule.to, search);
  }
  return file ? { kind: "file", status: 200, file, pathname: encoded } : notFound(root);
}

async function answerLikeCloudflare(
  root: string,
  rules: readonly RedirectLine[],
  encoded: string,
  decoded: string,
  search: string,
): Promise<HostAnswer> {
  const rule = rules.find((candidate) => candidate.from === encoded);
  if (rule) return redirect(rule.status, rule.to, search);
  const has = (relative: string) => isFileIn(root, relative);
  const ok = async (relative: string): Promise<HostAnswer> => ({
    kind: "file",
    status: 200,
    file: (await has(relative))!,
    pathname: encoded,
  });
  const moved = (to: string): HostAnswer => ({ kind: "redirect", status: 308, location: `${to}${search}` });
  if (decoded.endsWith("/")) {
    if (await has(`${decoded}index.html`)) return ok(`${decoded}index.html`);
    if (decoded.endsWith("/index/")) return moved(decoded.slice(0, -"index/".length));
    if (decoded !== "/" && (await has(decoded.replace(/\/$/, ".html")))) return moved(decoded.slice(0, -1));
    return notFound(root);
  }
  if (await has(decoded)) {
    if (!decoded.endsWith(".html")) return ok(decoded);
    const bare = decoded.slice(0, -".html".length);
    if (bare.endsWith("/index")) return moved(bare.replace(/\/index$/, "/"));
    return (await has(bare)) ? ok(decoded) : moved(bare);
  }
  if (decoded.endsWith("/index")) return moved(decoded.slice(0, -"index".length));
  if (await has(`${decoded}.html`)) return ok(`${decoded}.html`);
  if (await has(`${decoded}/index.html`)) return moved(`${decoded}/`);
  return notFound(root);
}

/** A file, else <path>/index.html, else <path>.html: the clean URLs of a static host and of Netlify. */
async function fileForCleanUrl(root: string, decoded: string): Promise<string | undefined> {
  const trimmed = decoded.replace(/\/+$/, "");
  return (
    (await isFileIn(root, decoded)) ??
    (await isFileIn(root, `${trimmed}/index.html`)) ??
    (decoded.endsWith("/") ? undefined : await isFileIn(root, `${trimmed}.html`))
  );
}

function redirect(status: number, to: string, search: string): HostAnswer {
  const kept = /[?#]/.test(to) ? to : `${to}${search}`;
  return { kind: "redirect", status: status === 302 ? 302 : status === 308 ? 308 : 301, location: kept };
}

async function notFound(root: string): Promise<HostAnswer> {
  const file = await isFileIn(root, "/404.html");
  return file ? { kind: "file", status: 404, file, pathname: "/404.html" } : { kind: "none" };
}

/**
 * The file at a site path inside the root, or undefined. Dot-segments (the build's own files,
 * '..') are never served; '.well-known' is.
 */
export async function isFileIn(root: string, sitePath: string): Promise<string | undefined> {
  if (sitePath.split("/").some((segment) => segment.startsWith(".") && segment !== ".well-known")) return undefined;
  const target = path.join(root, sitePath);
  if (target !== root && !target.startsWith(root + path.sep)) return undefined;
  return (await isServedFile(root, target)) ? target : undefined;
}

/**
 * The host a built folder was made for, from its files: no `_headers` is the static profile;
 * pages written as <name>.html beside index.html are Cloudflare's; folders of index.html Netlify's.
 */
export async function detectHost(root: string): Promise<HostName> {
  const names = await readdir(root).catch(() => [] as string[]);
  if (!names.includes("_headers")) return "static";
  const ownHtml = new Set(["index.html", "404.html", "offline.html"]);
  return names.some((name) => name.endsWith(".html") && !ownHtml.has(name)) ? "cloudflare" : "netlify";
}

export async function readRedirectRules(root: string): Promise<RedirectLine[]> {
  try {
    return parseRedirectsFile(await readFile(path.join(root, "_redirects"), "utf8"));
  } catch {
    return [];
  }
}
