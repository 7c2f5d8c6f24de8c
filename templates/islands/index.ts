/**
 * The island components (docs/islands.md): each is rendered by the server inside its marker
 * (templates/ui/island.tsx) and hydrated in the browser by its bundle client/islands/<kind>.tsx
 * with the same props. Island components read nothing but their props (no RenderContext, no
 * Node modules), so the same code runs on both sides.
 */
import type { ComponentType } from "react";
import { Carousel, type CarouselProps } from "./carousel.js";
import { Modal, type ModalProps } from "./modal.js";
import { Search, type SearchProps } from "./search.js";
import { NextShowing, type NextShowingProps } from "./next-showing.js";
import { ProgrammeIsland, type ProgrammeIslandProps } from "./programme.js";
import { ScheduleIsland, type ScheduleIslandProps } from "./schedule.js";
import { TicketListIsland, type TicketListIslandProps } from "./ticket-list.js";
import { TicketIsland, type TicketIslandProps } from "./ticket.js";
import { Newsletter, type NewsletterProps } from "./newsletter.js";
import { MemberMovieInfo, type MovieInfoProps } from "./movie-info.js";
import { MyPage, type MyPageProps } from "./my-page.js";
import { Reviews, type ReviewsProps } from "./reviews.js";

export interface IslandPropsByKind {
  carousel: CarouselProps;
  modal: ModalProps;
  search: SearchProps;
  programme: ProgrammeIslandProps;
  "next-showing": NextShowingProps;
  schedule: ScheduleIslandProps;
  "ticket-list": TicketListIslandProps;
  ticket: TicketIslandProps;
  newsletter: NewsletterProps;
  "my-page": MyPageProps;
  "movie-info": MovieInfoProps;
  reviews: ReviewsProps;
}

export type IslandKind = keyof IslandPropsByKind;

export const ISLANDS: { [K in IslandKind]: ComponentType<IslandPropsByKind[K]> } = {
  carousel: Carousel,
  modal: Modal,
  search: Search,
  programme: ProgrammeIsland,
  "next-showing": NextShowing,
  schedule: ScheduleIsland,
  "ticket-list": TicketListIsland,
  ticket: TicketIsland,
  newsletter: Newsletter,
  "my-page": MyPage,
  "movie-info": MemberMovieInfo,
  reviews: Reviews,
};
