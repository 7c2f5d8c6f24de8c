/** What the build and its render workers say to each other (plain, structured-clonable data). */
import type { SiteRenderOptions } from "../render/index.js";
import { BuildError, type ErrorLocation } from "../errors/index.js";
import type { RouteKind } from "../routes/index.js";
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

/** The build asks a worker to render these bound routes. */
export interface RenderRequest {
  type: "render";
  routes: BoundRoute[];
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
  code: string;
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
