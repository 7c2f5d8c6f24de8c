/**
 * How island props travel from the server's render to the browser (docs/islands.md): as JSON
 * in a `<script type="application/json">` right before the island's marker, not in an
 * attribute, where every quote would be `&quot;` (a third of the bytes). Values every island
 * of the page shares (SHARED_PROP_KEYS) are written once, in their own script, before the
 * first island that uses them. Imported by the server (templates/ui/island.tsx) and the
 * browser (client/islands-runtime.ts, the day pages); no React, no Node.
 */
import { ISLAND_ATTRIBUTES as A } from "./island-contract.js";

/**
 * JSON for a script data block. `<` is written `\u003c` (the same string to JSON.parse), so no
 * text in the props can close the script (`</script>`) or open a comment (`<!--`). A data
 * block is never executed, so the page's CSP (script-src without 'unsafe-inline') allows it.
 */
export function serializeIslandJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** The page-level values under root, by key (the first script of each key wins). */
export function readSharedProps(root: ParentNode): Record<string, unknown> {
  const shared: Record<string, unknown> = {};
  for (const script of root.querySelectorAll(`script[${A.shared}]`)) {
    const key = script.getAttribute(A.shared) ?? "";
    if (key && !(key in shared)) shared[key] = JSON.parse(script.textContent ?? "null");
  }
  return shared;
}

/** The props of the island whose marker this is: its own JSON plus the shared values it names. */
export function readIslandProps(marker: Element, shared: Record<string, unknown>): Record<string, unknown> {
  const script = marker.previousElementSibling;
  if (!script || script.tagName !== "SCRIPT" || !script.hasAttribute(A.props)) return {};
  const props = JSON.parse(script.textContent ?? "{}") as Record<string, unknown>;
  for (const key of (script.getAttribute(A.props) ?? "").split(" ")) {
    if (key && !(key in props) && key in shared) props[key] = shared[key];
  }
  return props;
}
