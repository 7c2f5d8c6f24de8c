/**
 * Images never show as broken (docs/rendering.md, Images): an <img> that fails (offline, CDN outage,
 * missing file) gets a designed placeholder in its own box (client/image-placeholder-show.ts).
 * Errors do not bubble, so one capturing listener sees every image, also those inserted later;
 * images that failed before this script ran are found by their state. Only this watcher is in
 * the boot script; the drawing is a chunk loaded on the first failure (client-budget test).
 * A placeholder is a data: URL, which cannot fail, so an image is never handled twice.
 */
import { MESSAGES } from "./loader/constants.js";

function onFailure(image: HTMLImageElement): void {
  import("./image-placeholder-show.js").then(
    ({ showPlaceholder }) => showPlaceholder(image),
    (error: unknown) => console.error(MESSAGES.bundle, error),
  );
}

export function watchImageFailures(doc: Document): void {
  doc.addEventListener("error", (event) => event.target instanceof HTMLImageElement && onFailure(event.target), true);
  for (const image of doc.images) if (image.complete && !image.naturalWidth) onFailure(image);
}
