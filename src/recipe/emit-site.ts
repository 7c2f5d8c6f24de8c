/**
 * render -> emit (+ link check): every route's files and the site files streamed into a new
 * output folder that is swapped in atomically (src/emit/write-output.ts), the build cache in
 * front of the renderer, every written page read for its links on its way to the disk.
 * build() runs it once; the dev session runs it for its first build and whenever every page
 * must be rendered again (src/session/).
 */
import type { OutputFile } from "../emit/index.js";
import { writeOutputAtomically, type WriteOutputResult } from "../emit/index.js";
import { toolVersion, type OutputMarker } from "../emit/output-marker.js";
import { createLinkChecker, type LinkReport } from "../links/index.js";
import { debugFor, type StageTimer } from "../log/index.js";
import type { PreparedSite } from "./prepare-site.js";
import { articleAliasRedirects } from "../routes/index.js";
import { openBuildCache, startRenderStage } from "../render/stage/render-stage.js";
import type { RenderWorkerPool } from "../render/stage/render-pool.js";
import type { RenderTally } from "../render/stage/render-routes.js";
import { onInterrupt } from "../emit/interrupt.js";
import { removeOwnTemporaryEntries, type RouteCache } from "../render/stage/route-cache.js";
import type { SiteAssets } from "./site-assets.js";

export interface EmitSiteOptions {
  out: string;
  site: PreparedSite;
  assets: SiteAssets;
  /**
   * planSiteFiles' files (bundles, redirects, sitemap, _headers, calendar feeds, …), handed
   * over: each leaves the array as it is written, so the render that follows does not hold
   * them (the feeds are 88 MiB of text at 10,000 films). Pass a copy to keep them.
   */
  siteFiles: OutputFile[];
  /** Files still being made that no page needs (the service worker, the search index): written last. */
  late?: Promise<OutputFile[]>[];
  /** Use the build cache beside the output (BuildOptions.cache). */
  cache: boolean;
  workers?: number;
  /** Render workers kept between the builds of one process (src/recipe/build-tools.ts). */
  pool?: RenderWorkerPool;
  force?: boolean;
  timer: StageTimer;
  /** Sees every file on its way to the disk (the dev session records what it wrote). */
  observe?: (file: OutputFile) => void;
}

export interface EmittedSite {
  written: WriteOutputResult;
  links: LinkReport;
  tally: RenderTally;
  cache: RouteCache | null;
  /** Tidying the output's folder or the build cache after publishing failed somewhere (never a failed build). */
  warnings: string[];
}

export async function emitSite(options: EmitSiteOptions): Promise<EmittedSite> {
  const { out, site, assets, timer } = options;
  const { dataset, routes, resolver } = site;
  const cache = options.cache ? openBuildCache(out, dataset, assets.urls) : null;
  const render = startRenderStage({
    dataset,
    routes,
    assets: assets.urls,
    resolver,
    cache,
    workers: options.workers,
    pool: options.pool,
    timer,
  });
  // Every written page is read for its links on its way to the disk; the links are resolved
  // once all files are known.
  // The redirect table as built: the editors' entries and the other form of each article path (src/routes/article-aliases.ts).
  const linkChecker = createLinkChecker({
    siteUrl: dataset.partner.siteUrl,
    redirects: [...dataset.site.redirects, ...articleAliasRedirects(routes, dataset.site.redirects)].map(
      (r) => r.fromPath,
    ),
  });
  const files = concat([options.siteFiles, [...assets.extra]], render.files, options.late ?? [], options.observe);
  // SIGINT/SIGTERM (src/emit/interrupt.ts): no cache entry writer outlives the run, nor its temporary files.
  const forget = onInterrupt(async () => {
    await render.abort();
    if (cache) removeOwnTemporaryEntries(cache.dir);
  });
  try {
    const written = await timer.time("emit", () =>
      writeOutputAtomically(out, linkChecker.watch(files), {
        force: options.force,
        marker: markerOf(site),
        writerThread: !render.pooled,
      }),
    );
    const resolveStarted = performance.now();
    const links = linkChecker.finish();
    timer.record("links", links.ms);
    // Reading the pages for links ran inside the emit stream; resolving them after it.
    const warnings = [
      ...written.warnings,
      ...(await render.finish(timer, links.ms - (performance.now() - resolveStarted))),
    ];
    debugFor("build")("wrote %d files to %s", written.files, out);
    return { written, links, tally: render.tally, cache, warnings };
  } catch (error) {
    await render.abort(); // no writer thread may outlive a failed build (it would keep the process alive)
    throw error;
  } finally {
    forget();
  }
}

/** The output marker (src/emit/output-marker.ts) of a site. */
export function markerOf(site: PreparedSite): OutputMarker {
  return {
    generator: "cinema-build",
    version: toolVersion(),
    partner: site.dataset.partner.partner,
    routes: site.routeCounts,
    pages: site.dataset.site.pages.length,
  };
}

/** The files of `first` (emptied as they go, EmitSiteOptions.siteFiles), then `rest`, then `last`. */
async function* concat(
  first: OutputFile[][],
  rest: AsyncIterable<OutputFile>,
  last: Promise<OutputFile[]>[],
  observe?: (file: OutputFile) => void,
): AsyncGenerator<OutputFile> {
  for (const files of first) {
    for (const file of files.splice(0)) {
      observe?.(file);
      yield file;
    }
  }
  for await (const file of rest) {
    observe?.(file);
    yield file;
  }
  for (const files of last) {
    for (const file of await files) {
      observe?.(file);
      yield file;
    }
  }
}
