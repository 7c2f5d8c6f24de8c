import { MyPage } from "../../templates/islands/my-page.js";
import { hydrateWith } from "../hydrate.js";

export default hydrateWith(MyPage);
