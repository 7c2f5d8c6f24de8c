/**
 * The recipe's first steps for a rebuild (src/recipe/prepare-site.ts: load, media, query &
 * bind, routes) with the session's memory: the snapshot files and the media plan from the
 * SiteMemo, what changed since the last good rebuild (dataset-changes.ts, route-check.ts),
 * and each programme page's days and listing pages remembered while its inputs are unchanged
 * (programme-memory.ts).
 */
import type { PageResolver } from "../bind/index.js";
import { loadSite, planRoutes, type PreparedSite } from "../recipe/prepare-site.js";
import type { LoadOptions } from "../load.js";
import type { StageTimer } from "../log/index.js";
import { listListingPages, sharesResolution } from "../render/programme-window.js";
import type { Route } from "../routes/index.js";
import { diffSites } from "./dataset-changes.js";
import { rememberProgramme, sameProgramme, type ProgrammeMemory } from "./programme-memory.js";
import { createRouteCheck } from "./route-check.js";
import type { SessionState } from "./session-state.js";

export interface PreparedRebuild {
  site: PreparedSite;
  /** True for a route that may have changed since the last good rebuild (every route before the first). */
  mayHaveChanged: (route: Route) => boolean;
  /** Each programme page's memory as this rebuild found it: the session's once the rebuild succeeds. */
  programmes: Map<string, ProgrammeMemory>;
}

/** Throws BuildError(s) for bad data; nothing is written and the session's state is left as it was. */
export async function prepareRebuild(
  state: SessionState,
  options: LoadOptions,
  timer: StageTimer,
): Promise<PreparedRebuild> {
  const loaded = await loadSite(options, timer, state.memo);
  const before = state.site;
  const changes = before ? await timer.time("changes", () => diffSites(before, loaded)) : null;
  const staged = new Map<string, ProgrammeMemory>();
  const sameDays = (route: Route) => sameProgramme(state.programmes.get(route.page.id), staged.get(route.page.id));
  const mayHaveChanged = changes
    ? createRouteCheck({ changes, dataset: loaded.dataset, searchChanged: false, sameProgramme: sameDays })
    : () => true;
  const memoryOf = rememberedProgramme(state.programmes, staged, mayHaveChanged);
  const routes = await planRoutes(
    loaded.dataset,
    timer,
    (resolver) => (route) => (sharesResolution(route) ? memoryOf(resolver, route).dayPages : []),
    rememberedListingPages(staged),
    undefined,
    (resolver) => (route) => (sharesResolution(route) ? memoryOf(resolver, route).listing : null),
  );
  return { site: { ...loaded, ...routes }, mayHaveChanged, programmes: staged };
}

/**
 * planRoutes' programme days and shared listings: a programme page's memory, remembered while
 * its inputs did not change, else from its shared resolution, made once per rebuild; `staged`
 * becomes the memory when the rebuild succeeds.
 */
function rememberedProgramme(
  programmes: ReadonlyMap<string, ProgrammeMemory>,
  staged: Map<string, ProgrammeMemory>,
  mayHaveChanged: (route: Route) => boolean,
) {
  return (resolver: PageResolver, route: Route): ProgrammeMemory => {
    const made = staged.get(route.page.id);
    if (made) return made;
    const known = programmes.get(route.page.id);
    const memory = known && !mayHaveChanged(route) ? known : rememberProgramme(resolver.resolveShared(route));
    staged.set(route.page.id, memory);
    return memory;
  };
}

/**
 * planRoutes' listing pages: remembered with the page's programme memory (rememberedDays has
 * just staged it for the route's page), else counted from its shared resolution.
 */
function rememberedListingPages(staged: Map<string, ProgrammeMemory>) {
  return (resolver: PageResolver, nowLocal: string) => {
    const count = listListingPages(resolver, nowLocal);
    return (route: Route) => {
      const memory = sharesResolution(route) ? staged.get(route.page.id) : undefined;
      if (!memory) return count(route);
      return (memory.listingPages[route.path] ??= count(route));
    };
  };
}
