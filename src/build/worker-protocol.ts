/** What the build and its render workers say to each other (plain, structured-clonable data). */
import type { RenderAssets } from "../render/index.js";
import { BuildError, type ErrorLocation } from "../errors/index.js";
import type { RouteKind } from "../routes/index.js";
import type { RouteCache } from "./route-cache.js";
import type { EncodedFile } from "./render-route.js";

export interface WorkerData {
  /**
   * The Dataset, serialised once with v8.serialize (which keeps the showings' links to their
   * productions) into shared memory: every worker reads the same bytes instead of the build
   * cloning the whole dataset once per worker.
   */
  dataset: SharedArrayBuffer;
  assets: RenderAssets;
  cache: RouteCache | null;
}

/**
 * The build asks a worker to render these routes. Each is named by the path of its base
 * route (what expandRoutes gives without day pages, which the worker lists cheaply: no page
 * is resolved for it) and, for a programme's day page, its day; so a worker resolves only
 * the programme pages whose routes it is given, when it gets to them.
 */
export interface RenderRequest {
  type: "render";
  routes: RouteRef[];
}

export interface RouteRef {
  base: string;
  day: string | null;
  /** The listing's page (src/render/listing-pages.ts), 1 for the first. */
  page: number;
}

export interface RenderedBatch {
  type: "rendered";
  /** Encoded files; their buffers are transferred, not copied. */
  files: EncodedFile[];
  routes: { path: string; kind: RouteKind; key: string | null; reused: boolean }[];
  errors: SerializedError[];
  bindMs: number;
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
