/**
 * The island components (docs/islands.md): each is rendered by the server inside its marker
 * (templates/ui/island.tsx) and hydrated in the browser by its bundle client/islands/<kind>.tsx
 * with the same props. Island components read nothing but their props (no RenderContext, no
 * Node modules), so the same code runs on both sides.
 */
import type { ComponentType } from "react";
import { MemberMenu, type MemberMenuProps } from "./member-menu.js";
import { Modal, type ModalProps } from "./modal.js";
import { MemberMovieInfo, type MovieInfoProps } from "./movie-info.js";
import { MyPage, type MyPageProps } from "./my-page.js";
import { Reviews, type ReviewsProps } from "./reviews.js";

export interface IslandPropsByKind {
  modal: ModalProps;
  "member-menu": MemberMenuProps;
  "my-page": MyPageProps;
  "movie-info": MovieInfoProps;
  reviews: ReviewsProps;
}

export type IslandKind = keyof IslandPropsByKind;

export const ISLANDS: { [K in IslandKind]: ComponentType<IslandPropsByKind[K]> } = {
  modal: Modal,
  "member-menu": MemberMenu,
  "my-page": MyPage,
  "movie-info": MemberMovieInfo,
  reviews: Reviews,
};
