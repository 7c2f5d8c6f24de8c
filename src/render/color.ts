/**
 * Just enough colour arithmetic to derive the theme's tokens at build time
 * (src/render/theme-tokens.ts): parse the CSS colours a theme may use, WCAG 2 relative
 * luminance and contrast ratio, and `color-mix(in srgb, …)` as the stylesheet computes it.
 */

/** An opaque sRGB colour, channels 0–255. Alpha is ignored: the page has no backdrop to show through. */
export type Rgb = readonly [number, number, number];

export const WHITE: Rgb = [255, 255, 255];
export const BLACK: Rgb = [0, 0, 0];

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTION = /^(rgb|hsl)a?\(\s*([^)]*)\)$/i;

/** '#0a7', '#00aa77cc', 'rgb(0 170 119)', 'rgba(0,170,119,.5)', 'hsl(162 100% 33%)'; null for anything else. */
export function parseColor(value: string): Rgb | null {
  const text = value.trim();
  const hex = HEX.exec(text);
  if (hex) {
    const digits = hex[1].length <= 4 ? [...hex[1]].map((digit) => digit + digit) : hex[1].match(/../g)!;
    return [0, 1, 2].map((i) => parseInt(digits[i], 16)) as unknown as Rgb;
  }
  const call = FUNCTION.exec(text);
  if (!call) return null;
  const parts = call[2]
    .split(/[\s,/]+/)
    .filter(Boolean)
    .slice(0, 3);
  if (parts.length < 3) return null;
  return call[1].toLowerCase() === "rgb" ? rgbOf(parts) : hslOf(parts);
}

function numberOf(part: string, percentOf: number): number {
  const value = parseFloat(part);
  return part.endsWith("%") ? (value / 100) * percentOf : value;
}

function rgbOf(parts: string[]): Rgb | null {
  const channels = parts.map((part) => numberOf(part, 255));
  return channels.every(Number.isFinite) ? (channels.map((c) => clampChannel(c)) as unknown as Rgb) : null;
}

function hslOf(parts: string[]): Rgb | null {
  const hue = ((parseFloat(parts[0]) % 360) + 360) % 360;
  const saturation = Math.min(1, Math.max(0, parseFloat(parts[1]) / 100));
  const lightness = Math.min(1, Math.max(0, parseFloat(parts[2]) / 100));
  if (![hue, saturation, lightness].every(Number.isFinite)) return null;
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return clampChannel(255 * (lightness - (chroma / 2) * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [channel(0), channel(8), channel(4)];
}

function clampChannel(value: number): number {
  return Math.min(255, Math.max(0, Math.round(value)));
}

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(color: Rgb): number {
  const [r, g, b] = color.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** `color-mix(in srgb, a <weight * 100>%, b)`. */
export function mixColors(a: Rgb, b: Rgb, weight: number): Rgb {
  return [0, 1, 2].map((i) => clampChannel(a[i] * weight + b[i] * (1 - weight))) as unknown as Rgb;
}

export function toHex(color: Rgb): string {
  return `#${color.map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
}
