/**
 * The designed stand-in for an image that failed to load (docs/rendering.md, Images): the image's own
 * box (its width and height attributes, so nothing moves) filled with the theme's colours and
 * the title set in it. An SVG data URL, so it replaces the pixels inside whatever frame,
 * object-fit or crop the page's CSS gives the image, and needs no request (CSP allows data:).
 * Pure: the DOM glue is client/image-fallback.ts.
 */
export interface PlaceholderColors {
  /** Fill of the box (the theme's soft brand colour). */
  background: string;
  /** The title's colour (the theme's text colour). */
  text: string;
  /** A thin band at the foot of the box (the theme's brand colour). */
  accent: string;
}

export interface PlaceholderInput {
  width: number;
  height: number;
  /** The title to show; empty for a decorative image (colour alone). */
  label: string;
  colors: PlaceholderColors;
  /** 'text': the label alone on a transparent ground, as a logo set in type. */
  variant?: "box" | "text";
}

const MAX_LINES = 4;
/** Average advance of a bold sans-serif glyph, as a share of the font size. */
const GLYPH = 0.58;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Splits `label` into at most MAX_LINES lines of at most `perLine` characters, words kept whole where they fit. */
export function wrapLabel(label: string, perLine: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of label.trim().split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= perLine || !line) line = next.length > perLine ? `${next.slice(0, perLine - 1)}…` : next;
    else {
      lines.push(line);
      line = word.length > perLine ? `${word.slice(0, perLine - 1)}…` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= MAX_LINES) return lines;
  const kept = lines.slice(0, MAX_LINES);
  kept[MAX_LINES - 1] = `${kept[MAX_LINES - 1].slice(0, perLine - 1)}…`;
  return kept;
}

/** The placeholder as SVG markup of the image's width x height. */
export function placeholderSvg({ width, height, label, colors, variant = "box" }: PlaceholderInput): string {
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  const text = variant === "text";
  // A logo's name fills its height; a poster's or cover's title is sized to the box's width.
  const size = text
    ? Math.round(Math.min(h * 0.5, (w * 0.95) / Math.max(4, label.length) / (GLYPH + 0.04)))
    : Math.max(10, Math.round(Math.min(w / 9, h / 6)));
  const lines = text ? [label] : wrapLabel(label, Math.max(4, Math.floor((w * 0.84) / (size * GLYPH))));
  const lineHeight = Math.round(size * 1.2);
  const top = Math.round(h / 2 - ((lines.length - 1) * lineHeight) / 2 + size * 0.35);
  const x = text ? 0 : Math.round(w / 2);
  const anchor = text ? "start" : "middle";
  const tspans = lines
    .map((line, i) => `<tspan x="${x}" y="${top + i * lineHeight}">${escapeXml(line)}</tspan>`)
    .join("");
  const ground = text
    ? ""
    : `<rect width="${w}" height="${h}" fill="${escapeXml(colors.background)}"/><rect y="${h - Math.max(3, Math.round(h / 60))}" width="${w}" height="${Math.max(3, Math.round(h / 60))}" fill="${escapeXml(colors.accent)}"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${ground}` +
    `<text font-family="system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif" font-weight="700" font-size="${size}" fill="${escapeXml(colors.text)}" text-anchor="${anchor}">${tspans}</text></svg>`
  );
}

/** placeholderSvg as a data: URL for an img's src. */
export function placeholderUrl(input: PlaceholderInput): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(placeholderSvg(input))}`;
}
