/**
 * The theme's ':root' rule and the colours derived from it (src/render/theme-tokens.ts).
 * Regression: partner 6161's light theme kept the dark theme's status colours ('Få billetter'
 * #f0b429 on #fbf8f1 at 1.76:1, 'N ledige' #3fb56b at ~2.5:1) and white text on its #0a7 brand (3:1).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { contrastRatio, mixColors, parseColor, type Rgb } from "../../src/render/color.js";
import { themeStyleOf } from "../../src/render/theme-style.js";
import { STYLESHEET_DEFAULTS } from "../../src/render/theme-tokens.js";

const css = readFileSync(new URL("../../templates/styles/site.css", import.meta.url), "utf8");
const rootBlock = /:root\s*\{([^}]*)\}/.exec(css)![1];
const stylesheetValue = (name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(rootBlock)?.[1].trim();

/** The value a page ends up with for a token: the theme rule's, else the stylesheet's default; var() and color-mix() of site.css resolved. */
function tokensOf(colors: { primary?: string; background?: string; text?: string }) {
  const rule = themeStyleOf(colors);
  const declared = new Map(
    rule
      .replace(/^:root\{|\}$/g, "")
      .split(";")
      .filter(Boolean)
      .map((d) => d.split(":") as [string, string]),
  );
  const raw = (name: string) => declared.get(name) ?? stylesheetValue(name)!;
  const resolve = (name: string): Rgb => {
    const value = raw(name);
    const ref = /^var\((--[a-z0-9-]+)\)$/.exec(value);
    if (ref) return resolve(ref[1]);
    const mix = /^color-mix\(in srgb, var\((--[a-z-]+)\) (\d+)%, (var\((--[a-z-]+)\)|#[0-9a-f]+)\)$/.exec(value);
    if (mix) return mixColors(resolve(mix[1]), mix[4] ? resolve(mix[4]) : parseColor(mix[3])!, Number(mix[2]) / 100);
    return parseColor(value)!;
  };
  return { rule, resolve };
}

const LIGHT_6161 = { primary: "#0a7", background: "#fbf8f1", text: "#1d2433" };
const DARK_178 = { primary: "#c8102e", background: "#101418", text: "#f4f4f4" };

function expectReadable(colors: typeof LIGHT_6161) {
  const { resolve } = tokensOf(colors);
  const page = ["--bg", "--surface", "--surface-2", "--header-bg", "--footer-bg"].map(resolve);
  for (const token of ["--ok", "--warn", "--focus", "--muted"]) {
    for (const background of page)
      expect(contrastRatio(resolve(token), background), `${token} on ${background}`).toBeGreaterThanOrEqual(4.5);
  }
  expect(contrastRatio(resolve("--brand-fg"), resolve("--brand")), "text on the brand colour").toBeGreaterThanOrEqual(
    4.5,
  );
  expect(contrastRatio(resolve("--focus-fg"), resolve("--focus")), "the skip link").toBeGreaterThanOrEqual(4.5);
  for (const share of [0.45, 0.6]) {
    for (const background of page.slice(0, 2))
      expect(
        contrastRatio(mixColors(resolve("--brand-ink"), resolve("--fg"), share), background),
      ).toBeGreaterThanOrEqual(4.5);
  }
}

describe("theme colours", () => {
  it("a light theme (partner 6161) gets status, focus and muted colours that read on it", () => {
    expectReadable(LIGHT_6161);
    const { resolve } = tokensOf(LIGHT_6161);
    expect(contrastRatio(resolve("--warn"), parseColor("#fbf8f1")!)).toBeGreaterThan(5);
  });

  it("partner 178's dark theme keeps the stylesheet's colours: the rule is the three theme colours alone", () => {
    expect(themeStyleOf(DARK_178)).toBe(":root{--brand:#c8102e;--bg:#101418;--fg:#f4f4f4}");
    expectReadable(DARK_178);
  });

  it("reaches 4.5:1 on white, black, pale, dark and saturated backgrounds", () => {
    const themes = [
      { primary: "#f5c400", background: "#ffffff", text: "#222222" },
      { primary: "#0057b8", background: "#000000", text: "#ffffff" },
      { primary: "#ff6f61", background: "#eef4ff", text: "#0b1f3a" },
      { primary: "#7cfc00", background: "#1a0b2e", text: "#f0e6ff" },
      { primary: "rgb(0 120 200)", background: "hsl(45 60% 92%)", text: "#2b2b2b" },
    ];
    for (const theme of themes) expectReadable(theme);
  });

  it("only plain colour values reach the rule, and derivation ignores the rest", () => {
    expect(themeStyleOf({ primary: "red;}</style><script>", background: "#fff", text: "#111" })).not.toContain(
      "script",
    );
    expect(themeStyleOf({})).toBe("");
  });

  it("STYLESHEET_DEFAULTS are site.css's :root values", () => {
    expect(stylesheetValue("--brand")).toBe(STYLESHEET_DEFAULTS.brand);
    expect(stylesheetValue("--bg")).toBe(STYLESHEET_DEFAULTS.bg);
    expect(stylesheetValue("--fg")).toBe(STYLESHEET_DEFAULTS.fg);
    expect(stylesheetValue("--ok")).toBe(STYLESHEET_DEFAULTS.ok);
    expect(stylesheetValue("--warn")).toBe(STYLESHEET_DEFAULTS.warn);
    expect(stylesheetValue("--focus")).toBe(STYLESHEET_DEFAULTS.focus);
    expect(stylesheetValue("--focus-fg")).toBe(STYLESHEET_DEFAULTS.focusFg);
    expect(stylesheetValue("--brand-fg")).toBe(STYLESHEET_DEFAULTS.brandFg);
    expect(stylesheetValue("--surface")).toBe("color-mix(in srgb, var(--fg) 6%, var(--bg))");
    expect(stylesheetValue("--surface-2")).toBe("color-mix(in srgb, var(--fg) 11%, var(--bg))");
    expect(stylesheetValue("--muted")).toBe("color-mix(in srgb, var(--fg) 68%, var(--bg))");
  });
});

describe("parseColor", () => {
  it("reads hex, rgb() and hsl() as the stylesheet would", () => {
    expect(parseColor("#0a7")).toEqual([0, 170, 119]);
    expect(parseColor("#00aa77cc")).toEqual([0, 170, 119]);
    expect(parseColor("rgba(0, 170, 119, 0.5)")).toEqual([0, 170, 119]);
    expect(parseColor("rgb(0% 100% 50% / 1)")).toEqual([0, 255, 128]);
    expect(parseColor("hsl(120 100% 25%)")).toEqual([0, 128, 0]);
    expect(parseColor("hsl(0, 0%, 100%)")).toEqual([255, 255, 255]);
    expect(parseColor("red")).toBeNull();
  });
  it("contrast ratios match WCAG's examples", () => {
    expect(contrastRatio([255, 255, 255], [0, 0, 0])).toBeCloseTo(21, 5);
    expect(contrastRatio(parseColor("#f0b429")!, parseColor("#fbf8f1")!)).toBeCloseTo(1.76, 1);
  });
});
