import { Modal } from "../../templates/islands/modal.js";
import { hydrateWith } from "../hydrate.js";

export default hydrateWith(Modal);
