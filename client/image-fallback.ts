/**
 * Images never show as broken (issue 13 item 6a): an <img> that fails (offline, CDN outage,
 * missing file) gets the designed placeholder of client/placeholder-image.ts in its own box.
 * The label is the image's data-fallback attribute (templates/ui/cdn-image.tsx writes the
 * title there; the header logo writes the site name, drawn as type). Errors do not bubble, so
 * one capturing listener sees every image, also those inserted later; images that failed
 * before this script ran are found by their state. The drawing code is its own chunk, loaded
 * on the first failure: the boot script stays small (tests/unit/client-budget.test.ts).
 */
import { MESSAGES } from "./loader/constants.js";
import type { PlaceholderColors, placeholderUrl as PlaceholderUrl } from "./placeholder-image.js";

const DONE = "data-fallback-shown";

/** The theme's colours as the browser resolved them (they may be color-mix() expressions). */
function readThemeColors(): PlaceholderColors {
  const probe = document.createElement("span");
  probe.className = "image-fallback-probe";
  probe.hidden = true;
  document.body.append(probe);
  const style = getComputedStyle(probe);
  const colors = { background: style.backgroundColor, text: style.color, accent: style.borderTopColor };
  probe.remove();
  return colors;
}

let colors: PlaceholderColors | null = null;
let drawing: Promise<typeof PlaceholderUrl> | null = null;

function showPlaceholder(image: HTMLImageElement): void {
  if (image.hasAttribute(DONE) || image.src.startsWith("data:")) return;
  image.setAttribute(DONE, "");
  drawing ??= import("./placeholder-image.js").then((module) => module.placeholderUrl);
  drawing.then((placeholderUrl) => drawPlaceholder(image, placeholderUrl), (error: unknown) => console.error(MESSAGES.bundle, error));
}

function drawPlaceholder(image: HTMLImageElement, placeholderUrl: typeof PlaceholderUrl): void {
  colors ??= readThemeColors();
  const width = Number(image.getAttribute("width")) || image.clientWidth || 300;
  const height = Number(image.getAttribute("height")) || image.clientHeight || 200;
  const label = image.dataset.fallback ?? image.alt.replace(/^Plakat:\s*/, "");
  // The srcset would win over src: drop it, or the browser keeps choosing the failed file.
  image.removeAttribute("srcset");
  image.removeAttribute("sizes");
  image.src = placeholderUrl({ width, height, label, colors, variant: image.dataset.fallbackVariant === "text" ? "text" : "box" });
}

function isBroken(image: HTMLImageElement): boolean {
  return image.complete && image.naturalWidth === 0 && (image.currentSrc !== "" || image.getAttribute("src") !== null);
}

export function watchImageFailures(doc: Document): void {
  doc.addEventListener("error", (event) => {
    if (event.target instanceof HTMLImageElement) showPlaceholder(event.target);
  }, true);
  for (const image of doc.images) if (isBroken(image)) showPlaceholder(image);
}
