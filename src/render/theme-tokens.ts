/**
 * The colours the stylesheet cannot take from the theme as they are: status texts, the focus
 * ring, text on the brand colour, muted text, and the header and footer bands. site.css has
 * defaults made for a dark background (partner 178's); a light theme (partner 6161: background
 * #fbf8f1) needs dark variants, or 'Få billetter' in amber reads at 1.8:1. Each token is chosen
 * here, at build time, to reach WCAG's 4.5:1 against every surface it is drawn on, and only
 * the tokens that differ from the stylesheet's defaults are returned, so a theme the defaults
 * already suit gets the same page as before.
 */
import { BLACK, contrastRatio, mixColors, parseColor, type Rgb, toHex, WHITE } from "./color.js";

/** WCAG 1.4.3 for normal text; the focus ring is held to it too. */
export const MIN_CONTRAST = 4.5;

/** The :root defaults of templates/styles/site.css (a unit test keeps the two the same). */
export const STYLESHEET_DEFAULTS = {
  brand: "#c8102e",
  bg: "#101418",
  fg: "#f4f4f4",
  ok: "#3fb56b",
  warn: "#f0b429",
  focus: "#ffd54a",
  focusFg: "#111",
  brandFg: "#fff",
} as const;

/** Starting points on a light background: the same hues, dark enough to read (then checked). */
const LIGHT_BACKGROUND_STATUS = { ok: "#1a7f37", warn: "#9a4f00", focus: "#1d4ed8" } as const;
const DARK_TEXT: Rgb = [17, 17, 17];

/** site.css mixes of the theme text into the background (--surface, --surface-2, --muted). */
const SURFACE = 0.06;
const SURFACE_2 = 0.11;
const MUTED = 0.68;
/** The smallest share of the brand in the stylesheet's brand-tinted texts is 45%, the largest 60%. */
const BRAND_TEXT_SHARES = [0.45, 0.5, 0.55, 0.6];

export interface ThemeColors {
  primary?: string;
  background?: string;
  text?: string;
}

/** CSS custom properties to add to the theme's ':root' rule, by name. */
export function deriveThemeTokens(colors: ThemeColors): Record<string, string> {
  const bg = parseColor(colors.background ?? "") ?? parseColor(STYLESHEET_DEFAULTS.bg)!;
  const fg = parseColor(colors.text ?? "") ?? parseColor(STYLESHEET_DEFAULTS.fg)!;
  const brand = parseColor(colors.primary ?? "") ?? parseColor(STYLESHEET_DEFAULTS.brand)!;
  const light = contrastRatio(bg, BLACK) > contrastRatio(bg, WHITE);
  // Text sits on the page, on cards (--surface) and on tags and light footers (--surface-2).
  const surfaces = [bg, mixColors(fg, bg, SURFACE), mixColors(fg, bg, SURFACE_2)];
  const tokens: Record<string, string> = {};
  if (light) {
    // Darkened with black, a light page's header and footer become grey bands on which muted text fails.
    tokens["--header-bg"] = "var(--surface)";
    tokens["--footer-bg"] = "var(--surface-2)";
  } else {
    surfaces.push(mixColors(bg, BLACK, 0.85), mixColors(bg, BLACK, 0.8)); // the header and footer bands
  }
  const muted = firstWeight(MUTED, 0.02, (weight) => minContrast(mixColors(fg, bg, weight), surfaces) >= MIN_CONTRAST);
  if (muted !== MUTED) tokens["--muted"] = toHex(mixColors(fg, bg, muted));

  const extreme = light ? BLACK : WHITE;
  for (const name of ["ok", "warn", "focus"] as const) {
    const start = parseColor(light ? LIGHT_BACKGROUND_STATUS[name] : STYLESHEET_DEFAULTS[name])!;
    const value = toHex(readable(start, extreme, surfaces));
    if (value !== toHex(parseColor(STYLESHEET_DEFAULTS[name])!)) tokens[`--${name}`] = value;
  }
  const focus = parseColor(tokens["--focus"] ?? STYLESHEET_DEFAULTS.focus)!;
  if (contrastRatio(focus, WHITE) > contrastRatio(focus, DARK_TEXT)) tokens["--focus-fg"] = "#fff";
  // Buttons and the current day are text on the brand colour.
  if (contrastRatio(brand, WHITE) < MIN_CONTRAST && contrastRatio(brand, DARK_TEXT) > contrastRatio(brand, WHITE))
    tokens["--brand-fg"] = "#111";
  // Links, card labels and premiere notes are the brand mixed into the text colour, on the page or a card.
  const brandText = (ink: Rgb) =>
    Math.min(...BRAND_TEXT_SHARES.map((share) => minContrast(mixColors(ink, fg, share), surfaces.slice(0, 2))));
  if (brandText(brand) < MIN_CONTRAST) {
    const weight = firstWeight(1, -0.02, (share) => brandText(mixColors(brand, fg, share)) >= MIN_CONTRAST);
    tokens["--brand-ink"] = toHex(mixColors(brand, fg, weight));
  }
  return tokens;
}

function minContrast(color: Rgb, backgrounds: Rgb[]): number {
  return Math.min(...backgrounds.map((background) => contrastRatio(color, background)));
}

/** The colour moved towards black or white in 4% steps until it reads on every background (or it is black or white). */
function readable(color: Rgb, extreme: Rgb, backgrounds: Rgb[]): Rgb {
  for (let step = 0; step <= 25; step += 1) {
    const candidate = mixColors(extreme, color, step * 0.04);
    if (minContrast(candidate, backgrounds) >= MIN_CONTRAST) return candidate;
  }
  return extreme;
}

/** The first mixing weight from `start`, in steps of `step` (towards 1 or 0), for which `reads` holds; the last one tried if none does. */
function firstWeight(start: number, step: number, reads: (weight: number) => boolean): number {
  let weight = start;
  while (!reads(weight)) {
    const next = Math.round((weight + step) * 100) / 100;
    if (next > 1 || next < 0) break;
    weight = next;
  }
  return weight;
}
