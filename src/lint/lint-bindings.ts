import { BindingSyntaxError, parseBinding, parseTicketDisplayMode, type Expression } from "../bind/index.js";
import { didYouMeanHint } from "../errors/index.js";
import {
  isBinding,
  type Binding,
  type BindingMap,
  type BoundValue,
  type CollectionBinding,
  type Page,
  type PropertyDef,
} from "../model/index.js";
import type { Findings, FindingLocation } from "./finding.js";
import { lookupStaticSource, visibleSourceNames, type StaticFrame } from "./lint-scope.js";
import { isProblem, walkSteps, type Shape } from "./model-shapes.js";

interface BindingContext {
  page: Page;
  findings: Findings;
  location: FindingLocation;
}

/**
 * A binding map against a field schema: known fields, syntax, sources that exist where they are
 * used, paths that exist in the model, image parameters, and literals of the field's type.
 */
export function lintBindingMap(
  props: readonly PropertyDef[],
  map: BindingMap,
  frames: readonly StaticFrame[],
  ctx: BindingContext,
  path: string,
): void {
  const names = props.map((p) => p.name);
  for (const [name, bound] of Object.entries(map)) {
    const fieldPath = `${path}.${name}`;
    const prop = props.find((p) => p.name === name);
    if (!prop) {
      ctx.findings.warning(
        { ...ctx.location, field: fieldPath },
        `'${name}' is not a field of this block's schema; it is ignored`,
        didYouMeanHint(name, names) ?? `fields: ${names.join(", ")}`,
      );
      continue;
    }
    lintBound(prop, bound, frames, ctx, fieldPath);
  }
}

function lintBound(
  prop: PropertyDef,
  bound: BoundValue,
  frames: readonly StaticFrame[],
  ctx: BindingContext,
  path: string,
): void {
  const at = { ...ctx.location, field: path };
  if (prop.type === "object" && !isBinding(bound)) {
    lintBindingMap(prop.properties ?? [], bound as BindingMap, frames, ctx, path);
    lintDateWindow(bound as BindingMap, at, ctx.findings);
    return;
  }
  if (!isBinding(bound)) {
    ctx.findings.error(at, "expected a bound value { binding, source }");
    return;
  }
  if (prop.type === "collection") {
    lintCollection(prop, bound, frames, ctx, path);
    return;
  }
  if (
    prop.type === "object" &&
    bound.source == null &&
    typeof bound.binding === "string" &&
    bound.binding.trim() !== ""
  ) {
    const fields = (prop.properties ?? []).map((p) => p.name);
    ctx.findings.error(
      at,
      `'${prop.name}' is a group of fields (${fields.join(", ")}); the text '${bound.binding}' sets none of them`,
      fields[0]
        ? `bind each field: { "${fields[0]}": { "binding": "${bound.binding}", "source": null }, … }`
        : undefined,
    );
    return;
  }
  const shape = lintBinding(bound, frames, ctx, path);
  if (shape === null && bound.source === null && typeof bound.binding === "string")
    lintLiteral(prop, bound.binding, at, ctx.findings, path);
}

function lintCollection(
  prop: PropertyDef,
  bound: CollectionBinding,
  frames: readonly StaticFrame[],
  ctx: BindingContext,
  path: string,
): void {
  const prototype = prop.prototype ?? [];
  if (bound.source == null) {
    const literal = typeof bound.binding === "string" ? bound.binding.trim() : "";
    if (literal !== "" && !bound.items?.length) {
      ctx.findings.error(
        { ...ctx.location, field: path },
        `the list '${prop.name}' is bound to the text '${literal}' without a source, so it lists nothing`,
        `name the page's source that holds the list (e.g. { "binding": "@", "source": "events" }) or give 'items'`,
      );
    }
    (bound.items ?? []).forEach((item, i) => lintBindingMap(prototype, item, frames, ctx, `${path}.items[${i}]`));
    return;
  }
  const shape = lintBinding(bound, frames, ctx, path);
  if (!bound.item) {
    ctx.findings.warning(
      { ...ctx.location, field: path },
      "the collection binds a list but no item fields",
      "add 'item' with one bound value per field",
    );
    return;
  }
  const element: Shape = shape === null ? { kind: "unknown" } : shape.kind === "array" ? shape.element : shape;
  lintBindingMap(
    prototype,
    bound.item,
    [...frames, { name: bound.source as string, shape: element }],
    ctx,
    `${path}.item`,
  );
}

/**
 * Checks one `{ binding, source }`. Returns the shape of an expression's value, or null for a
 * literal or when the binding could not be checked.
 */
export function lintBinding(
  bound: Binding,
  frames: readonly StaticFrame[],
  ctx: BindingContext,
  path: string,
): Shape | null {
  const at = { ...ctx.location, field: path };
  if (bound.binding === null || bound.binding === undefined) return null;
  const hasSource = bound.source !== null && bound.source !== undefined;
  let parsed;
  try {
    parsed = parseBinding(bound.binding, hasSource);
  } catch (error) {
    if (!(error instanceof BindingSyntaxError)) throw error;
    ctx.findings.error(at, `binding '${bound.binding}': ${error.message} (column ${error.column + 1})`);
    return null;
  }
  if (!hasSource) return null;
  const name = bound.source as string;
  const shape = lookupStaticSource(name, frames, ctx.page);
  if (!shape) {
    const names = visibleSourceNames(frames, ctx.page);
    ctx.findings.error(
      at,
      `source '${name}' does not exist on this page`,
      didYouMeanHint(name, names) ?? `sources here: ${names.join(", ") || "none"}`,
    );
    return null;
  }
  if (parsed.kind === "literal") {
    const guess = /^[A-Za-z_]\w*$/.test(bound.binding.trim())
      ? `did you mean '@${bound.binding.trim()}'?`
      : "start the expression with '@', or set source to null for literal text";
    ctx.findings.warning(
      at,
      `binding '${bound.binding}' names source '${name}' but has no expression, so it is literal text`,
      guess,
    );
    return null;
  }
  const expressions: Expression[] =
    parsed.kind === "expression"
      ? [parsed.expression]
      : parsed.parts.filter((p): p is Expression => typeof p !== "string");
  let result: Shape | null = null;
  for (const expression of expressions) {
    for (const path of [expression.path, ...expression.fallbacks]) {
      const walked = walkSteps(shape, path);
      if (isProblem(walked)) {
        ctx.findings.error(at, `binding '${bound.binding}' (source '${name}'): ${walked.message}`, walked.hint);
        return null;
      }
      if (path === expression.path) result = walked;
    }
  }
  return parsed.kind === "expression" ? result : { kind: "scalar" };
}

function lintLiteral(prop: PropertyDef, text: string, at: FindingLocation, findings: Findings, path: string): void {
  const value = text.trim();
  if (prop.name === "ticketDisplayMode") {
    const problem = parseTicketDisplayMode(value).problem;
    if (problem) findings.error(at, problem, "use -2 (hide), -1 (actual count) or a threshold such as 10");
    return;
  }
  if (value === "") return;
  if (prop.type === "number" && !Number.isFinite(Number(value.replace(",", "."))))
    findings.error(at, `'${text}' is not a number`);
  if (prop.type === "boolean" && !["true", "false", "1", "0", "yes", "no"].includes(value.toLowerCase()))
    findings.error(at, `'${text}' is not true or false`);
  if (prop.type === "date" && !/^\d{4}-\d{2}-\d{2}$/.test(value))
    findings.error(at, `'${text}' is not a date (YYYY-MM-DD)`);
  if (path.endsWith("filter.type") && !["date", "none"].includes(value)) {
    findings.error(
      at,
      `unknown programme filter type '${text}'`,
      didYouMeanHint(value, ["date", "none"]) ?? "use 'date' or 'none'",
    );
  }
}

/** A programme filter whose 'to' is before its 'from' lists nothing (spec 3.5 filter). */
function lintDateWindow(map: BindingMap, at: FindingLocation, findings: Findings): void {
  const literal = (value: BoundValue | undefined) =>
    value && isBinding(value) && value.source == null && typeof value.binding === "string" ? value.binding.trim() : "";
  const [from, to] = [literal(map.from), literal(map.to)];
  if (/^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && to < from) {
    findings.warning(
      at,
      `the window ends (${to}) before it starts (${from}), so the programme lists nothing`,
      "swap 'from' and 'to'",
    );
  }
}
