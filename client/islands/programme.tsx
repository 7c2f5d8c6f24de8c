import { ProgrammeIsland } from "../../templates/islands/programme.js";
import { hydrateWith } from "../hydrate.js";

export default hydrateWith(ProgrammeIsland);
