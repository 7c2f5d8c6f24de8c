/**
 * The light routes of a render pool (render-pool.ts), handed out so that each programme's day
 * pages go to one worker: a day page shows its day of the page's shared resolution, which a
 * worker resolves once and keeps (src/bind resolveShared). Dealt out one by one to whichever
 * worker asked, every worker resolved every programme page: at 10,000 films about a second
 * each, twice over.
 *
 * A worker claims a programme's day pages (or is given them with the programme page itself)
 * and takes them one at a time, a day page alone per request (a day lists every film of its
 * day: 4 MB at 10,000 films); other routes go BATCH at a time; a worker with nothing of its
 * own left helps with another's programme.
 */
import type { Route } from "../routes/index.js";

export class LightRouteQueue {
  /** Day pages by their programme page's path, in route order. */
  private readonly days = new Map<string, number[]>();
  /** Every other light route, in route order. */
  private readonly plain: number[] = [];
  private readonly claimed = new Set<string>();

  constructor(
    private readonly routes: Route[],
    light: number[],
    private readonly batch: number,
  ) {
    for (const index of light) {
      const route = routes[index];
      if (!route.programmeDay && !route.listingPage) {
        this.plain.push(index);
        continue;
      }
      const list = this.days.get(route.page.path);
      if (list) list.push(index);
      else this.days.set(route.page.path, [index]);
    }
  }

  /** Gives `worker` the day pages of the programme page at `path` (it renders the page itself). */
  claim(worker: string[], path: string): void {
    if (this.days.has(path) && !this.claimed.has(path)) {
      this.claimed.add(path);
      worker.push(path);
    }
  }

  /** The next request for a worker whose claimed programmes are `worker`, or null when all is handed out. */
  next(worker: string[]): number[] | null {
    const own = worker.find((path) => (this.days.get(path)?.length ?? 0) > 0);
    if (own) return [this.days.get(own)!.shift()!];
    const free = [...this.days.keys()].find((path) => !this.claimed.has(path) && this.days.get(path)!.length > 0);
    if (free) {
      this.claim(worker, free);
      return [this.days.get(free)!.shift()!];
    }
    if (this.plain.length > 0) return this.plain.splice(0, this.batch);
    const other = [...this.days.values()].find((list) => list.length > 0);
    return other ? [other.shift()!] : null;
  }
}
