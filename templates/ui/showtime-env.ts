import { useRender } from "../context.js";
import type { ShowtimeEnv } from "./showtime.js";

/** The showtime environment of a server-rendered block: the build's time and the partner's kanal. */
export function useShowtimeEnv(): ShowtimeEnv {
  const { site } = useRender();
  return { nowLocal: site.nowLocal, channel: site.partner.ticketing.channel };
}
