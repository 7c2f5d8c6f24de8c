/**
 * The documented input limits (src/validate/limits.ts) over the validated answers: records
 * per collection and characters per text field, each error naming file, record and field.
 * Runs on snapshot and API data alike, before anything is linked or rendered.
 */
import { BuildError } from "../errors/index.js";
import { MAX_FIELD_CHARS, MAX_RECORDS } from "./limits.js";
import type { RawPartnerData } from "../model/index.js";

/** Errors for every collection above its limit and every text field above MAX_FIELD_CHARS (first 20). */
export function checkLimits(raw: RawPartnerData, partner: number, origin: string): BuildError[] {
  const errors: BuildError[] = [];
  const collections: [keyof typeof MAX_RECORDS, string, unknown[]][] = [
    ["pages", "site.json", raw.site.pages],
    ["productions", "events.json", raw.events.productions],
    ["events", "events.json", raw.events.events],
    ["blockData", "block-data.json", raw.blockData],
    ["articles", "articles.json", raw.articles],
  ];
  for (const [name, file, records] of collections) {
    if (records.length > MAX_RECORDS[name]) {
      errors.push(
        new BuildError(
          `${records.length} ${name}; at most ${MAX_RECORDS[name]} are supported`,
          { partner, file: `${origin}/${file}`, field: name },
          { code: "E_LIMIT" },
        ),
      );
    }
  }
  const files: [string, unknown][] = [
    ["site.json", raw.site],
    ["events.json", raw.events],
    ["block-data.json", raw.blockData],
    ["articles.json", raw.articles],
  ];
  for (const [file, value] of files) {
    for (const { path, length } of longStrings(value, "")) {
      if (errors.length >= 20) return errors;
      const [record, ...field] = path.split(".");
      errors.push(
        new BuildError(
          `the text is ${length.toLocaleString("en")} characters; at most ${MAX_FIELD_CHARS.toLocaleString("en")} are supported`,
          { partner, file: `${origin}/${file}`, record, field: field.join(".") || undefined },
          { code: "E_LIMIT" },
        ),
      );
    }
  }
  return errors;
}

/** Paths ('pages[3].blocks[0].data.title') of every string longer than the limit. */
function* longStrings(value: unknown, at: string): Generator<{ path: string; length: number }> {
  if (typeof value === "string") {
    if (value.length > MAX_FIELD_CHARS) yield { path: at, length: value.length };
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) yield* longStrings(value[i], `${at}[${i}]`);
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) yield* longStrings(item, at ? `${at}.${key}` : key);
  }
}
