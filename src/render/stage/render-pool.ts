/**
 * The render stage on render workers (render-worker.ts). The build thread binds every route
 * itself, in route order, and sends the bound page to a worker that renders and encodes it:
 *
 * - one dataset in memory: binding needs the films, showings and programme resolutions;
 *   rendering needs only the bound page and the site-wide render inputs. Workers that each
 *   parsed the whole dataset and resolved the programme pages they rendered held a copy of
 *   both per worker (2.2 GiB at 10,000 films, docs/performance.md "Worker count");
 * - each shared programme resolution made once: routes come sorted by path, so a programme
 *   page and its day pages are bound one after the other from one resolution (src/bind
 *   resolveShared), whichever worker renders them;
 * - the work split where it is: rendering (React, encoding, reading the links) is most of a
 *   route's time, binding a fifth of it (docs/performance.md "What dominates");
 * - bounded bytes in flight: at most IN_FLIGHT requests of BATCH routes per worker, so the
 *   build never binds far ahead of the renderers, nor they of the disk.
 *
 * Workers return encoded bytes, transferred without a copy; this generator hands them to the
 * atomic writer. The bytes are the same as the in-process path's (tests compare them); only
 * the order in which files are written differs, and nothing depends on that order.
 */
import { existsSync } from "node:fs";
import { setImmediate } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Dataset } from "../../model/index.js";
import type { OutputFile } from "../../emit/index.js";
import type { BuildError } from "../../errors/index.js";
import type { StageTimer } from "../../log/index.js";
import type { RenderAssets } from "../index.js";
import type { Route } from "../../routes/index.js";
import type { RenderTally } from "./render-routes.js";
import { countRoute, YIELD_EVERY_MS } from "./render-routes.js";
import { bindRoute, renderOptionsOf, routeFailures, type EncodedFile, type RouteRenderDeps } from "./render-route.js";
import {
  deserializeError,
  packBoundRoute,
  type BoundRouteMessage,
  type RenderedBatch,
  type RenderRequest,
  type SiteMessage,
  type WorkerData,
} from "./worker-protocol.js";

export interface RenderPoolOptions {
  dataset: Dataset;
  assets: RenderAssets;
  /** The build thread's binding (its resolver keeps the shared programme resolutions). */
  deps: RouteRenderDeps;
  routes: Route[];
  workers: number;
  timer: StageTimer;
  tally: RenderTally;
  /** Workers kept between the builds of one process (createRenderWorkerPool); else this build starts its own. */
  pool?: RenderWorkerPool;
}

/** Bound routes per request: a few, so a request's message costs little against its rendering. */
const BATCH = 4;
/** Requests a worker may hold at once: one rendering, the next ones waiting. */
const IN_FLIGHT = 3;
/** Reused files (from the build cache) gathered before they are handed to the writer. */
const READY_FILES = 64;

/**
 * The compiled worker next to the running module (dist/render-worker.js). Running from the
 * TypeScript sources (tests, tsx) there is none, and the build renders in this thread.
 */
export function renderWorkerFile(): string | null {
  const file = fileURLToPath(new URL("./render-worker.js", import.meta.url));
  return existsSync(file) ? file : null;
}

interface WorkerState {
  worker: Worker;
  inFlight: number;
}

/** The worker with the fewest requests in flight, or null when every one holds IN_FLIGHT. */
export function pickWorker<T extends { inFlight: number }>(states: readonly T[], limit = IN_FLIGHT): T | null {
  let best: T | null = null;
  for (const state of states)
    if (state.inFlight < limit && (best === null || state.inFlight < best.inFlight)) best = state;
  return best;
}

export async function* renderInWorkers(options: RenderPoolOptions, workerFile: string): AsyncGenerator<OutputFile> {
  const { deps } = options;
  // Workers only write entries: the list of stored ones stays here, where routes are looked up.
  const cache = deps.cache && { dir: deps.cache.dir, siteKey: deps.cache.siteKey };
  const workerData: WorkerData = { render: renderOptionsOf(options.dataset, options.assets), cache };
  const pool = options.pool
    ? options.pool.lease(options.workers, workerData)
    : startRenderWorkers(options.workers, workerFile, workerData);
  const feed: RouteFeed = { next: 0, ready: [], errors: [], bindMs: 0 };
  let renderMs = 0;
  let turn = performance.now();
  try {
    for (;;) {
      const failure = pool.failure();
      if (failure) throw failure;
      // Routes reused from the cache never wait for a worker: let the event loop turn anyway
      // (Pagefind's and esbuild's answers, render-routes.ts).
      if (performance.now() - turn > YIELD_EVERY_MS) {
        await setImmediate();
        turn = performance.now();
      }
      feedWorkers(feed, options, pool.states);
      if (feed.ready.length > 0) {
        yield* feed.ready.splice(0);
        continue;
      }
      const batch = pool.inbox.shift();
      if (batch) {
        renderMs += takeBatch(batch, feed.errors, options.tally);
        yield* batch.files;
        continue;
      }
      const bound = feed.next >= options.routes.length;
      if (bound && !pool.states.some((state) => state.inFlight > 0)) break;
      // Every worker busy: wait for an answer. Otherwise the slice ended: let the event loop
      // turn (Pagefind's and esbuild's answers, the workers' messages), then bind on.
      if (bound || pickWorker(pool.states) === null) await pool.nextEvent();
      else await setImmediate();
      turn = performance.now();
    }
  } finally {
    await pool.terminate();
  }
  // Bind ran in this thread; render on the workers side by side: its figure is CPU time across them.
  options.timer.record("bind", feed.bindMs);
  options.timer.record("render", renderMs);
  if (feed.errors.length > 0) throw routeFailures(options.dataset.partner.partner, feed.errors);
}

interface RenderWorkers {
  states: WorkerState[];
  /** Rendered batches not yet handed to the writer, in the order they came. */
  inbox: RenderedBatch[];
  /** The first worker error or abnormal exit, if any. */
  failure(): Error | null;
  /** Resolves at the next message, error or exit of any worker. */
  nextEvent(): Promise<void>;
  terminate(): Promise<void>;
}

function startRenderWorkers(count: number, workerFile: string, workerData: WorkerData): RenderWorkers {
  const workers = Array.from({ length: count }, () => new Worker(workerFile, { workerData }));
  const attached = attachWorkers(workers);
  return {
    ...attached,
    async terminate() {
      await Promise.all(workers.map((worker) => worker.terminate()));
      attached.detach();
    },
  };
}

/**
 * Render workers kept for several builds in one process (`cinema-build build --partner 178,118`
 * or `--all`, docs/performance.md "A platform in one process"): started once, each build
 * leases as many as it renders with and tells them its site (the renderer's inputs and its
 * build cache) before its first route. A worker that failed, or still held routes when its
 * build stopped, is ended instead of kept. Idle workers do not keep the process alive.
 */
export interface RenderWorkerPool {
  /** The compiled worker file the pool starts. */
  readonly file: string;
  lease(count: number, workerData: WorkerData): RenderWorkers;
  /** Ends the idle workers (every lease returned). */
  close(): Promise<void>;
}

export function createRenderWorkerPool(workerFile: string): RenderWorkerPool {
  const idle: Worker[] = [];
  const start = () => {
    const worker = new Worker(workerFile, { workerData: null });
    // One that dies while idle leaves the pool (a lease's own listeners report one that dies in use).
    worker
      .on("error", () => undefined)
      .once("exit", () => idle.includes(worker) && idle.splice(idle.indexOf(worker), 1));
    return worker;
  };
  return {
    file: workerFile,
    lease(count, workerData) {
      while (idle.length < count) idle.push(start());
      const workers = idle.splice(0, count);
      const site: SiteMessage = { type: "site", data: workerData };
      for (const worker of workers) {
        worker.ref();
        worker.postMessage(site);
      }
      const attached = attachWorkers(workers);
      return {
        ...attached,
        async terminate() {
          attached.detach();
          const clean = attached.failure() === null && attached.states.every((state) => state.inFlight === 0);
          if (!clean) return void (await Promise.all(workers.map((worker) => worker.terminate())));
          for (const worker of workers) worker.unref();
          idle.push(...workers);
        },
      };
    },
    async close() {
      await Promise.all(idle.splice(0).map((worker) => worker.terminate()));
    },
  };
}

/** Listens to `workers` for one build; `detach` stops listening (the workers live on in a pool). */
function attachWorkers(workers: Worker[]): Omit<RenderWorkers, "terminate"> & { detach(): void } {
  const inbox: RenderedBatch[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => wake?.();
  const detachers: (() => void)[] = [];
  const states: WorkerState[] = workers.map((worker) => {
    const state: WorkerState = { worker, inFlight: 0 };
    const onMessage = (batch: RenderedBatch) => {
      state.inFlight -= 1;
      inbox.push(batch);
      notify();
    };
    const onError = (error: Error) => {
      failure ??= error;
      notify();
    };
    const onExit = (code: number) => {
      if (code !== 0) failure ??= new Error(`a render worker exited with code ${code}`);
      notify();
    };
    worker.on("message", onMessage).on("error", onError).on("exit", onExit);
    detachers.push(() => worker.off("message", onMessage).off("error", onError).off("exit", onExit));
    return state;
  });
  return {
    states,
    inbox,
    failure: () => failure,
    async nextEvent() {
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    },
    detach: () => detachers.forEach((detach) => detach()),
  };
}

/** Where the build thread is in binding the routes, and what binding gave that no worker renders. */
interface RouteFeed {
  /** Index of the next route to bind. */
  next: number;
  /** Files of routes reused from the build cache, waiting for the writer. */
  ready: EncodedFile[];
  errors: BuildError[];
  bindMs: number;
}

/** Binds the next routes and sends them while a worker has room, for one slice of time at most. */
function feedWorkers(feed: RouteFeed, options: RenderPoolOptions, states: WorkerState[]): void {
  const sliceEnds = performance.now() + YIELD_EVERY_MS;
  while (feed.next < options.routes.length && feed.ready.length < READY_FILES && performance.now() < sliceEnds) {
    const state = pickWorker(states);
    if (!state) return;
    const batch = bindBatch(feed, options);
    if (batch.length === 0) continue;
    const request: RenderRequest = { type: "render", routes: batch };
    state.inFlight += 1;
    state.worker.postMessage(request);
  }
}

/** Up to BATCH routes bound for a worker; a route reused from the cache goes to `ready` instead. */
function bindBatch(feed: RouteFeed, { deps, routes, tally }: RenderPoolOptions): BoundRouteMessage[] {
  const batch: BoundRouteMessage[] = [];
  while (batch.length < BATCH && feed.next < routes.length && feed.ready.length < READY_FILES) {
    const route = routes[feed.next++];
    const outcome = bindRoute(deps, route);
    if (Array.isArray(outcome)) {
      feed.errors.push(...outcome);
    } else if ("reused" in outcome) {
      feed.bindMs += outcome.reused.bindMs;
      countRoute(tally, route.path, route.kind, outcome.reused.key, true);
      feed.ready.push(...outcome.reused.files);
    } else {
      feed.bindMs += outcome.bindMs;
      batch.push(packBoundRoute(outcome.bound));
    }
  }
  return batch;
}

/** A worker's answer counted: its routes in the tally, its failures collected; returns its render time. */
function takeBatch(batch: RenderedBatch, errors: BuildError[], tally: RenderTally): number {
  errors.push(...batch.errors.map(deserializeError));
  for (const route of batch.routes) countRoute(tally, route.path, route.kind, route.key, false);
  return batch.renderMs;
}
