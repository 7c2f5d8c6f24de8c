/**
 * The contract between the server's island markers (templates/ui/island.tsx) and the browser
 * runtime (client/islands-runtime.ts). Imported by both sides; no React, no Node.
 */
export const ISLAND_ATTRIBUTES = {
  /** The island kind: one bundle per kind (client/islands/<kind>.tsx). */
  kind: "data-island",
  /** The content-hashed URL of that bundle. */
  src: "data-island-src",
  /** JSON props; the component renders the same markup from them on both sides. */
  props: "data-island-props",
  /** identifierPrefix of the island's own React root, so useId matches on both sides. */
  id: "data-island-id",
  /** Hydration strategy: load (default), idle, visible or interaction. */
  when: "data-island-when",
  /** Set by the runtime while the bundle loads, and once hydrated. */
  pending: "data-island-pending",
  hydrated: "data-island-hydrated",
} as const;

export type IslandWhen = "load" | "idle" | "visible" | "interaction";

/** The default export of every island bundle: hydrates the element, returns its unmount. */
export type IslandMount = (element: HTMLElement, props: unknown, identifierPrefix: string) => () => void;
