/**
 * The site's Content-Security-Policy from its data, computed the same way wherever it is
 * needed: `_headers` (src/recipe/site-files.ts) and the <meta http-equiv> of every page, which
 * each render thread makes for itself from the Dataset (src/render/stage/render-route.ts).
 */
import {
  buildContentSecurityPolicy,
  contentImageOrigins,
  embeddedVideoOrigins,
  formActionOrigins,
} from "../content-security-policy.js";
import type { Dataset } from "../../model/index.js";
import { showsSearchResults } from "../../search/plan-search-index.js";
import { parseTrailerUrl } from "../../isomorphic/trailer.js";

/**
 * The whole policy, as `_headers` sends it. Computed once per dataset: the site files, the
 * build cache's key and the renderer all ask, and it reads every CMS text of the partner.
 */
export function sitePolicyOf(dataset: Dataset): string {
  let policy = policies.get(dataset);
  if (policy === undefined) {
    policy = computeSitePolicy(dataset);
    policies.set(dataset, policy);
  }
  return policy;
}
const policies = new WeakMap<Dataset, string>();

function computeSitePolicy(dataset: Dataset): string {
  const html = [...cmsHtmlOf(dataset)];
  // The live programme reads basic_events from the build's live URL (--api-url or liveData.url).
  const live = dataset.live?.apiUrl ? [dataset.live.apiUrl] : [];
  // The member service the site calls is the chosen one (first partner id, --member-url), not the partner's own entry.
  const partner = { ...dataset.partner, memberService: dataset.memberService };
  return buildContentSecurityPolicy(
    partner,
    dataset.site,
    [...new Set([...embeddedVideoOrigins(html), ...trailerOriginsOf(dataset)])].sort(),
    contentImageOrigins(html, imageUrlsOf(dataset)),
    formActionOrigins(dataset.site, formActionsOf(dataset)),
    live,
    { webAssembly: showsSearchResults(dataset.site) },
  );
}

/**
 * The players of the films' trailers (src/isomorphic/trailer.ts): youtube-nocookie.com,
 * player.vimeo.com. Site-wide, like the video iframes of CMS HTML, and only when a film has one:
 * the page loader swaps pages inside the first page's document, whose policy then stays, so a
 * policy of the film pages alone would block the player after a visit that began elsewhere
 * (docs/spec-decisions.md, "Trailers").
 */
export function* trailerOriginsOf(dataset: Dataset): Generator<string> {
  for (const production of dataset.productions) {
    const value = production.properties.find((entry) => entry.property === "trailer")?.value;
    const trailer = parseTrailerUrl(value);
    if (trailer) yield trailer.origin;
  }
}

/** Image URLs of the data: article images, production assets, and image URLs written in block data. */
export function* imageUrlsOf(dataset: Dataset): Generator<string> {
  for (const article of dataset.articles) yield* [article.image ?? "", article.thumbnail ?? ""];
  for (const production of dataset.productions) for (const asset of production.assets) yield asset.url;
  for (const text of strings(dataset.blockData)) if (IMAGE_URL.test(text)) yield text;
}
const IMAGE_URL = /^https:\/\/[^\s"'<>]+\.(?:jpe?g|png|gif|webp|avif|svg)(?:[?#][^\s"'<>]*)?$/i;

/** Every text of the data that may be CMS HTML on a page: articles, production texts, block data. */
export function* cmsHtmlOf(dataset: Dataset): Generator<string> {
  for (const article of dataset.articles) yield article.content;
  for (const production of dataset.productions) for (const content of production.contents) yield content.body;
  yield* strings(dataset.blockData);
}

/** Addresses newsletter forms post to: every 'action' field of the block data (literal or bound text). */
export function formActionsOf(dataset: Dataset): string[] {
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) walk(item);
    else if (value && typeof value === "object") {
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        const item = (value as Record<string, unknown>)[key];
        if (key === "action") collectStrings(item, found);
        else walk(item);
      }
    }
  };
  walk(dataset.blockData);
  return found;
}

/**
 * Every string inside a JSON value, in order. Collected by plain recursion: a generator
 * delegating to itself (`yield*`) pays for every level on every string, and the block data
 * is walked three times a build.
 */
function strings(value: unknown): string[] {
  const found: string[] = [];
  collectStrings(value, found);
  return found;
}

function collectStrings(value: unknown, into: string[]): void {
  if (typeof value === "string") into.push(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, into);
  else if (value && typeof value === "object")
    for (const key in value)
      if (Object.hasOwn(value, key)) collectStrings((value as Record<string, unknown>)[key], into);
}
