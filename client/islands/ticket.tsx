import { TicketIsland } from "../../templates/islands/ticket.js";
import { hydrateWith } from "../hydrate.js";

export default hydrateWith(TicketIsland);
