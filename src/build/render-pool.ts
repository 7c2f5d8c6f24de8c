/**
 * The per-route part of the recipe on render workers (render-worker.ts). The build thread
 * keeps the list of routes and hands them out a batch at a time, so it decides the order:
 *
 * - heaviest first: pages with programme-like blocks (their size grows with the programme)
 *   go out before the film, culture and article pages, so no worker is left with a giant
 *   page at the end while the others idle;
 * - one heavy page at a time: two programme pages rendered at once would double the peak
 *   memory (issue 14 measured 1.36 GiB for /kinoprogram alone at 10,000 films);
 * - a programme's day pages to one worker, one page per request (route-queue.ts), other
 *   light routes in batches;
 * - at most two requests per worker in flight: a worker renders the next while the build
 *   writes the last, and never runs far ahead of the disk.
 *
 * Workers return encoded bytes, transferred without a copy; this generator hands them to the
 * atomic writer. The bytes are the same as the in-process path's (tests compare them); only
 * the order in which files are written differs, and nothing depends on that order.
 */
import type { RenderAssets } from "../render/index.js";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { serialize } from "node:v8";
import { Worker } from "node:worker_threads";
import type { OutputFile } from "../emit/index.js";
import type { BuildError } from "../errors/index.js";
import type { StageTimer } from "../log/index.js";
import { COMPONENTS, PROGRAMME_FIELDS, type Dataset } from "../model/index.js";
import type { Route } from "../routes/index.js";
import type { RenderTally } from "./render-routes.js";
import { countRoute } from "./render-routes.js";
import { routeFailures } from "./render-route.js";
import type { RouteCache } from "./route-cache.js";
import { LightRouteQueue } from "./route-queue.js";
import { deserializeError, type RenderedBatch, type RenderRequest, type RouteRef, type WorkerData } from "./worker-protocol.js";

export interface RenderPoolOptions {
  dataset: Dataset;
  assets: RenderAssets;
  cache: RouteCache | null;
  routes: Route[];
  workers: number;
  timer: StageTimer;
  tally: RenderTally;
}

/** Light routes per request: enough to keep a worker busy while its last batch is written. */
const BATCH = 16;
/** Requests a worker may hold at once (one rendering, one waiting). */
const IN_FLIGHT = 2;

/**
 * The compiled worker next to the running module (dist/render-worker.js). Running from the
 * TypeScript sources (tests, tsx) there is none, and the build renders in this thread.
 */
export function renderWorkerFile(): string | null {
  const file = fileURLToPath(new URL("./render-worker.js", import.meta.url));
  return existsSync(file) ? file : null;
}

/**
 * A route's expected cost before it is rendered: the number of its blocks that list the
 * programme (the catalogue's programme-like components), which render every showing in their
 * window; every other route renders one record.
 */
export function weighRoute(route: Route): number {
  // A programme day page shows one day's window of its page's shared resolution: light.
  if (route.kind !== "static" && route.kind !== "not-found") return 0;
  if (route.programmeDay || route.listingPage) return 0;
  return route.page.blocks.filter((block) => !block.hide && COMPONENTS[block.component]?.properties === PROGRAMME_FIELDS).length;
}

/** How a worker finds a route: its base route's path (a static route's is its page's), its day and its listing page. */
function refOf(route: Route): RouteRef {
  const page = route.listingPage ?? 1;
  return route.programmeDay || page > 1 ? { base: route.page.path, day: route.programmeDay ?? null, page } : { base: route.path, day: null, page };
}

/** The dataset serialised into shared memory; the serialiser's own buffer is dropped on return. */
function shareDataset(dataset: Dataset): SharedArrayBuffer {
  const bytes = serialize(dataset);
  const shared = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(shared).set(bytes);
  return shared;
}

interface WorkerState {
  worker: Worker;
  inFlight: number;
  /** For each request in flight, in the order sent (a worker answers in order): is it a heavy page? */
  heavy: boolean[];
  /** Programme pages whose day pages this worker renders (route-queue.ts). */
  programmes: string[];
}

export async function* renderInWorkers(options: RenderPoolOptions, workerFile: string): AsyncGenerator<OutputFile> {
  const workerData: WorkerData = { dataset: shareDataset(options.dataset), assets: options.assets, cache: options.cache };

  const weights = options.routes.map(weighRoute);
  const heavy = weights.map((weight, index) => ({ weight, index })).filter((r) => r.weight > 0).sort((a, b) => b.weight - a.weight || a.index - b.index).map((r) => r.index);
  const light = new LightRouteQueue(options.routes, weights.flatMap((weight, index) => (weight > 0 ? [] : [index])), BATCH);
  let heavyRunning = false;

  const inbox: { state: WorkerState; batch: RenderedBatch }[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => wake?.();

  const states: WorkerState[] = Array.from({ length: options.workers }, () => {
    const state: WorkerState = { worker: new Worker(workerFile, { workerData }), inFlight: 0, heavy: [], programmes: [] };
    state.worker.on("message", (batch: RenderedBatch) => {
      inbox.push({ state, batch });
      notify();
    });
    state.worker.on("error", (error) => {
      failure ??= error;
      notify();
    });
    state.worker.on("exit", (code) => {
      if (code !== 0) failure ??= new Error(`a render worker exited with code ${code}`);
      notify();
    });
    return state;
  });

  /** Gives a worker its next request: the heaviest page if none is rendering, else a batch of light ones. */
  const feed = (state: WorkerState) => {
    while (state.inFlight < IN_FLIGHT) {
      let request: RenderRequest;
      if (heavy.length > 0 && !heavyRunning) {
        heavyRunning = true;
        const route = options.routes[heavy.shift()!];
        // The worker that resolves a programme page for itself also renders its day pages.
        light.claim(state.programmes, route.path);
        request = { type: "render", routes: [refOf(route)] };
        state.heavy.push(true);
      } else {
        const next = light.next(state.programmes);
        if (!next) return;
        request = { type: "render", routes: next.map((index) => refOf(options.routes[index])) };
        state.heavy.push(false);
      }
      state.inFlight += 1;
      state.worker.postMessage(request);
    }
  };

  const errors: BuildError[] = [];
  let bindMs = 0;
  let renderMs = 0;
  try {
    states.forEach(feed);
    let pending = states.reduce((sum, state) => sum + state.inFlight, 0);
    while (pending > 0) {
      if (failure) throw failure;
      const next = inbox.shift();
      if (!next) {
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      const { state, batch } = next;
      state.inFlight -= 1;
      if (state.heavy.shift()) heavyRunning = false;
      errors.push(...batch.errors.map(deserializeError));
      for (const route of batch.routes) countRoute(options.tally, route.path, route.kind, route.key, route.reused);
      bindMs += batch.bindMs;
      renderMs += batch.renderMs;
      // Refill every worker first (a finished heavy page frees the next one), then write.
      states.forEach(feed);
      pending = states.reduce((sum, s) => sum + s.inFlight, 0);
      yield* batch.files;
    }
  } finally {
    await Promise.all(states.map((state) => state.worker.terminate()));
  }
  // Workers run side by side: report the CPU time of bind and render across them.
  options.timer.record("bind", bindMs);
  options.timer.record("render", renderMs);
  if (errors.length > 0) throw routeFailures(options.dataset.partner.partner, errors);
}
