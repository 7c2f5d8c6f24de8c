import type { OutputFile } from "../model/output-file.js";
import { extractLinks, type ExtractedLinks } from "./extract-links.js";

/** A link of the written site that leads nowhere. */
export interface BrokenLink {
  /** The page's URL path ('/kulturprogram'). */
  page: string;
  /** The link as written in the HTML. */
  url: string;
  /** The attribute: 'href', 'src', 'srcset' …. */
  from: string;
  /** Why: 'no page or file', "no element with id 'x'". */
  reason: string;
}

export interface LinkReport {
  /** HTML pages read. */
  pages: number;
  /** Internal links checked (every occurrence on every page). */
  checked: number;
  /** Each broken URL once per page, in page then link order. */
  broken: BrokenLink[];
  /** Time spent reading and checking, in ms. */
  ms: number;
}

export interface LinkCheckerOptions {
  /** The public site URL; absolute links to its origin are internal too. */
  siteUrl: string;
  /** fromPath of every redirect (spec 2.1): a link to one leads somewhere. */
  redirects: readonly string[];
}

/**
 * A page's links as kept until every file is known: each distinct URL once, with the
 * attribute of its first use, both interned (see createInterner). Two arrays instead of a
 * Map per page: at 10,000 films the kept links were a third of the build thread's heap.
 */
interface PageLinks {
  page: string;
  urls: string[];
  froms: string[];
}

/**
 * The build's link checker (docs/architecture.md, links): over the HTML as written, every internal link
 * (href, src, srcset, action, poster) must name a written file, a folder with an
 * index.html, or a redirect, and a fragment must name an id on its target page. Files are fed
 * one by one as the emit stage writes them (`watch`), so the site is never read back from
 * disk; links are resolved once every file is known (`finish`).
 */
export function createLinkChecker(options: LinkCheckerOptions) {
  const state = createLinkState(options.siteUrl);
  const add = (file: OutputFile & { links?: ExtractedLinks }): void => readPage(state, file);
  /** Resolves every link against the files and redirects; call after the last file. */
  const finish = (): LinkReport => resolveLinks(state, options.redirects);
  return {
    add,
    finish,
    /** Passes the files through unchanged, reading each on the way. */
    async *watch(source: Iterable<OutputFile> | AsyncIterable<OutputFile>): AsyncGenerator<OutputFile> {
      for await (const file of source) {
        add(file);
        yield file;
      }
    },
  };
}

/** What one link checker gathers while the files are written. */
interface LinkState {
  origin: string;
  files: Set<string>;
  pages: PageLinks[];
  /** Each page's ids (interned), made a Set only for a page a fragment link names. */
  idsByFile: Map<string, string[] | Set<string>>;
  intern: (text: string) => string;
  classify: (url: string) => ClassifiedUrl;
  /** Time spent reading and checking, in ms. */
  ms: number;
  /** Internal link occurrences read. */
  occurrences: number;
}

/** What `readPage` needs to know of a URL as written. */
interface ClassifiedUrl {
  /** The interned text. */
  url: string;
  /** Whether it points at this site. */
  own: boolean;
  /** Whether it must be kept to be resolved. */
  keep: boolean;
}

function createLinkState(siteUrl: string): LinkState {
  const intern = createInterner();
  return {
    origin: new URL(siteUrl).origin,
    files: new Set(),
    pages: [],
    idsByFile: new Map(),
    intern,
    classify: createUrlClassifier(siteUrl, intern),
    ms: 0,
    occurrences: 0,
  };
}

/**
 * Every page repeats the menu's, the footer's and the assets' URLs, and a render worker's
 * links arrive as fresh strings (a structured clone): each distinct string is kept once.
 */
function createInterner(): (text: string) => string {
  const interned = new Map<string, string>();
  return (text: string): string => {
    const kept = interned.get(text);
    if (kept !== undefined) return kept;
    interned.set(text, text);
    return text;
  };
}

/**
 * Classifies a URL as written. Pages repeat the same menu, footer and asset URLs, so each
 * distinct URL is classified once.
 */
function createUrlClassifier(siteUrl: string, intern: (text: string) => string): (url: string) => ClassifiedUrl {
  const isOwn = createOwnUrlTest(siteUrl);
  const classified = new Map<string, ClassifiedUrl>();
  return (url: string) => {
    let known = classified.get(url);
    if (known === undefined) {
      const own = isOwn(url);
      // A plain link to another host needs no resolving (finish skips it): not kept, which
      // saves memory and time on pages with a purchase link per showing.
      known = { url: intern(url), own, keep: own || !PLAIN_EXTERNAL.test(url) };
      classified.set(url, known);
    }
    return known;
  };
}

/** Whether a URL as written points at this site (relative, root-relative or on its origin). */
function createOwnUrlTest(siteUrl: string): (raw: string) => boolean {
  const origin = new URL(siteUrl).origin;
  const host = new URL(siteUrl).host;
  return (raw: string): boolean => {
    const url = raw.trim();
    if (url.startsWith("//")) return url.slice(2).split(/[/?#]/)[0] === host;
    if (/^[a-z][a-z0-9+.-]*:/i.test(url))
      return (
        url === origin || url.startsWith(`${origin}/`) || url.startsWith(`${origin}?`) || url.startsWith(`${origin}#`)
      );
    return url !== "";
  };
}

/** Notes a written file, and keeps an HTML page's links and ids until every file is known. */
function readPage(state: LinkState, file: OutputFile & { links?: ExtractedLinks }): void {
  state.files.add(file.path);
  if (!file.path.endsWith(".html")) return;
  const started = performance.now();
  // A rendered page brings its links, read from the HTML string where it was made (a render
  // worker, in parallel); other pages are read here.
  const { links, ids } =
    file.links ??
    extractLinks(typeof file.contents === "string" ? file.contents : Buffer.from(file.contents).toString("utf8"));
  const kept: PageLinks = { page: pagePathOf(file.path), urls: [], froms: [] };
  const seen = new Set<string>();
  for (const link of links) {
    const { url, own, keep } = state.classify(link.url);
    if (own) state.occurrences += 1;
    if (!keep || seen.has(url)) continue;
    seen.add(url);
    kept.urls.push(url);
    kept.froms.push(state.intern(link.from));
  }
  state.pages.push(kept);
  state.idsByFile.set(file.path, Array.from(ids, state.intern));
  state.ms += performance.now() - started;
}

/** Resolves every kept link against the written files and the redirects. */
function resolveLinks(state: LinkState, redirectPaths: readonly string[]): LinkReport {
  const started = performance.now();
  const target: LinkTarget = {
    origin: state.origin,
    files: state.files,
    redirects: new Set(redirectPaths),
    idsOf: (file) => idsOf(state, file),
  };
  const broken: BrokenLink[] = [];
  // A root-relative or absolute URL means the same on every page: resolve it once. Partner
  // pages repeat the same film, stylesheet and image links thousands of times.
  const shared = new Map<string, string | null | undefined>();
  for (const { page, urls, froms } of state.pages) {
    const base = new URL(page, state.origin);
    for (let i = 0; i < urls.length; i += 1) {
      const url = urls[i];
      const from = froms[i];
      const pageIndependent = url.startsWith("/") || /^[a-z][a-z0-9+.-]*:/i.test(url);
      let problem = pageIndependent ? shared.get(url) : undefined;
      if (!pageIndependent || !shared.has(url)) {
        problem = checkLink(url, base, target);
        if (pageIndependent) shared.set(url, problem);
      }
      if (problem !== undefined && problem !== null) broken.push({ page, url, from, reason: problem });
    }
  }
  state.ms += performance.now() - started;
  return { pages: state.pages.length, checked: state.occurrences, broken, ms: state.ms };
}

/** What a link may lead to: the site's origin, its files, its redirects and its pages' ids. */
interface LinkTarget {
  origin: string;
  files: ReadonlySet<string>;
  redirects: ReadonlySet<string>;
  idsOf: (file: string) => Set<string> | undefined;
}

/** A page's ids as a Set, made on the first fragment link to it. */
function idsOf(state: LinkState, file: string): Set<string> | undefined {
  const ids = state.idsByFile.get(file);
  if (ids === undefined || ids instanceof Set) return ids;
  const set = new Set(ids);
  state.idsByFile.set(file, set);
  return set;
}

/** undefined: not internal (not checked); null: fine; else the reason. */
function checkLink(raw: string, pageUrl: URL, target: LinkTarget): string | null | undefined {
  const trimmed = raw.trim();
  if (trimmed === "" || /^(mailto|tel|javascript|data|blob):/i.test(trimmed)) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed, pageUrl);
  } catch {
    return "not a valid URL";
  }
  if (url.origin !== target.origin) return undefined;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return "a malformed %-escape";
  }
  const file = fileOf(pathname, target.files);
  if (file === null)
    return target.redirects.has(pathname) || target.redirects.has(pathname.replace(/\/+$/, ""))
      ? null
      : "no page or file";
  const fragment = url.hash.slice(1);
  if (fragment === "" || fragment === "top" || !file.endsWith(".html")) return null;
  const ids = target.idsOf(file);
  let id: string;
  try {
    id = decodeURIComponent(fragment);
  } catch {
    id = fragment;
  }
  return ids === undefined || ids.has(id) ? null : `no element with id '${id}'`;
}

export type LinkChecker = ReturnType<typeof createLinkChecker>;

/** An http(s) URL with a plain host name: always parses, and is never this site's (isOwn said so). */
const PLAIN_EXTERNAL = /^https?:\/\/[a-z0-9.-]+(?::\d+)?(?:[/?#]|$)/i;

/**
 * The written file a URL path is served from: the file itself, its folder's index.html, or
 * <path>.html (the page files of the cloudflare host profile, src/hosts/host-profile.ts).
 */
function fileOf(pathname: string, files: ReadonlySet<string>): string | null {
  const trimmed = pathname.replace(/^\/+/, "");
  if (trimmed === "") return files.has("index.html") ? "index.html" : null;
  if (files.has(trimmed)) return trimmed;
  const bare = trimmed.replace(/\/+$/, "");
  const index = `${bare}/index.html`;
  if (files.has(index)) return index;
  return !trimmed.endsWith("/") && files.has(`${bare}.html`) ? `${bare}.html` : null;
}

/** The URL path a written HTML file answers: 'kinoprogram/index.html' and 'kinoprogram.html' → '/kinoprogram'. */
function pagePathOf(file: string): string {
  if (file === "index.html") return "/";
  return `/${file.replace(/\/index\.html$|\.html$/, "")}`;
}
