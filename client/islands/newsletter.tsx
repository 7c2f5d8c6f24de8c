import { Newsletter } from "../../templates/islands/newsletter.js";
import { hydrateWith } from "../hydrate.js";

export default hydrateWith(Newsletter);
