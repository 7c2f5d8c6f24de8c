import { NextShowing } from "../../templates/islands/next-showing.js";
import { hydrateWith } from "../hydrate.js";

export default hydrateWith(NextShowing);
