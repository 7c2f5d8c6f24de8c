/**
 * Local media references (docs/data-format.md "Local media"): a partner without an image CDN
 * names a file of its `media/` folder as 'media:<path>' wherever the data holds an image URL,
 * whole ('media:plakater/plakat-01.jpg', the bindings may append CDN-style parameters) or
 * inside CMS HTML (<img src="media:…">). The build turns each into the site path of its
 * resized, hashed file (plan-media.ts).
 */
const REF = /media:([A-Za-z0-9][A-Za-z0-9/_.-]*\.(?:jpe?g|png|webp|avif|gif|svg))/g;

/**
 * Every media path named in the strings of `value` ('plakater/plakat-01.jpg'), sorted. With a
 * memo (the dev session), the paths under each object of the first levels (the dataset's
 * parts and their records) are kept: a record that did not change is not walked again.
 */
export function collectMediaRefs(value: unknown, memo?: WeakMap<object, readonly string[]>): string[] {
  if (memo) {
    const found = new Set<string>();
    collectWithMemo(value, memo, 0, found);
    return [...found].sort();
  }
  const found = new Set<string>();
  const seen = new WeakSet<object>();
  const visit = (item: unknown): void => {
    if (typeof item === "string") {
      if (item.includes("media:")) for (const match of item.matchAll(REF)) found.add(match[1]);
    } else if (item && typeof item === "object" && !seen.has(item)) {
      seen.add(item);
      if (Array.isArray(item)) for (const inner of item) visit(inner);
      else for (const key in item) if (Object.hasOwn(item, key)) visit((item as Record<string, unknown>)[key]);
    }
  };
  visit(value);
  return [...found].sort();
}

/** Levels of objects whose paths collectMediaRefs keeps in its memo: the dataset, its parts, their records. */
const MEMO_DEPTH = 2;

function collectWithMemo(
  item: unknown,
  memo: WeakMap<object, readonly string[]>,
  depth: number,
  into: Set<string>,
): void {
  if (typeof item === "string") {
    if (item.includes("media:")) for (const match of item.matchAll(REF)) into.add(match[1]);
    return;
  }
  if (!item || typeof item !== "object") return;
  // Looked up at every level (a showing's production was kept as a record of the production list).
  const known = memo.get(item);
  if (known) {
    for (const ref of known) into.add(ref);
    return;
  }
  const inner = Array.isArray(item) ? item : Object.values(item);
  if (depth > MEMO_DEPTH) {
    for (const child of inner) collectWithMemo(child, memo, depth + 1, into);
    return;
  }
  const own = new Set<string>();
  for (const child of inner) collectWithMemo(child, memo, depth + 1, own);
  memo.set(item, [...own]);
  for (const ref of own) into.add(ref);
}

/**
 * `value` with every media reference replaced by `urlOf(path)`. Objects shared inside the
 * value stay shared (a showing's production is the same object as in the production list).
 * `done` (the dev session's, for one set of media URLs) maps each object to its copy across
 * calls: an object seen before is not copied again, and stays shared with the last result.
 */
export function rewriteMediaRefs<T>(
  value: T,
  urlOf: (mediaPath: string) => string,
  done = new WeakMap<object, unknown>(),
): T {
  const map = (item: unknown): unknown => {
    if (typeof item === "string")
      return item.includes("media:") ? item.replace(REF, (_match, mediaPath: string) => urlOf(mediaPath)) : item;
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
    // for…in over own keys: Object.entries makes an array per object of the whole dataset.
    for (const key in item) if (Object.hasOwn(item, key)) copy[key] = map((item as Record<string, unknown>)[key]);
    return copy;
  };
  return map(value) as T;
}
