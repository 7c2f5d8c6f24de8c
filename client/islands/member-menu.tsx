import { MemberMenu } from "../../templates/islands/member-menu.js";
import { hydrateWith } from "../hydrate.js";

export default hydrateWith(MemberMenu);
