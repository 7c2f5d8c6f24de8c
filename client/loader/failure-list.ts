/**
 * The paths whose resources failed to load (spec 2.1, 8 'Previously detected load failure'):
 * a path on the list is not tried again in the page while online, it becomes a full browser
 * navigation straight away. Paths compare by redirectKey (decoded, trailing slash ignored).
 */
import { pathKey as redirectKey } from "../../src/isomorphic/path-key.js";

export interface FailureList {
  add(path: string): void;
  has(path: string): boolean;
  /** A later successful load (offline, through the service worker) clears the mark. */
  delete(path: string): void;
}

export function createFailureList(): FailureList {
  const failed = new Set<string>();
  return {
    add: (path) => void failed.add(redirectKey(path)),
    has: (path) => failed.has(redirectKey(path)),
    delete: (path) => void failed.delete(redirectKey(path)),
  };
}
