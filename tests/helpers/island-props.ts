/**
 * An island's props as the browser runtime reads them (src/isomorphic/island-props.ts): its JSON
 * script plus the page's shared values, on node-html-parser trees (which offer the DOM
 * methods the reader uses).
 */
import type { HTMLElement } from "node-html-parser";
import { readIslandProps, readSharedProps } from "../../src/isomorphic/island-props.js";

export function islandPropsOf(root: HTMLElement, marker: HTMLElement): Record<string, unknown> {
  return readIslandProps(marker as unknown as Element, readSharedProps(root as unknown as ParentNode));
}
