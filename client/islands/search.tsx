import { Search } from "../../templates/islands/search.js";
import { hydrateWith } from "../hydrate.js";

export default hydrateWith(Search);
