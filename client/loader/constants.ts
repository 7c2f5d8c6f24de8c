/**
 * The page loader's constants (spec 9) and console messages (spec 8), named once. The
 * messages are the spec's text verbatim; {path} is filled in by formatMessage.
 */
/** Spec 2.1, 9: a load slower than this still navigates, and raises the delayed-load event. */
export const DELAYED_LOAD_MS = 1000;
/** Spec 2.1, 9: online status is judged from the outcome of the last 5 resource loads. */
export const ONLINE_WINDOW = 5;
/** The event dispatched on window when a navigation's resources take over DELAYED_LOAD_MS. */
export const DELAYED_LOAD_EVENT = "cinema:delayed-load";
/** Dispatched on window after a page has been swapped in (detail: { path, data }). */
export const PAGE_LOADED_EVENT = "cinema:page-loaded";

export const MESSAGES = {
  notFound: "A page wasn't found for {path}",
  previousFailure: "Previously detected load failure for {path}",
  resourceFailure: "Loading the component / JSON / Layout for {path} failed",
  bundle: "bundle loading error",
} as const;

export function formatMessage(message: (typeof MESSAGES)[keyof typeof MESSAGES], path: string): string {
  return message.replace("{path}", path);
}
