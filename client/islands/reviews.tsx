import { Reviews } from "../../templates/islands/reviews.js";
import { hydrateWith } from "../hydrate.js";

export default hydrateWith(Reviews);
