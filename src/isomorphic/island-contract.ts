/**
 * The contract between the server's island markers (templates/ui/island.tsx) and the browser
 * runtime (client/islands-runtime.ts). Imported by both sides; no React, no Node.
 */
export const ISLAND_ATTRIBUTES = {
  /** The island kind: one bundle per kind (client/islands/<kind>.tsx). */
  kind: "data-island",
  /** The content-hashed URL of that bundle. */
  src: "data-island-src",
  /**
   * On the `<script type="application/json">` right before the marker: the island's own JSON
   * props (the component renders the same markup from them on both sides). Its value names the
   * page-level values the props take from the page (SHARED_PROP_KEYS), space-separated.
   */
  props: "data-island-props",
  /** On a `<script type="application/json">` holding one page-level value (its key) of SHARED_PROP_KEYS. */
  shared: "data-island-shared",
  /** identifierPrefix of the island's own React root, so useId matches on both sides. */
  id: "data-island-id",
  /** Hydration strategy: load (default), idle, visible or interaction. */
  when: "data-island-when",
  /** Set by the runtime while the bundle loads, and once hydrated. */
  pending: "data-island-pending",
  hydrated: "data-island-hydrated",
} as const;

/**
 * Props that are the same for every island of a build (the live clock and settings, the member
 * service): written once per page, not once per island (docs/performance.md: a film page carried the
 * member service's 0.6 KB twice).
 */
export const SHARED_PROP_KEYS = ["live", "service", "clock"] as const;

export type IslandWhen = "load" | "idle" | "visible" | "interaction";

/**
 * The default export of every island bundle: reads the element's props (src/isomorphic/island-props.ts:
 * in the island's bundle, so the boot script of a page without islands does not carry the
 * reader), hydrates the element, returns its unmount.
 */
export type IslandMount = (element: HTMLElement, identifierPrefix: string) => () => void;
