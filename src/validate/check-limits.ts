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
    for (const { path, length } of longStrings(value, 20 - errors.length)) {
      const [record, ...field] = path.split(".");
      errors.push(
        new BuildError(
          `the text is ${length.toLocaleString("en")} characters; at most ${MAX_FIELD_CHARS.toLocaleString("en")} are supported`,
          { partner, file: `${origin}/${file}`, record, field: field.join(".") || undefined },
          { code: "E_LIMIT" },
        ),
      );
    }
    if (errors.length >= 20) return errors;
  }
  return errors;
}

/**
 * Paths ('pages[3].blocks[0].data.title') of the first `max` strings longer than the limit.
 * The walk keeps the keys on a stack and spells a path only for a string it reports: a
 * snapshot holds hundreds of thousands of values, and all but a few are within the limit.
 */
function longStrings(value: unknown, max: number): { path: string; length: number }[] {
  const found: { path: string; length: number }[] = [];
  const keys: (string | number)[] = [];
  const walk = (item: unknown): void => {
    if (found.length >= max) return;
    if (typeof item === "string") {
      if (item.length > MAX_FIELD_CHARS) found.push({ path: pathOf(keys), length: item.length });
    } else if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i += 1) {
        keys.push(i);
        walk(item[i]);
        keys.pop();
      }
    } else if (item && typeof item === "object") {
      for (const key in item) {
        if (!Object.hasOwn(item, key)) continue;
        keys.push(key);
        walk((item as Record<string, unknown>)[key]);
        keys.pop();
      }
    }
  };
  walk(value);
  return found;
}

function pathOf(keys: (string | number)[]): string {
  let path = "";
  for (const key of keys) path += typeof key === "number" ? `[${key}]` : path ? `.${key}` : key;
  return path;
}
