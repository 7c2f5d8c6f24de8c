/**
 * The values a filter compares for one record and one dotted property (spec 3.3 "Filters").
 * Arrays met along the way are flattened, so 'advertisementFlags' yields every flag and
 * 'production.features' every feature; an object element that carries a `value` (a feature,
 * an event's advertisement flag) stands for that value. A missing or null value is the empty
 * string, so an exclusion regex such as '^(?!.*(113371|113372)$)' keeps records without one.
 */
export function readValues(record: unknown, steps: readonly string[]): string[] {
  let current: unknown[] = [record];
  for (const step of steps) {
    const next: unknown[] = [];
    for (const value of current) {
      const child = ownProperty(value, step);
      if (Array.isArray(child)) next.push(...child);
      else next.push(child);
    }
    current = next;
  }
  return current.map(toKey);
}

/**
 * Whether `test` passes for some value readValues(record, steps) would give, without building
 * the lists: a page's source filters every showing of the dataset (tens of thousands at a
 * large partner) once per build.
 */
export function someValue(record: unknown, steps: readonly string[], test: (key: string) => boolean): boolean {
  return someFrom(record, steps, 0, test);
}

function someFrom(value: unknown, steps: readonly string[], depth: number, test: (key: string) => boolean): boolean {
  if (depth === steps.length) return test(toKey(value));
  const child = ownProperty(value, steps[depth]);
  if (!Array.isArray(child)) return someFrom(child, steps, depth + 1, test);
  for (const item of child) if (someFrom(item, steps, depth + 1, test)) return true;
  return false;
}

/** An own property of a plain object, never one inherited from its prototype. */
export function ownProperty(value: unknown, key: string): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  return Object.prototype.hasOwnProperty.call(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

function toKey(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") {
    const inner = ownProperty(value, "value");
    return inner === undefined || typeof inner === "object" ? "" : String(inner ?? "");
  }
  return String(value);
}
