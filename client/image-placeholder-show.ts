/**
 * Puts the placeholder of client/placeholder-image.ts into a failed image's own box (docs/rendering.md,
 * Images). The label is the image's data-fallback attribute (templates/ui/cdn-image.tsx
 * writes the title there; the header logo writes the site name, drawn as type). Its own chunk,
 * loaded by client/image-fallback.ts on the first failure.
 */
import { placeholderUrl, type PlaceholderColors } from "./placeholder-image.js";

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

export function showPlaceholder(image: HTMLImageElement): void {
  // An image without a source, or already showing its placeholder, is left alone.
  if (!image.getAttribute("src") || image.src.startsWith("data:")) return;
  colors ??= readThemeColors();
  const width = Number(image.getAttribute("width")) || image.clientWidth || 300;
  const height = Number(image.getAttribute("height")) || image.clientHeight || 200;
  const label = image.dataset.fallback ?? image.alt.replace(/^Plakat:\s*/, "");
  // The srcset would win over src: drop it, or the browser keeps choosing the failed file.
  image.removeAttribute("srcset");
  image.removeAttribute("sizes");
  image.src = placeholderUrl({
    width,
    height,
    label,
    colors,
    variant: image.dataset.fallbackVariant === "text" ? "text" : "box",
  });
}
