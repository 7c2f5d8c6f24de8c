/**
 * Memos that belong to a build (docs/architecture.md "State"): a `MemoSet` is made by the object
 * that does the work (a renderer, a page resolver, the search records of one build, a render
 * worker's renderer) and dropped with it, so a long-lived process (the dev worker, a test that
 * builds twice) starts each build clean and two builds never see each other's values. Each
 * memoising module declares its kind once (`memoKind`: a name and a bound, no data) and asks the
 * set it is given for its memo; code given no set (the browser, a one-off call) computes.
 *
 * One bounded memo for all of them, lru-cache's LRUCache: least recently used entries go first
 * once `max` is reached (the hand-made memos cleared themselves wholesale at their limits), its
 * get costs about what a Map's does, and it is already a dependency. Values are what the memoised
 * function returned (null included); callers must not mutate them.
 */
import { LRUCache } from "lru-cache";

/** One kind of memo: a name for debugging and the most entries it keeps. Declared once per module. */
export interface MemoKind<K, V> {
  readonly name: string;
  readonly max: number;
  /** Phantom: the key and value types. */
  readonly types?: [K, V];
}

export function memoKind<K, V>(name: string, max: number): MemoKind<K, V> {
  return Object.freeze({ name, max });
}

/** A bounded memo of one function: `get` returns the kept value for `key`, or computes and keeps it. */
export interface BoundedMemo<K, V> {
  get(key: K, compute: (key: K) => V): V;
  readonly size: number;
}

/** null is a value like any other; LRUCache keeps only non-nullish ones. */
const NULL = Symbol("null");

export function createBoundedMemo<K, V>(max: number): BoundedMemo<K, V> {
  const cache = new LRUCache<NonNullable<K>, NonNullable<V> | typeof NULL>({ max });
  return {
    get(key, compute) {
      const kept = cache.get(key as NonNullable<K>);
      if (kept !== undefined) return (kept === NULL ? null : kept) as V;
      const value = compute(key);
      cache.set(key as NonNullable<K>, value === null || value === undefined ? NULL : (value as NonNullable<V>));
      return value;
    },
    get size() {
      return cache.size;
    },
  };
}

/** The memos of one build (or one worker's share of it), by kind, made on first use. */
export interface MemoSet {
  of<K, V>(kind: MemoKind<K, V>): BoundedMemo<K, V>;
  /** A memo of `kind` for one owner object (a function, a catalogue), dropped with the owner or with the set. */
  ofOwner<K, V>(kind: MemoKind<K, V>, owner: object): BoundedMemo<K, V>;
}

export function createMemoSet(): MemoSet {
  const memos = new Map<MemoKind<unknown, unknown>, BoundedMemo<unknown, unknown>>();
  const owned = new Map<MemoKind<unknown, unknown>, WeakMap<object, BoundedMemo<unknown, unknown>>>();
  return {
    of<K, V>(kind: MemoKind<K, V>) {
      let memo = memos.get(kind);
      if (!memo) memos.set(kind, (memo = createBoundedMemo(kind.max)));
      return memo as BoundedMemo<K, V>;
    },
    ofOwner<K, V>(kind: MemoKind<K, V>, owner: object) {
      let byOwner = owned.get(kind);
      if (!byOwner) owned.set(kind, (byOwner = new WeakMap()));
      let memo = byOwner.get(owner);
      if (!memo) byOwner.set(owner, (memo = createBoundedMemo(kind.max)));
      return memo as BoundedMemo<K, V>;
    },
  };
}

/** `compute(key)` through `memos`' memo of `kind`, or directly when there is no set. */
export function memoised<K, V>(memos: MemoSet | undefined, kind: MemoKind<K, V>, key: K, compute: (key: K) => V): V {
  return memos ? memos.of(kind).get(key, compute) : compute(key);
}
