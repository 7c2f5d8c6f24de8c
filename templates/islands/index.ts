/**
 * The island components (docs/islands.md): each is rendered by the server inside its marker
 * (templates/ui/island.tsx) and hydrated in the browser by its bundle client/islands/<kind>.tsx
 * with the same props. Island components read nothing but their props (no RenderContext, no
 * Node modules), so the same code runs on both sides.
 */
import type { ComponentType } from "react";
import { Modal, type ModalProps } from "./modal.js";
import { NextShowing, type NextShowingProps } from "./next-showing.js";
import { ProgrammeIsland, type ProgrammeIslandProps } from "./programme.js";
import { ScheduleIsland, type ScheduleIslandProps } from "./schedule.js";
import { TicketListIsland, type TicketListIslandProps } from "./ticket-list.js";
import { TicketIsland, type TicketIslandProps } from "./ticket.js";

export interface IslandPropsByKind {
  modal: ModalProps;
  programme: ProgrammeIslandProps;
  "next-showing": NextShowingProps;
  schedule: ScheduleIslandProps;
  "ticket-list": TicketListIslandProps;
  ticket: TicketIslandProps;
}

export type IslandKind = keyof IslandPropsByKind;

export const ISLANDS: { [K in IslandKind]: ComponentType<IslandPropsByKind[K]> } = {
  modal: Modal,
  programme: ProgrammeIsland,
  "next-showing": NextShowing,
  schedule: ScheduleIsland,
  "ticket-list": TicketListIsland,
  ticket: TicketIsland,
};
