import { Carousel } from "../../templates/islands/carousel.js";
import { hydrateWith } from "../hydrate.js";

export default hydrateWith(Carousel);
