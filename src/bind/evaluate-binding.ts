import { BuildError, type ErrorLocation } from "../errors/index.js";
import type { Binding } from "../model/index.js";
import type { MemoSet } from "../shared/bounded-memo.js";
import { evaluateExpression, textOf } from "./evaluate-expression.js";
import { BindingSyntaxError, parseBinding, type ParsedBinding } from "./parse-binding.js";
import { lookupSource, sourceHint, type Frame, type RouteSources } from "./scope.js";

/** What evaluating a binding needs: the route's sources, the shared parse cache and the resolver's memos. */
export interface BindingEnv {
  route: RouteSources;
  parse: (binding: string, hasSource: boolean) => ParsedBinding;
  memos?: MemoSet;
}

/** A parse function that parses each distinct binding string once (shared by every route). */
export function createParseCache(): (binding: string, hasSource: boolean) => ParsedBinding {
  // Keyed by the binding string itself (its hash is cached by the engine); one map per mode.
  const caches = [
    new Map<string, ParsedBinding | BindingSyntaxError>(),
    new Map<string, ParsedBinding | BindingSyntaxError>(),
  ];
  return (binding, hasSource) => {
    const cache = caches[hasSource ? 1 : 0];
    let parsed = cache.get(binding);
    if (parsed === undefined) {
      try {
        parsed = parseBinding(binding, hasSource);
      } catch (error) {
        if (!(error instanceof BindingSyntaxError)) throw error;
        parsed = error;
      }
      cache.set(binding, parsed);
    }
    if (parsed instanceof BindingSyntaxError) throw parsed;
    return parsed;
  };
}

/**
 * The value of a bound field `{ binding, source }`: literal text, or an expression or template
 * evaluated against the source as seen from `frames`. A template with a missing part is null
 * (so '/{@parentSlug}' never becomes '/'). `where` builds the error location only when needed:
 * this runs for every field of every ticket of every route.
 */
export function evaluateBinding(
  bound: Binding,
  frames: readonly Frame[],
  env: BindingEnv,
  where: () => ErrorLocation,
): unknown {
  if (bound.binding === null || bound.binding === undefined) return null;
  let parsed: ParsedBinding;
  try {
    parsed = env.parse(bound.binding, bound.source !== null && bound.source !== undefined);
  } catch (error) {
    if (!(error instanceof BindingSyntaxError)) throw error;
    throw new BuildError(`binding syntax: ${error.message} (at column ${error.column + 1})`, where(), {
      code: "E_BINDING_SYNTAX",
    });
  }
  if (parsed.kind === "literal") return parsed.text;
  const name = bound.source as string;
  const source = lookupSource(name, frames, env.route);
  if (!source) {
    throw new BuildError(`unknown source '${name}'`, where(), {
      code: "E_UNKNOWN_SOURCE",
      hint:
        sourceHint(name, frames, env.route) ??
        `the page's sources: ${[...env.route.sources.keys()].join(", ") || "none"}`,
    });
  }
  if (parsed.kind === "expression") return evaluateExpression(parsed.expression, source.value, env.memos);
  let text = "";
  for (const part of parsed.parts) {
    if (typeof part === "string") {
      text += part;
      continue;
    }
    const value = textOf(evaluateExpression(part, source.value, env.memos));
    if (value === null) return null;
    text += value;
  }
  return text;
}
