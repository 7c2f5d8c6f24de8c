import { ScheduleIsland } from "../../templates/islands/schedule.js";
import { hydrateWith } from "../hydrate.js";

export default hydrateWith(ScheduleIsland);
