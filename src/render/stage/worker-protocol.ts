/** What the build and its render workers say to each other (plain, structured-clonable data). */
import type { SiteRenderOptions } from "../index.js";
import { BuildError, type ErrorCode, type ErrorLocation } from "../../errors/index.js";
import type { RouteKind } from "../../routes/index.js";
import type { RouteCache } from "./route-cache.js";
import type { BoundRoute, EncodedFile } from "./render-route.js";

/**
 * A worker's inputs: what the site's renderer is made from (site, partner, member service,
 * assets, time, policy), not the dataset. The build thread binds every route and sends the
 * bound page with it (render-pool.ts), so a worker holds no films, showings or programme
 * resolutions of its own.
 */
export interface WorkerData {
  render: SiteRenderOptions;
  cache: RouteCache | null;
}

/**
 * A pooled worker (render-pool.ts createRenderWorkerPool) starts without a site: each build
 * that leases it sends its own first, and the worker makes that site's renderer.
 */
export interface SiteMessage {
  type: "site";
  data: WorkerData;
}

/** The build asks a worker to render these bound routes. */
export interface RenderRequest {
  type: "render";
  routes: BoundRouteMessage[];
}

/**
 * A bound route as sent: its page as JSON text. A resolved page is plain JSON (src/bind), and
 * JSON.stringify and JSON.parse took half the time of the structured clone postMessage makes
 * (1,500 bound pages of the 2,000-film partner: 250 against 470 ms), in the build thread that
 * binds every route; a string is copied as it is. The records keep the clone: their showings
 * share one production object, which JSON would copy per showing.
 */
export type BoundRouteMessage = Omit<BoundRoute, "page" | "pageJson"> & { pageJson: string };

export function packBoundRoute({ page, pageJson, ...rest }: BoundRoute): BoundRouteMessage {
  return { ...rest, pageJson: pageJson ?? JSON.stringify(page) };
}

export function unpackBoundRoute({ pageJson, ...rest }: BoundRouteMessage): BoundRoute {
  return { ...rest, page: JSON.parse(pageJson) as BoundRoute["page"] };
}

export interface RenderedBatch {
  type: "rendered";
  /** Encoded files; their buffers are transferred, not copied. */
  files: EncodedFile[];
  routes: { path: string; kind: RouteKind; key: string | null }[];
  errors: SerializedError[];
  renderMs: number;
}

export interface SerializedError {
  message: string;
  location: ErrorLocation;
  hint?: string;
  code: ErrorCode;
  /** Stack of the cause of an internal error. */
  causeStack?: string;
}

export function serializeErrors(errors: BuildError[]): SerializedError[] {
  return errors.map((error) => ({
    message: error.message,
    location: error.location,
    hint: error.hint,
    code: error.code,
    causeStack: error.cause instanceof Error ? error.cause.stack : undefined,
  }));
}

export function deserializeError(error: SerializedError): BuildError {
  const cause = error.causeStack ? Object.assign(new Error(error.message), { stack: error.causeStack }) : undefined;
  return new BuildError(error.message, error.location, { hint: error.hint, code: error.code, cause });
}
