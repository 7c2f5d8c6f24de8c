import type { Page } from "../model/index.js";
import { MODEL_SHAPES, type Shape } from "./model-shapes.js";

/** An enclosing collection's element, as lint sees it: a name and the element's shape. */
export interface StaticFrame {
  name: string;
  shape: Shape;
}

/**
 * The shape a source name stands for at one place, following the binder's scope rules
 * (src/bind/scope.ts): enclosing element, page source, array property of an enclosing element,
 * array property of a non-collection source's record.
 */
export function lookupStaticSource(name: string, frames: readonly StaticFrame[], page: Page): Shape | undefined {
  for (let i = frames.length - 1; i >= 0; i -= 1) if (frames[i].name === name) return frames[i].shape;
  const source = page.sources.find((s) => s.name === name);
  if (source && MODEL_SHAPES[source.model]) {
    const shape = MODEL_SHAPES[source.model];
    return source.collection ? { kind: "array", element: shape } : shape;
  }
  for (let i = frames.length - 1; i >= 0; i -= 1) {
    const field = arrayField(frames[i].shape, name);
    if (field) return field;
  }
  for (const s of page.sources) {
    if (s.collection || !MODEL_SHAPES[s.model]) continue;
    const field = arrayField(MODEL_SHAPES[s.model], name);
    if (field) return field;
  }
  return undefined;
}

function arrayField(shape: Shape, name: string): Shape | undefined {
  if (shape.kind !== "object" || !Object.prototype.hasOwnProperty.call(shape.fields, name)) return undefined;
  const field = shape.fields[name];
  return field.kind === "array" ? field : undefined;
}

/** Names visible at this place, for "did you mean". */
export function visibleSourceNames(frames: readonly StaticFrame[], page: Page): string[] {
  return [...page.sources.map((s) => s.name), ...frames.map((f) => f.name)];
}
