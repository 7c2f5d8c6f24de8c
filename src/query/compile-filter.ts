import { BuildError, type ErrorLocation } from "../errors/index.js";
import type { Filter } from "../model/index.js";
import { someValue } from "./read-values.js";

/** A filter ready to run: its regex compiled and its value set built once (spec 3.3 "Filters"). */
export interface CompiledFilter {
  filter: Filter;
  /** 'location.name' → ['location', 'name']. */
  steps: string[];
  /** Route parameter name when the value is '@name', else null. */
  param: string | null;
  /** True when some value of the record's property passes the filter. */
  matches(record: unknown, params: Record<string, string>): boolean;
}

/** The route parameter a filter value names ('@production' → 'production'), or null. */
export function paramOf(value: Filter["value"]): string | null {
  return typeof value === "string" && value.startsWith("@") && value.length > 1 ? value.slice(1) : null;
}

/**
 * The route parameter of the page that a filter's '@name' stands for (spec 3.3 "a value
 * beginning with @ refers to a route parameter"). The spec writes the article page as path
 * '/article/:article' with the filter 'slug eq @slug' (2.6, 3.3): on a page with one route
 * parameter, every '@name' means that parameter whatever it is called. With several, the
 * name must match. Null when the name cannot be read on this page.
 */
export function routeParamFor(name: string, pageParams: readonly string[]): string | null {
  if (pageParams.includes(name)) return name;
  return pageParams.length === 1 ? pageParams[0] : null;
}

/**
 * Compiles one filter. `regex` is case-insensitive; `in` takes a list or comma-separated text;
 * `eq` compares text. A route-parameter filter ('@production') compares the parameter exactly,
 * whatever its operator, because route paths are exact. Throws a BuildError for a regex that
 * does not compile.
 */
export function compileFilter(
  filter: Filter,
  location: ErrorLocation = {},
  pageParams: readonly string[] = [],
): CompiledFilter {
  const steps = filter.property.split(".");
  const named = paramOf(filter.value);
  const param = named === null ? null : (routeParamFor(named, pageParams) ?? named);
  if (param !== null) {
    return {
      filter,
      steps,
      param,
      matches: (record, params) => {
        const wanted = paramValue(params, param, location);
        return someValue(record, steps, (key) => key === wanted);
      },
    };
  }
  const test = compileTest(filter, location);
  return { filter, steps, param, matches: (record) => someValue(record, steps, test) };
}

/** The value of route parameter `name`; a missing one is a bug in the caller, named clearly. */
export function paramValue(params: Record<string, string>, name: string, location: ErrorLocation): string {
  const value = params[name];
  if (value === undefined) {
    throw new BuildError(`the route parameter '@${name}' is not set for this page`, location, {
      code: "E_ROUTE_PARAM_UNSET",
      hint: "route parameters come from the page path, e.g. '/:production'",
    });
  }
  return value;
}

function compileTest(filter: Filter, location: ErrorLocation): (value: string) => boolean {
  const { operator, value } = filter;
  if (operator === "regex") {
    const pattern = compileRegex(String(value), location);
    return (text) => pattern.test(text);
  }
  const wanted = new Set(listOf(value));
  if (operator === "eq" && !Array.isArray(value)) {
    const single = String(value);
    return (text) => text === single;
  }
  return (text) => wanted.has(text);
}

/** The values of an `in` filter: a list, or comma-separated text. */
function listOf(value: Filter["value"]): string[] {
  if (Array.isArray(value)) return value.map(String);
  return String(value)
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

/**
 * A filter's regex as JavaScript reads it. Spec 3.3 calls the id lists "case-insensitive
 * alternations"; data written for PCRE, Java or .NET says so with a leading '(?i)', which
 * JavaScript rejects. Every filter regex is case-insensitive here, so the prefix is dropped.
 */
export function regexSourceOf(source: string): string {
  return source.replace(/^\(\?i\)/, "");
}

/** A filter's regex, case-insensitive (spec 3.3); a syntax error becomes a located BuildError. */
export function compileRegex(source: string, location: ErrorLocation = {}): RegExp {
  try {
    return new RegExp(regexSourceOf(source), "i");
  } catch (error) {
    throw new BuildError(
      `the regex does not compile: ${(error as Error).message}`,
      { ...location, expression: source },
      { code: "E_REGEX" },
    );
  }
}
