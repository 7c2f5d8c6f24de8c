import { BuildError, type ErrorLocation } from "../errors/index.js";
import {
  isBinding,
  type Binding,
  type BindingMap,
  type BoundValue,
  type CollectionBinding,
  type PropertyDef,
} from "../model/index.js";
import { CoerceError, coerceValue } from "./coerce-value.js";
import { evaluateBinding, type BindingEnv } from "./evaluate-binding.js";
import { lookupSource, type Frame } from "./scope.js";
import { parseTicketDisplayMode } from "./ticket-display-mode.js";
import { onImageCdn, type ImageCdn } from "../model/cdn-file.js";

/** Where in a block the resolver is, for errors; and the errors collected so far. */
export interface FieldContext {
  env: BindingEnv;
  location: ErrorLocation;
  errors: BuildError[];
  /** An image field given as a bare file name is this CDN's file, {host}/{cinemaId}/{file} (spec 7.6). */
  imageCdn?: ImageCdn;
}

/**
 * Resolves a block's fields from its schema (metadata.properties) and bound values, in schema
 * order. A field without a bound value, or whose value resolves to null, takes the schema
 * default. A bad field is reported and takes its default, so every mistake of a page is
 * collected in one pass.
 */
export function resolveFields(
  props: readonly PropertyDef[],
  bindings: BindingMap | undefined,
  frames: readonly Frame[],
  ctx: FieldContext,
  path: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const prop of props) {
    try {
      out[prop.name] = resolveField(prop, bindings?.[prop.name], frames, ctx, path);
    } catch (error) {
      if (!(error instanceof BuildError)) throw error;
      ctx.errors.push(error);
      out[prop.name] = defaultOf(prop, frames, ctx, fieldPathOf(path, prop));
    }
  }
  return out;
}

/**
 * A field's path ('bindings.events.item.title'), spelled only where it is needed: a nested
 * object or collection, and errors. Most fields are plain values of a collection's elements
 * (every field of every showing of every programme), and need none.
 */
function fieldPathOf(parent: string, prop: PropertyDef): string {
  return parent ? `${parent}.${prop.name}` : prop.name;
}

function resolveField(
  prop: PropertyDef,
  bound: BoundValue | undefined,
  frames: readonly Frame[],
  ctx: FieldContext,
  parent: string,
): unknown {
  if (prop.type === "object") {
    if (bound !== undefined && !isBinding(bound))
      return resolveFields(prop.properties ?? [], bound as BindingMap, frames, ctx, fieldPathOf(parent, prop));
    return defaultOf(prop, frames, ctx, fieldPathOf(parent, prop));
  }
  if (bound === undefined || !isBinding(bound)) return defaultOf(prop, frames, ctx, fieldPathOf(parent, prop));
  if (prop.type === "collection") return resolveCollection(prop, bound, frames, ctx, fieldPathOf(parent, prop));
  const where = () => fieldLocation(ctx, fieldPathOf(parent, prop), bound);
  const raw = evaluateBinding(bound, frames, ctx.env, where);
  if (prop.name === "ticketDisplayMode") {
    // spec 9: a number or a choice; lint reports values that are neither.
    const mode = parseTicketDisplayMode(raw).mode;
    return mode ?? defaultOf(prop, frames, ctx, fieldPathOf(parent, prop));
  }
  let value: unknown;
  try {
    value = coerceValue(raw, prop.type);
  } catch (error) {
    if (!(error instanceof CoerceError)) throw error;
    throw new BuildError(`${error.message} (field type ${prop.type})`, where(), { code: "E_FIELD_TYPE" });
  }
  if (prop.type === "image" && typeof value === "string" && ctx.imageCdn) return onImageCdn(value, ctx.imageCdn);
  return value ?? defaultOf(prop, frames, ctx, fieldPathOf(parent, prop));
}

function resolveCollection(
  prop: PropertyDef,
  bound: CollectionBinding,
  frames: readonly Frame[],
  ctx: FieldContext,
  path: string,
): unknown[] {
  const prototype = prop.prototype ?? [];
  if (bound.source === null) {
    return (bound.items ?? []).map((item, i) => resolveFields(prototype, item, frames, ctx, `${path}.items[${i}]`));
  }
  const list = evaluateBinding(bound, frames, ctx.env, () => fieldLocation(ctx, path, bound));
  const elements = Array.isArray(list) ? list : list === null || list === undefined ? [] : [list];
  // The elements are records of the source when the collection binds the source itself ('@').
  const model =
    bound.binding?.trim() === "@" ? (lookupSource(bound.source, frames, ctx.env.route)?.model ?? null) : null;
  const itemPath = `${path}.item`;
  const item = bound.item ?? {};
  const name = bound.source;
  // One frames list for the collection, its last frame the current element: resolving an
  // element reads the list and keeps none of it (every showing of a programme passes here).
  const inner: Frame[] = [...frames, { name, value: null, model }];
  const last = inner.length - 1;
  return elements.map((element) => {
    inner[last] = { name, value: element, model };
    return resolveFields(prototype, item, inner, ctx, itemPath);
  });
}

/** The schema default (a copy), sub-defaults for an object, [] for a collection; never undefined. */
function defaultOf(prop: PropertyDef, frames: readonly Frame[], ctx: FieldContext, path: string): unknown {
  if (prop.type === "object" && prop.default === undefined)
    return resolveFields(prop.properties ?? [], {}, frames, ctx, path);
  if (prop.default === undefined || prop.default === null) return prop.type === "collection" ? [] : null;
  return typeof prop.default === "object" ? structuredClone(prop.default) : prop.default;
}

function fieldLocation(ctx: FieldContext, path: string, bound: Binding): ErrorLocation {
  return { ...ctx.location, field: path, expression: bound.binding ?? undefined };
}
