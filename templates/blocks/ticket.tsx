import { textOf } from "../../src/render/block-fields.js";
import { toShowing } from "../../src/render/showings.js";
import type { BlockProps } from "../context.js";
import { useRender } from "../context.js";
import { BlockSection } from "../ui/block-section.js";
import { availabilityIsland, displayOptionsOf } from "../ui/display-options.js";
import { useShowtimeEnv } from "../ui/showtime-env.js";
import { ShowtimeList } from "../ui/showtime.js";

/** One showing with its purchase link. */
export function TicketBlock({ data, headingLevel }: BlockProps) {
  const { page } = useRender();
  const display = displayOptionsOf(data);
  const env = useShowtimeEnv();
  const showing = toShowing(data);
  const title = textOf(data, "title");
  return (
    <BlockSection title={title} level={headingLevel} className="ticket" extra={availabilityIsland(display, showing ? [showing] : [])}>
      {showing ? <ShowtimeList showings={[showing]} filmTitle={title || page.title || ""} display={display} env={env} /> : <p className="empty">Visningen er ikke lagt ut ennå.</p>}
    </BlockSection>
  );
}
