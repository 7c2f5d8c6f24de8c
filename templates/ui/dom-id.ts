/**
 * An element id from React's useId that is a plain name: React writes ids like '_R_3r_',
 * which html-validate's valid-id rule rejects (an id should start with a letter, and CSS
 * selectors then need no escaping). Same tree, same ids, so the bytes stay deterministic.
 */
import { useId } from "react";

export function useDomId(prefix = "id"): string {
  return `${prefix}-${useId().replace(/[^A-Za-z0-9]/g, "")}`;
}
