import { MemberMovieInfo } from "../../templates/islands/movie-info.js";
import { hydrateWith } from "../hydrate.js";

export default hydrateWith(MemberMovieInfo);
