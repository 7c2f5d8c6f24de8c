import { TicketListIsland } from "../../templates/islands/ticket-list.js";
import { hydrateWith } from "../hydrate.js";

export default hydrateWith(TicketListIsland);
