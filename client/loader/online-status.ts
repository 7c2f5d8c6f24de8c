/**
 * Spec 2.1, 9: the browser counts as online from the outcome of the last ONLINE_WINDOW
 * resource loads: online while navigator.onLine holds and at least one of those loads
 * succeeded (or fewer than ONLINE_WINDOW have been seen: no evidence against it yet). One
 * failed JSON among good loads is a broken file on a working network: online, so the loader
 * falls back to a full navigation; a run of failures means the network is gone.
 */
import { ONLINE_WINDOW } from "./constants.js";

export interface LoadOutcomes {
  record(succeeded: boolean): void;
  isOnline(navigatorOnLine?: boolean): boolean;
  /** The outcomes kept, oldest first (for tests and debugging). */
  recent(): readonly boolean[];
}

export function createLoadOutcomes(size = ONLINE_WINDOW): LoadOutcomes {
  const outcomes: boolean[] = [];
  return {
    record(succeeded) {
      outcomes.push(succeeded);
      if (outcomes.length > size) outcomes.shift();
    },
    isOnline(navigatorOnLine = true) {
      if (!navigatorOnLine) return false;
      return outcomes.length < size || outcomes.some(Boolean);
    },
    recent: () => outcomes.slice(),
  };
}
