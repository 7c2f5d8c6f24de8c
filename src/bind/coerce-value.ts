import type { PropertyType } from "../model/index.js";
import { listTexts, textOf } from "./evaluate-expression.js";

/** A value that cannot become the field's type; the resolver adds the location. */
export class CoerceError extends Error {}

/**
 * Converts a bound value (literal text or an expression's result) to the field's type
 * (docs/bindings.md "Types"). null means "no value": the caller then uses the schema default.
 */
export function coerceValue(value: unknown, type: PropertyType): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case "number":
      return toNumber(value);
    case "boolean":
      return toBoolean(value);
    case "list":
      return toList(value);
    case "object":
    case "collection":
      return value;
    case "string":
    case "text":
    case "markdown":
    case "html":
      return textOf(value);
    default: {
      // A date, link, image or choice has no meaningful empty value: '' means "not set".
      const text = textOf(value);
      return text === null || text.trim() === "" ? null : text;
    }
  }
}

function toNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  const text = textOf(value)?.trim() ?? "";
  if (text === "") return null;
  const number = Number(text.replace(",", "."));
  if (!Number.isFinite(number)) throw new CoerceError(`'${text}' is not a number`);
  return number;
}

function toBoolean(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value !== 0;
  const text = textOf(value)?.trim().toLowerCase() ?? "";
  if (text === "") return null;
  if (text === "true" || text === "1" || text === "yes") return true;
  if (text === "false" || text === "0" || text === "no") return false;
  throw new CoerceError(`'${text}' is not true or false`);
}

/** A list of strings: a list as it is, comma-separated text split (spec 3.5 adFlagsFilter). */
function toList(value: unknown): string[] {
  if (Array.isArray(value)) return listTexts(value);
  const text = textOf(value) ?? "";
  return text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
}
