/**
 * Local media references (docs/data-format.md "Local media"): a partner without an image CDN
 * names a file of its `media/` folder as 'media:<path>' wherever the data holds an image URL,
 * whole ('media:plakater/plakat-01.jpg', the bindings may append CDN-style parameters) or
 * inside CMS HTML (<img src="media:…">). The build turns each into the site path of its
 * resized, hashed file (plan-media.ts).
 */
const REF = /media:([A-Za-z0-9][A-Za-z0-9/_.-]*\.(?:jpe?g|png|webp|avif|gif|svg))/g;

/** Every media path named in the strings of `value` ('plakater/plakat-01.jpg'), sorted. */
export function collectMediaRefs(value: unknown): string[] {
  const found = new Set<string>();
  const seen = new WeakSet<object>();
  const visit = (item: unknown): void => {
    if (typeof item === "string") {
      if (item.includes("media:")) for (const match of item.matchAll(REF)) found.add(match[1]);
    } else if (item && typeof item === "object" && !seen.has(item)) {
      seen.add(item);
      for (const inner of Array.isArray(item) ? item : Object.values(item)) visit(inner);
    }
  };
  visit(value);
  return [...found].sort();
}

/**
 * `value` with every media reference replaced by `urlOf(path)`. Objects shared inside the
 * value stay shared (a showing's production is the same object as in the production list).
 */
export function rewriteMediaRefs<T>(value: T, urlOf: (mediaPath: string) => string): T {
  const done = new WeakMap<object, unknown>();
  const map = (item: unknown): unknown => {
    if (typeof item === "string") return item.includes("media:") ? item.replace(REF, (_match, mediaPath: string) => urlOf(mediaPath)) : item;
    if (!item || typeof item !== "object") return item;
    const existing = done.get(item);
    if (existing !== undefined) return existing;
    if (Array.isArray(item)) {
      const copy: unknown[] = [];
      done.set(item, copy);
      for (const inner of item) copy.push(map(inner));
      return copy;
    }
    const copy: Record<string, unknown> = {};
    done.set(item, copy);
    for (const [key, inner] of Object.entries(item)) copy[key] = map(inner);
    return copy;
  };
  return map(value) as T;
}
