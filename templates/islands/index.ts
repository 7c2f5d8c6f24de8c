/**
 * The island components (docs/islands.md): each is rendered by the server inside its marker
 * (templates/ui/island.tsx) and hydrated in the browser by its bundle client/islands/<kind>.tsx
 * with the same props. Island components read nothing but their props (no RenderContext, no
 * Node modules), so the same code runs on both sides.
 */
import type { ComponentType } from "react";
import { Modal, type ModalProps } from "./modal.js";
import { Search, type SearchProps } from "./search.js";

export interface IslandPropsByKind {
  modal: ModalProps;
  search: SearchProps;
}

export type IslandKind = keyof IslandPropsByKind;

export const ISLANDS: { [K in IslandKind]: ComponentType<IslandPropsByKind[K]> } = {
  modal: Modal,
  search: Search,
};
