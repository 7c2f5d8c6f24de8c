import { ownProperty } from "../query/index.js";
import { stripHtml, truncateText } from "../render/html-text.js";
import type { MemoSet } from "../shared/bounded-memo.js";
import { appendQuery } from "./image-params.js";
import type { Expression, FilterCall, PathStep } from "./parse-binding.js";

/** A value and the object it was read from (an asset, for its focalPointQuery). */
interface Located {
  value: unknown;
  owner: unknown;
}

/** Evaluates a parsed expression against a source's value (a record, a list or null); `memos`: the resolver's, for the `text` filter. */
export function evaluateExpression(expression: Expression, root: unknown, memos?: MemoSet): unknown {
  let current = walkPath(root, expression.path);
  for (const fallback of expression.fallbacks) {
    if (!isMissing(current.value)) break;
    current = walkPath(root, fallback);
  }
  for (const filter of expression.filters) current = { value: applyFilter(filter, current, memos), owner: null };
  return current.value ?? null;
}

/** What '??' skips: no value, or empty text (an unset CMS field). */
function isMissing(value: unknown): boolean {
  return value === null || value === undefined || value === "";
}

/**
 * Walks a path: '.name' reads a property and, on a list, maps over it; '[n]' indexes a list;
 * '[key=value]' picks the first element whose key equals the value (as text). Anything
 * missing gives null; inherited properties are never read.
 */
function walkPath(root: unknown, path: readonly PathStep[]): Located {
  let value: unknown = root;
  let owner: unknown = null;
  for (const step of path) {
    if (value === null || value === undefined) return { value: null, owner: null };
    owner = value;
    if (step.kind === "key") {
      value = Array.isArray(value)
        ? value.flatMap((item) => present(ownProperty(item, step.name)))
        : ownProperty(value, step.name);
      if (Array.isArray(owner)) owner = null;
    } else if (step.kind === "index") {
      value = Array.isArray(value) ? value[step.index] : undefined;
    } else {
      value = Array.isArray(value)
        ? value.find((item) => matchesText(ownProperty(item, step.key), step.value))
        : undefined;
    }
  }
  return { value: value ?? null, owner };
}

function present(value: unknown): unknown[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function matchesText(value: unknown, wanted: string): boolean {
  return value !== null && value !== undefined && typeof value !== "object" && String(value) === wanted;
}

function applyFilter(filter: FilterCall, input: Located, memos: MemoSet | undefined): unknown {
  const { value } = input;
  if (value === null || value === undefined) return null;
  switch (filter.name) {
    case "image":
      return mapText(value, (url) => appendQuery(url, filter.arg, focalPointFor(filter.arg, input.owner)));
    case "join":
      return Array.isArray(value) ? listTexts(value).join(filter.arg ?? ", ") : value;
    case "text":
      return mapText(value, (text) => stripHtml(text, memos));
    case "truncate":
      return mapText(value, (text) => truncateText(text, Number(filter.arg)));
  }
}

/**
 * The asset's focal point, unless the parameters choose a crop mode of their own. Spec 7.6:
 * meta images are 'w=1920&h=1080&auto=compress' plus the focal point, posters exactly
 * 'w=225&h=340&fit=crop&auto=compress&crop=faces,top' (the CDN crops those by faces and top,
 * so a focal point would only be noise). crop=focalpoint still takes it.
 */
function focalPointFor(params: string | null | undefined, owner: unknown): string | null {
  const crop = params?.split("&").find((pair) => pair.startsWith("crop="));
  if (crop !== undefined && !crop.slice("crop=".length).split(",").includes("focalpoint")) return null;
  return focalPointOf(owner);
}

function focalPointOf(owner: unknown): string | null {
  const query = ownProperty(owner, "focalPointQuery");
  return typeof query === "string" ? query : null;
}

function mapText(value: unknown, fn: (text: string) => string): unknown {
  if (typeof value === "string") return fn(value);
  if (Array.isArray(value)) return value.map((item) => (typeof item === "string" ? fn(item) : item));
  return value;
}

/**
 * The text of each list element: strings and numbers as they are, an object by its `value`
 * (a feature), `name` or `title`; anything else is left out.
 */
export function listTexts(list: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const item of list) {
    const text = textOf(item);
    if (text !== null && text !== "") out.push(text);
  }
  return out;
}

/** The fields that stand for an object's text, in order (a feature's value, a name, a title). */
const TEXT_KEYS = ["value", "name", "title"] as const;

export function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return listTexts(value).join(", ");
  for (const key of TEXT_KEYS) {
    const inner = ownProperty(value, key);
    if (typeof inner === "string" || typeof inner === "number") return String(inner);
  }
  return null;
}
