/**
 * The partner's accessibility configuration (partner.json `accessibility`, docs/data-format.md)
 * applied to the showings: an ad flag the partner labels gets its view where the platform's
 * advertisementFlagsView has none, and a hall's words join every showing in that hall as views
 * of their own ('hall:<n>' flags, which no programme's adFlagsFilter names). The templates read
 * views already (src/isomorphic/showings.ts), so the words show on every listing and filter.
 */
import type { Event } from "../model/index.js";
import type { PartnerConfig } from "../model/partner-schema.js";

type Accessibility = PartnerConfig["accessibility"];
type FlagView = Event["advertisementFlagsView"][number];

/** The event with the partner's labels and its hall's words among its flag views; the same object when none apply. */
export function withAccessibility<T extends Pick<Event, "advertisementFlags" | "advertisementFlagsView" | "location">>(
  event: T,
  accessibility: Accessibility,
): T {
  const views = event.advertisementFlagsView;
  const named = new Set(views.map((view) => view.flag));
  const labelled: FlagView[] = event.advertisementFlags
    .map((flag) => flag.value)
    .filter((flag) => !named.has(flag) && accessibility.adFlags[flag] !== undefined)
    .map((flag) => ({ flag, view: accessibility.adFlags[flag] }));
  const hall = event.location ? (accessibility.halls[event.location.name] ?? []) : [];
  const words: FlagView[] = hall.map((view, index) => ({ flag: `hall:${index + 1}`, view }));
  if (labelled.length === 0 && words.length === 0) return event;
  return { ...event, advertisementFlagsView: [...views, ...labelled, ...words] };
}
