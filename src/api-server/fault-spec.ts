import type { FaultRule, ServedEndpoint } from "./faults.js";

/** Endpoint names a `--fault` may start with ('events:500'); without one, every data endpoint. */
export const FAULT_ENDPOINTS: readonly (ServedEndpoint | "*")[] = [
  "site",
  "events",
  "blockData",
  "articles",
  "basicEvents",
  "token",
  "*",
];

/**
 * The `--fault` forms, for `api-server --help` and the `/` listing (docs/data-format.md, One base URL and the local API server). Each is
 * `[endpoint:]fault[-once|xN]`: without an endpoint it hits every data endpoint, without a
 * count it fires on every request.
 */
export const FAULT_FORMS: readonly { form: string; does: string }[] = [
  { form: "500, 503, 404, …", does: "answer with that HTTP status" },
  { form: "429[=seconds]", does: "429 Too Many Requests with Retry-After (default 1 s)" },
  { form: "401", does: "401 Unauthorized whatever the credentials" },
  { form: "revoke-tokens=N", does: "401 for requests carrying one of the first N tokens issued (refresh and retry)" },
  { form: "slow=ms", does: "answer normally after ms milliseconds" },
  { form: "cut-body", does: "200 with the JSON body cut in half" },
  {
    form: "wrong-type=path[:json]",
    does: "200 with the value at a dotted path (events.0.begin) replaced (default 12345, or the JSON given)",
  },
];

export class FaultSpecError extends Error {}

/**
 * One `--fault` argument as a FaultRule: '401-once', 'slow=3000', 'events:503x2',
 * 'token:500', 'blockData:revoke-tokens=1', 'events:wrong-type=events.0.begin'.
 * Throws FaultSpecError with the accepted forms when the text is none of them.
 */
export function parseFaultSpec(text: string): FaultRule {
  let rest = text.trim();
  let endpoint: ServedEndpoint | "*" = "*";
  const colon = /^([A-Za-z*]+):(?!\/)/.exec(rest);
  if (colon && FAULT_ENDPOINTS.includes(colon[1] as ServedEndpoint)) {
    endpoint = colon[1] as ServedEndpoint | "*";
    rest = rest.slice(colon[0].length);
  } else if (colon) {
    throw new FaultSpecError(`unknown endpoint '${colon[1]}' in '${text}' (endpoints: ${FAULT_ENDPOINTS.join(", ")})`);
  }
  let times: number | undefined;
  const count = /(?:-once|x(\d+))$/.exec(rest);
  if (count) {
    times = count[1] === undefined ? 1 : Number(count[1]);
    rest = rest.slice(0, count.index);
    if (!Number.isInteger(times) || times < 1) throw new FaultSpecError(`'${text}': the count must be 1 or more`);
  }
  const kind = faultKind(rest, text);
  return { endpoint, ...(times === undefined ? {} : { times }), ...kind } as FaultRule;
}

type FaultKind = FaultRule extends infer R ? (R extends FaultRule ? Omit<R, "endpoint" | "times"> : never) : never;

function faultKind(body: string, text: string): FaultKind {
  const [name, arg] = splitOnce(body, "=");
  if (/^[45]\d\d$/.test(name)) {
    const status = Number(name);
    if (status === 429) return { kind: "rate-limit", retryAfter: arg === undefined ? 1 : positive(arg, text) };
    if (arg !== undefined) throw new FaultSpecError(`'${text}': a status takes no value`);
    return status === 401 ? { kind: "unauthorized" } : { kind: "status", status };
  }
  if (name === "slow") return { kind: "slow", delayMs: positive(arg, text) };
  if (name === "revoke-tokens") return { kind: "reject-token", tokens: positive(arg, text) };
  if (name === "cut-body" && arg === undefined) return { kind: "malformed-json" };
  if (name === "wrong-type" && arg) return wrongType(arg, text);
  throw new FaultSpecError(
    `unknown fault '${text}'; forms: ${FAULT_FORMS.map((f) => f.form).join("; ")} (prefix 'endpoint:', suffix '-once' or 'xN')`,
  );
}

function wrongType(arg: string, text: string): FaultKind {
  const [pathText, json] = splitOnce(arg, ":");
  const path = pathText
    .split(".")
    .filter((step) => step !== "")
    .map((step) => (/^\d+$/.test(step) ? Number(step) : step));
  if (path.length === 0) throw new FaultSpecError(`'${text}': name the field, e.g. wrong-type=events.0.begin`);
  let value: unknown = 12345;
  if (json !== undefined) {
    try {
      value = JSON.parse(json);
    } catch {
      throw new FaultSpecError(`'${text}': the value after ':' must be JSON, e.g. wrong-type=events.0.begin:"x"`);
    }
  }
  return { kind: "wrong-type", path, value };
}

function positive(arg: string | undefined, text: string): number {
  const value = Number(arg);
  if (arg === undefined || !Number.isInteger(value) || value < 1)
    throw new FaultSpecError(`'${text}': expected a whole number after '=', e.g. slow=3000`);
  return value;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/** The help text's lines for the fault forms. */
export function describeFaultForms(): string {
  const width = Math.max(...FAULT_FORMS.map((f) => f.form.length));
  return [
    "Faults (--fault, repeatable; tried in order): [endpoint:]fault[-once|xN]",
    `  endpoint: ${FAULT_ENDPOINTS.join(", ")} (default *: every data endpoint, not the token)`,
    ...FAULT_FORMS.map((f) => `  ${f.form.padEnd(width)}  ${f.does}`),
    "  Examples: --fault 401-once  --fault slow=3000  --fault events:503x2  --fault token:500",
  ].join("\n");
}
