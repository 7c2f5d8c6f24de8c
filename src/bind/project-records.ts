/**
 * Keeps only the record fields a block's template reads (templates/blocks/record-fields.ts), so
 * a route's resolved data, its cache key and the dev session's decision to render it again
 * depend on what the page shows (docs/performance.md: a rebuild after one changed film). Applied to a
 * block's resolved fields after the programme rules, which read fields the template does not
 * (a production's begin, for sorting).
 */
import { BLOCK_RECORD_FIELDS, type ItemFields } from "../../templates/blocks/record-fields.js";

type Fields = Record<string, unknown>;

/** The block's fields with its listings' items projected; a kind without a field list is left as it is. */
export function projectRecords(component: string, fields: Fields): Fields {
  const recordFields = BLOCK_RECORD_FIELDS[component];
  if (!recordFields) return fields;
  const out: Fields = { ...fields };
  for (const [name, item] of Object.entries(recordFields(fields))) {
    if (!Array.isArray(out[name])) continue;
    const items = out[name] as Fields[];
    out[name] = (item.shown ? item.shown(items, fields) : items).map((value) => projectItem(value, item));
  }
  return out;
}

function projectItem(value: unknown, item: ItemFields): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const record = value as Fields;
  const out: Fields = {};
  for (const name of item.fields) if (name in record) out[name] = record[name];
  for (const [name, nested] of Object.entries(item.lists ?? {})) {
    if (Array.isArray(record[name])) out[name] = (record[name] as unknown[]).map((entry) => projectItem(entry, nested));
    else if (name in record) out[name] = record[name];
  }
  return out;
}
