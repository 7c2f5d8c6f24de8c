// The data cascade's global `films`: every film of the snapshot with its showings and the site.
import { readFloorFilms } from "../../.floor/floor-page.mjs";

export default function () {
  return readFloorFilms(process.env.BENCH_SNAPSHOT);
}
