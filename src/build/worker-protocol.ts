/** What the build and its render workers say to each other (plain, structured-clonable data). */
import type { RenderAssets } from "../render/index.js";
import type { OutputFile } from "../emit/index.js";
import { BuildError, type ErrorLocation } from "../errors/index.js";
import type { Dataset } from "../model/index.js";
import type { RouteKind } from "../routes/index.js";

export interface WorkerData {
  /** Cloned into each worker once; it builds its own resolver and renderer from it. */
  dataset: Dataset;
  assets: RenderAssets;
  /** This worker renders routes index, index + count, index + 2·count, … */
  index: number;
  count: number;
}

export interface SerializedError {
  message: string;
  location: ErrorLocation;
  hint?: string;
  code: string;
  /** Stack of the cause of an internal error. */
  causeStack?: string;
}

export type WorkerMessage =
  | { type: "batch"; files: OutputFile[]; kinds: RouteKind[]; errors: SerializedError[]; bindMs: number; renderMs: number }
  | { type: "done" };

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
