/**
 * The shape of each model's records, read from the zod schemas in src/model/, so lint checks
 * filter properties and binding paths against the same definition the loader validates with.
 */
import type { z } from "zod";
import { didYouMeanHint } from "../errors/index.js";
import { ArticleSchema, EventSchema, ProductionSchema, type Model } from "../model/index.js";
import type { PathStep } from "../bind/index.js";

export type Shape =
  | { kind: "object"; fields: Record<string, Shape> }
  | { kind: "array"; element: Shape }
  | { kind: "scalar" }
  | { kind: "unknown" };

const SCALAR: Shape = { kind: "scalar" };
const UNKNOWN: Shape = { kind: "unknown" };

/** A shape from a zod schema (zod 4 definitions); wrappers are unwrapped, unions take their richest option. */
function shapeOfSchema(schema: z.ZodType): Shape {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case "object": {
      const shape = def.shape as Record<string, z.ZodType>;
      return {
        kind: "object",
        fields: Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, shapeOfSchema(value)])),
      };
    }
    case "array":
      return { kind: "array", element: shapeOfSchema(def.element as z.ZodType) };
    case "nullable":
    case "optional":
    case "default":
    case "readonly":
      return shapeOfSchema(def.innerType as z.ZodType);
    case "union": {
      const options = (def.options as z.ZodType[]).map(shapeOfSchema);
      return options.find((s) => s.kind === "object") ?? options.find((s) => s.kind === "array") ?? SCALAR;
    }
    case "pipe": {
      // listOrNull: a preprocess step in front of the list schema; the output is the shape.
      const out = shapeOfSchema(def.out as z.ZodType);
      return out.kind === "scalar" ? shapeOfSchema(def.in as z.ZodType) : out;
    }
    case "record":
    case "unknown":
    case "any":
    case "lazy":
      return UNKNOWN;
    default:
      return SCALAR;
  }
}

const production = shapeOfSchema(ProductionSchema);
const event = shapeOfSchema(EventSchema);
// The validate stage links each showing to its production (LinkedEvent).
if (event.kind === "object") event.fields.production = production;

export const MODEL_SHAPES: Record<Model, Shape> = { production, event, article: shapeOfSchema(ArticleSchema) };

export interface ShapeProblem {
  message: string;
  hint?: string;
}

/** Walks a filter property ('production.parentTitle'); lists are looked through. */
export function walkProperty(shape: Shape, property: string): Shape | ShapeProblem {
  return walkSteps(
    shape,
    property.split(".").map((name) => ({ kind: "key", name })),
    true,
  );
}

/** Walks a binding path; '.name' over a list maps over its elements. */
export function walkSteps(start: Shape, steps: readonly PathStep[], throughLists = false): Shape | ShapeProblem {
  let shape = start;
  let mapped = false;
  let walked = "@";
  for (const step of steps) {
    if (shape.kind === "unknown") return UNKNOWN;
    if (step.kind === "key") {
      if (shape.kind === "array") {
        shape = shape.element;
        mapped = !throughLists;
        if (shape.kind === "unknown") return UNKNOWN;
      }
      if (shape.kind !== "object")
        return { message: `'${walked}' is a plain value; it has no property '${step.name}'` };
      const next: Shape | undefined = Object.prototype.hasOwnProperty.call(shape.fields, step.name)
        ? shape.fields[step.name]
        : undefined;
      if (!next)
        return {
          message: `'${step.name}' is not a property of '${walked}'`,
          hint:
            didYouMeanHint(step.name, Object.keys(shape.fields)) ??
            `properties: ${Object.keys(shape.fields).join(", ")}`,
        };
      shape = next;
      walked += walked === "@" ? step.name : `.${step.name}`;
    } else {
      if (shape.kind !== "array")
        return {
          message: `'${walked}' is not a list, so '[${step.kind === "index" ? step.index : `${step.key}=${step.value}`}]' does not apply`,
        };
      shape = shape.element;
      if (
        step.kind === "match" &&
        shape.kind === "object" &&
        !Object.prototype.hasOwnProperty.call(shape.fields, step.key)
      ) {
        return {
          message: `list elements of '${walked}' have no property '${step.key}'`,
          hint: didYouMeanHint(step.key, Object.keys(shape.fields)),
        };
      }
      walked += step.kind === "index" ? `[${step.index}]` : `[${step.key}=${step.value}]`;
    }
  }
  return mapped && shape.kind !== "array" ? { kind: "array", element: shape } : shape;
}

export function isProblem(value: Shape | ShapeProblem): value is ShapeProblem {
  return "message" in value;
}
