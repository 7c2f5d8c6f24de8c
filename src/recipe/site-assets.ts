/**
 * What every page links to: the browser bundles and the stylesheet (bundle stage), the
 * partner's local media and the search index. build() makes them once per build; the dev
 * session keeps the bundles until client code or CSS is saved and the index until the
 * content it indexes changes.
 */
import { MEMBER_ISLAND_KINDS } from "../isomorphic/member/service.js";
import { DEV_CLIENT_URL } from "../isomorphic/dev-protocol.js";
import { bundleClient, type OutputFile } from "../emit/index.js";
import type { MediaPlan } from "../media/index.js";
import type { HostProfile } from "../hosts/host-profile.js";
import type { Dataset } from "../model/index.js";
import { planStylesheet, planStylesheetAsync, type RenderAssets } from "../render/index.js";
import type { SearchIndexAssets } from "../search/index.js";

export interface BundledAssets {
  /** The bundles, then the stylesheet (last: the dev session replaces it alone). */
  files: OutputFile[];
  urls: Omit<RenderAssets, "search">;
}

export interface SiteAssets {
  /** The bundles and the stylesheet (precached by the service worker). */
  files: OutputFile[];
  /** The media files and the search index: written, not precached. */
  extra: OutputFile[];
  urls: RenderAssets;
}

/** Island kinds a partner's pages never use: the member islands without the member service. */
export function unusedIslands(dataset: Dataset): readonly string[] {
  return dataset.memberService ? [] : MEMBER_ISLAND_KINDS;
}

/**
 * The browser bundles and the stylesheet, content-hashed (dev: stable names and the dev
 * client), without the island kinds in `exclude`.
 */
export async function bundleAssets(dev: boolean, exclude: readonly string[]): Promise<BundledAssets> {
  const [client, stylesheet] = await Promise.all([
    bundleClient({ stableNames: dev, exclude }),
    planStylesheetAsync({ stableName: dev }),
  ]);
  return {
    files: [...client.files, stylesheet.file],
    urls: { ...client.assets, css: stylesheet.url, devScript: dev ? DEV_CLIENT_URL : undefined },
  };
}

/** The stylesheet read again (dev: a CSS save), the bundles kept. */
export function replaceStylesheet(bundled: BundledAssets, dev: boolean): BundledAssets {
  const stylesheet = planStylesheet({ stableName: dev });
  return {
    files: [...bundled.files.filter((file) => file.path !== bundled.urls.css.slice(1)), stylesheet.file],
    urls: { ...bundled.urls, css: stylesheet.url },
  };
}

/**
 * The search index is not among `files`: those go to the service worker's precache, and the
 * index is fetched piece by piece. Its files are in `extra` when they are known (the dev
 * session); build() streams them at the end of the output, once Pagefind is done.
 */
export function assembleAssets(
  bundled: BundledAssets,
  search: { assets: SearchIndexAssets; files?: OutputFile[] } | null,
  media: MediaPlan,
  host: HostProfile,
): SiteAssets {
  return {
    files: bundled.files,
    extra: [...media.files, ...(search?.files ?? [])],
    urls: {
      ...bundled.urls,
      search: search?.assets ?? null,
      media: media.catalogue,
      // Pages carry the CSP as a <meta> only for a host that reads no `_headers` (docs/security.md).
      ...(host.rules ? { headerRules: true } : {}),
    },
  };
}
