/**
 * Parser of the binding language (docs/bindings.md). A binding string is parsed once and
 * cached by the resolver; evaluation never re-parses.
 *
 *   binding    = literal | expression | template
 *   expression = path { "??" path } { "|" filter }
 *   path       = "@" [ name ] { "." name | "[" digits "]" | "[" name "=" text "]" }
 *   filter     = name [ ":" argument ]
 *   template   = text with "{" expression "}" parts
 */
import { checkImageParams } from "./image-params.js";

export type PathStep =
  { kind: "key"; name: string } | { kind: "index"; index: number } | { kind: "match"; key: string; value: string };

const FILTER_NAMES = ["image", "join", "text", "truncate"] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

export interface FilterCall {
  name: FilterName;
  /** Text after ':' (verbatim for join, trimmed otherwise), or null. */
  arg: string | null;
}

export interface Expression {
  /** The expression as written, for error messages. */
  text: string;
  path: PathStep[];
  /** Paths after '??', tried in order while the value so far is missing or empty text. */
  fallbacks: PathStep[][];
  filters: FilterCall[];
}

export type ParsedBinding =
  | { kind: "literal"; text: string }
  | { kind: "expression"; expression: Expression }
  | { kind: "template"; parts: (string | Expression)[] };

/** A syntax error; `column` is 0-based in the binding string. */
export class BindingSyntaxError extends Error {
  constructor(
    message: string,
    readonly column: number,
  ) {
    super(message);
  }
}

/**
 * `source` null: literal text. Otherwise text starting with '@' is an expression, and any other
 * text a template whose '{@…}' parts are expressions (text without them stays literal).
 */
export function parseBinding(binding: string, hasSource: boolean): ParsedBinding {
  if (!hasSource) return { kind: "literal", text: binding };
  // Only leading space is dropped: a trailing join separator (', ') is part of the expression.
  const trimmed = binding.trimStart();
  if (trimmed.startsWith("@"))
    return { kind: "expression", expression: parseExpression(trimmed, binding.length - trimmed.length) };
  if (!binding.includes("{@")) return { kind: "literal", text: binding };
  return { kind: "template", parts: parseTemplate(binding) };
}

function parseTemplate(binding: string): (string | Expression)[] {
  const parts: (string | Expression)[] = [];
  let at = 0;
  while (at < binding.length) {
    const open = binding.indexOf("{@", at);
    if (open < 0) {
      parts.push(binding.slice(at));
      break;
    }
    if (open > at) parts.push(binding.slice(at, open));
    const close = binding.indexOf("}", open);
    if (close < 0) throw new BindingSyntaxError("'{@' is not closed by '}'", open);
    parts.push(parseExpression(binding.slice(open + 1, close).trim(), open + 1));
    at = close + 1;
  }
  return parts;
}

/** Parses '@path | filter:arg | …'. `offset` places error columns in the whole binding. */
export function parseExpression(text: string, offset = 0): Expression {
  const [pathText, ...filterTexts] = text.split("|");
  const [first, ...rest] = pathText.split("??");
  const path = parsePath(first.trim(), offset);
  let pathColumn = offset + first.length + 2;
  const fallbacks = rest.map((alternative) => {
    const steps = parsePath(alternative.trim(), pathColumn + (alternative.length - alternative.trimStart().length));
    pathColumn += alternative.length + 2;
    return steps;
  });
  let column = offset + pathText.length + 1;
  const filters = filterTexts.map((part, i) => {
    const call = parseFilter(part, column, i === filterTexts.length - 1);
    column += part.length + 1;
    return call;
  });
  return { text, path, fallbacks, filters };
}

const NAME = /^[A-Za-z_$][\w$-]*/;

function parsePath(text: string, offset: number): PathStep[] {
  if (!text.startsWith("@")) throw new BindingSyntaxError(`an expression starts with '@', found '${text}'`, offset);
  const steps: PathStep[] = [];
  let rest = text.slice(1);
  let first = true;
  while (rest.length > 0) {
    const column = offset + text.length - rest.length;
    if (rest.startsWith("[")) {
      const close = rest.indexOf("]");
      if (close < 0) throw new BindingSyntaxError("'[' is not closed by ']'", column);
      steps.push(parseBracket(rest.slice(1, close), column));
      rest = rest.slice(close + 1);
    } else {
      if (!first) {
        if (!rest.startsWith("."))
          throw new BindingSyntaxError(`expected '.', '[' or '|' but found '${rest[0]}'`, column);
        rest = rest.slice(1);
      }
      const name = NAME.exec(rest)?.[0];
      if (!name)
        throw new BindingSyntaxError(
          `expected a property name after '${text.slice(0, text.length - rest.length)}'`,
          column,
        );
      steps.push({ kind: "key", name });
      rest = rest.slice(name.length);
    }
    first = false;
  }
  return steps;
}

function parseBracket(inner: string, column: number): PathStep {
  if (/^\d+$/.test(inner.trim())) return { kind: "index", index: Number(inner.trim()) };
  const eq = inner.indexOf("=");
  const key = inner.slice(0, eq).trim();
  if (eq < 0 || !NAME.test(key) || NAME.exec(key)?.[0] !== key) {
    throw new BindingSyntaxError(
      `'[${inner}]' is neither an index like [0] nor a match like [type=first_image]`,
      column,
    );
  }
  return { kind: "match", key, value: inner.slice(eq + 1).trim() };
}

function checkFilterArgument(name: FilterName, arg: string): string | undefined {
  if (name === "truncate" && !/^[1-9]\d*$/.test(arg))
    return `truncate needs a positive number of characters, found '${arg}'`;
  if (name === "image") {
    const problems = checkImageParams(arg);
    if (problems.length > 0) return `invalid image parameters: ${problems.join("; ")}`;
  }
  return undefined;
}

function parseFilter(part: string, column: number, last: boolean): FilterCall {
  const colon = part.indexOf(":");
  const name = (colon < 0 ? part : part.slice(0, colon)).trim();
  if (!(FILTER_NAMES as readonly string[]).includes(name)) {
    throw new BindingSyntaxError(`unknown filter '${name}' (filters: ${FILTER_NAMES.join(", ")})`, column);
  }
  if (colon < 0) return { name: name as FilterName, arg: null };
  const raw = part.slice(colon + 1);
  // join's separator is taken as written (', '); before another filter its last space is the
  // space before '|'.
  const arg = name === "join" ? (last ? raw : raw.replace(/ $/, "")) : raw.trim();
  const problem = checkFilterArgument(name as FilterName, arg);
  if (problem) throw new BindingSyntaxError(problem, column);
  return { name: name as FilterName, arg };
}
